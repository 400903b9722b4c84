// One jest worker's shared part of the product, in a process of its own (run with tsx; started by
// support/stack.ts the first time a journey file of the worker asks for the stack).
//
// Each journey file used to start the whole product and a Chromium of its own, and stop them at its
// end: 3 tsx services, 7 static servers and a browser, 22 times. Only the api and the sandbox hold
// what one file does (its DATA_DIR; the CRM's records, tokens and knobs), so here:
// - crm-sandbox, host-sim and the 7 frontends start once per worker and stay; every lease puts the
//   sandbox back to its seed through its own `/__admin/reset` (records, tokens, knobs, counters,
//   webhooks) and brings back any frontend a file stopped. host-sim keeps nothing a file changes
//   (its chats are read-only to the journeys; the api, restarted, fetches its keys again);
// - the api starts per lease, on a fresh DATA_DIR with the file's environment, and stops at release:
//   a file sees exactly the api it saw when it started the whole product itself;
// - one Chromium (a playwright browser server) serves the worker's files; a file connects, and its
//   `browser.close()` closes the contexts it opened and disconnects.
// The process ends with the process that started it (the jest worker, or jest itself in band), and
// stops everything it started on the way out.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import {
  FRONTENDS,
  startStack,
  type ServiceName,
  type Stack,
} from '../../../../tools/scripts/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { E2E_PORTS, WORLD_PORT, type WorldLease } from './stack';

const SHARED: ServiceName[] = ['crm-sandbox', 'host-sim', ...FRONTENDS];

/**
 * The sandbox's largest page size for every journey: 50. RD documents a default (20) and no
 * maximum, so a CRM that refuses the api's 100 is a reading as good as one that takes it, and the
 * stricter one: every journey goes through the api's page-size step-down (100 → 50), remembered
 * per tenant, instead of one run proving it. The sandbox's reset keeps the knobs it started with,
 * so each file meets the cap. `SANDBOX_MAX_PAGE_SIZE` in the environment runs the suite on
 * another cap (`0`: none).
 */
const SANDBOX_PAGE_CAP = process.env.SANDBOX_MAX_PAGE_SIZE ?? '50';

const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-e2e-world-'));
let base: Stack | undefined;
let browserServer: BrowserServer | undefined;
let lease: { api: Stack; dataDir: string } | undefined;

async function release(): Promise<void> {
  const current = lease;
  lease = undefined;
  if (!current) return;
  await current.api.stop();
  fs.rmSync(current.dataDir, { recursive: true, force: true });
}

async function acquire(env: Record<string, string>): Promise<WorldLease> {
  // A file that ended without releasing (a crash in its beforeAll) leaves nothing behind.
  await release();
  const shared = started(base);
  for (const name of SHARED) if (!shared.isRunning(name)) await shared.startService(name);
  const reset = await fetch(`http://127.0.0.1:${E2E_PORTS['crm-sandbox']}/__admin/reset`, {
    method: 'POST',
  });
  if (!reset.ok) throw new Error(`crm-sandbox /__admin/reset: ${reset.status}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-e2e-'));
  const api = await startStack({
    ports: E2E_PORTS,
    quiet: true,
    services: ['api'],
    // Journeys open many browser contexts a minute, each earning its own session; the limit
    // itself is proven in the api's tests.
    env: { DATA_DIR: dataDir, SESSION_STARTS_PER_MINUTE: '100000', ...env },
  });
  lease = { api, dataDir };
  return { dataDir };
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('o mundo ainda não começou');
  return value;
}

/** The stack a service belongs to: the lease's api, or the shared part. */
function owner(name: ServiceName): Stack {
  if (name !== 'api') return started(base);
  if (!lease) throw new Error('api sem empréstimo: peça a pilha primeiro (POST /lease)');
  return lease.api;
}

let stopping: Promise<void> | undefined;
function shutdown(code = 0): Promise<void> {
  stopping ??= (async () => {
    await release().catch(() => undefined);
    await base?.stop().catch(() => undefined);
    await browserServer?.close().catch(() => undefined);
    fs.rmSync(baseDir, { recursive: true, force: true });
    control.close();
    process.exit(code);
  })();
  return stopping;
}

async function answer(method: string, url: string, body: string): Promise<unknown> {
  const service = /^\/services\/([\w-]+)(?:\/(start|stop))?$/.exec(url);
  if (method === 'GET' && url === '/health') {
    if (!base || !browserServer) throw Object.assign(new Error('iniciando'), { status: 503 });
    return {};
  }
  if (method === 'GET' && url === '/browser') {
    return { wsEndpoint: started(browserServer).wsEndpoint() };
  }
  if (method === 'POST' && url === '/lease') {
    const { env = {} } = JSON.parse(body || '{}') as { env?: Record<string, string> };
    return acquire(env);
  }
  if (method === 'POST' && url === '/release') return release().then(() => ({}));
  if (method === 'POST' && service?.[2]) {
    const name = service[1] as ServiceName;
    await (service[2] === 'start' ? owner(name).startService(name) : owner(name).stopService(name));
    return {};
  }
  if (method === 'POST' && url === '/shutdown') {
    setImmediate(() => void shutdown());
    return {};
  }
  throw Object.assign(new Error(`${method} ${url}: rota desconhecida`), { status: 404 });
}

const control = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    answer(request.method ?? 'GET', request.url ?? '/', body).then(
      (result) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(result));
      },
      (error: Error & { status?: number }) => {
        response.writeHead(error.status ?? 500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(error.message);
      },
    );
  });
});

async function main(): Promise<void> {
  // The process that asked for this one (a jest worker; tsx's own process stands between them)
  // gone: nobody will release or shut down.
  const parent = Number(process.env.E2E_WORLD_PARENT);
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void shutdown();
    }
  }, 500);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => void shutdown());
  }
  await new Promise<void>((resolve) => control.listen(WORLD_PORT, '127.0.0.1', resolve));
  [base, browserServer] = await Promise.all([
    startStack({
      ports: E2E_PORTS,
      quiet: true,
      services: SHARED,
      env: { DATA_DIR: baseDir, SANDBOX_MAX_PAGE_SIZE: SANDBOX_PAGE_CAP },
    }),
    chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      host: '127.0.0.1',
    }),
  ]);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  void shutdown(1);
});
