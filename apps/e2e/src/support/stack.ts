import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  portsWithOffset,
  setupCodeOf,
  waitForHttp,
  type ServiceName,
  type Stack,
} from '../../../../tools/scripts/stack';

/**
 * Journeys run on ports shifted by 1000 (E2E_PORT_OFFSET to change it, e.g. for two runs at
 * once), so a running `npm start` is never in the way. Each jest worker adds 20 more
 * (JEST_WORKER_ID 1, 2, …), so two journeys running at once never share a port.
 */
export const E2E_PORTS = portsWithOffset(
  Number(process.env.E2E_PORT_OFFSET ?? 1000) + (Number(process.env.JEST_WORKER_ID ?? 1) - 1) * 20,
);

/** The worker's shared world (support/worldServer.ts) answers here: free in the worker's band. */
export const WORLD_PORT = E2E_PORTS.shell + 10;

/** What the world lends a journey file: its own api, whose data folder this is. */
export interface WorldLease {
  dataDir: string;
}

const WORLD_URL = `http://127.0.0.1:${WORLD_PORT}`;

async function askWorld<T>(route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${WORLD_URL}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`mundo ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The worker's world, started by the first journey file that needs it. It runs apart (detached,
 * its output in a log file) so the worker exits when jest is done with it; the world then sees
 * its parent gone and stops everything it started.
 */
export async function worldStarted(): Promise<void> {
  let answering = false;
  try {
    if ((await fetch(`${WORLD_URL}/health`)).ok) return;
    answering = true;
  } catch {
    // nobody listens: start it below
  }
  if (answering) {
    // Still starting (503): a file before this one started it and gave up waiting. A second world
    // would find the port taken and fail this file too; wait for the one there.
    await waitForHttp(`${WORLD_URL}/health`, { timeoutMs: 120_000 });
    return;
  }
  const log = path.join(os.tmpdir(), `crm-panel-e2e-world-${WORLD_PORT}.log`);
  const out = fs.openSync(log, 'w');
  const root = path.resolve(__dirname, '../../../..');
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'worldServer.ts')],
    {
      cwd: root,
      env: { ...process.env, E2E_WORLD_PARENT: String(process.pid) },
      detached: true,
      stdio: ['ignore', out, out],
    },
  );
  fs.closeSync(out);
  child.unref();
  try {
    await waitForHttp(`${WORLD_URL}/health`, { timeoutMs: 120_000, child });
  } catch (error) {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-4000) : '';
    throw new Error(`o mundo do worker não iniciou: ${(error as Error).message}\n${tail}`, {
      cause: error,
    });
  }
}

/** The Chromium every journey file of this worker shares (support/browser.ts connects to it). */
export async function sharedBrowserEndpoint(): Promise<string> {
  await worldStarted();
  return (await askWorld<{ wsEndpoint: string }>('/browser')).wsEndpoint;
}

/**
 * The whole product for one journey file: the worker's sandbox (back to its seed), host-sim and
 * frontends, and an api of its own on a fresh SQLite file (or the database `env.DATABASE_URL`
 * names). `env` goes to the api, on every start of it. `stop` stops that api, removes its data
 * folder and gives the rest back to the worker's next file.
 */
export async function startE2eStack(
  env: Record<string, string> = {},
): Promise<Stack & { dataDir: string }> {
  await worldStarted();
  const { dataDir } = await askWorld<WorldLease>('/lease', { env });
  // Services this file stopped; the world starts them again for the next file.
  const stopped = new Set<ServiceName>();
  return {
    ports: E2E_PORTS,
    dataDir,
    // The operator's setup code of tenant-beta, in the tenants file the lease's api reads.
    setupCodes: { 'tenant-beta': setupCodeOf(dataDir, 'tenant-beta') },
    url: (name) => `http://localhost:${E2E_PORTS[name]}`,
    startService: async (name) => {
      await askWorld(`/services/${name}/start`, {});
      stopped.delete(name);
    },
    stopService: async (name) => {
      await askWorld(`/services/${name}/stop`, {});
      stopped.add(name);
    },
    isRunning: (name) => !stopped.has(name),
    stop: async () => {
      await askWorld('/release', {});
    },
  };
}

export type { Stack, ServiceName };
