import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_PORTS, startE2eStack, type Stack } from './stack';

/** One request the api sent to the CRM's v2 root, as the tap saw it. */
export interface CrmCall {
  method: string;
  /** Path and query under the sandbox, e.g. `/crm/v2/deals/abc/notes?page%5Bsize%5D=200`. */
  url: string;
  /** The CRM's status; 0 while unanswered or when the api gave up first. */
  status: number;
}

/**
 * A transparent HTTP tap between the api and the sandbox's `/crm/v2`: the sandbox has knobs but
 * no request log, and "no request storm" has to be counted on the wire.
 */
export interface CrmTap {
  url: string;
  calls: CrmCall[];
  /** Calls whose path (query left out) is `pathname`, from `since` on (an index of `calls`). */
  to(method: string, pathname: string, since?: number): CrmCall[];
  close(): Promise<void>;
}

export async function startCrmTap(upstreamPort: number): Promise<CrmTap> {
  const calls: CrmCall[] = [];
  const server = http.createServer((req, res) => {
    const call: CrmCall = { method: req.method ?? 'GET', url: req.url ?? '/', status: 0 };
    calls.push(call);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        call.status = answer.statusCode ?? 0;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"errors":[]}');
    });
    // The api gave up (its 10 s timeout): the CRM's late answer has nowhere to go.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    to: (method, pathname, since = 0) =>
      calls.slice(since).filter((c) => c.method === method && c.url.split('?')[0] === pathname),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The whole product on a fresh SQLite file (as startE2eStack), with the api's CRM v2 calls
 * going through a tap. The tap outlives api restarts: startService('api') keeps the same env.
 */
export async function startFaultsStack(): Promise<{ stack: Stack; tap: CrmTap }> {
  const tap = await startCrmTap(E2E_PORTS['crm-sandbox']);
  let stack: Stack;
  try {
    // Each fault is watched reaching the CRM: a record the api keeps fresh for its CRM user would
    // answer a re-read without the CRM, so these journeys keep none.
    stack = await startE2eStack({ CRM_BASE_URL: `${tap.url}/crm/v2`, CRM_RECORD_FRESH_MS: '0' });
  } catch (error) {
    await tap.close();
    throw error;
  }
  return {
    tap,
    stack: {
      ...stack,
      stop: async () => {
        await stack.stop();
        await tap.close();
      },
    },
  };
}

export interface Knobs {
  latencyMs: number;
  errorRate: number;
  rateLimitPerMinute: number;
  maxPageSize: number;
  /** Above maxPageSize: a 400 naming `page[size]`, or a page of maxPageSize and no error. */
  pageSizeOverCap: 'refuse' | 'clamp';
}

/** The sandbox's admin endpoints (tools/crm-sandbox/README.md, "Knobs and admin endpoints"). */
export class SandboxAdmin {
  constructor(private readonly stack: Stack) {}

  private async send(method: string, route: string, body?: unknown): Promise<unknown> {
    const response = await fetch(
      `http://127.0.0.1:${this.stack.ports['crm-sandbox']}/__admin/${route}`,
      {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    if (!response.ok) throw new Error(`sandbox ${route}: ${response.status}`);
    return response.json();
  }

  setKnobs(knobs: Partial<Knobs>): Promise<unknown> {
    return this.send('PUT', 'knobs', knobs);
  }

  async knobs(): Promise<Knobs> {
    return (await this.send('GET', 'knobs')) as Knobs;
  }

  /** The next `count` CRM requests answer `status` (0 clears it). */
  force(status: number, count: number): Promise<unknown> {
    return this.send('POST', 'force', { status, count });
  }

  /** Back to a healthy CRM without touching data or tokens (`/__admin/reset` would drop both). */
  async heal(): Promise<void> {
    await this.force(500, 0);
    await this.setKnobs({ latencyMs: 0, errorRate: 0, rateLimitPerMinute: 120 });
  }
}
