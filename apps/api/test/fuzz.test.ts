// Hostile input against every route of the OpenAPI document: random and
// broken bodies, queries and headers must never get a 5xx, never crash the app, and every 4xx
// must be a JSON { message } in pt-BR. FUZZ_RUNS and FUZZ_SEED (env) deepen or replay a run.
import fc from 'fast-check';
import { type FuzzIdentities, type FuzzRequest, requestArb } from './support/fuzzArbitraries';
import { type FuzzChatHost, startFuzzChatHost } from './support/fuzzChatHost';
import { type Failure, type FuzzResponse, grouped, problemOf } from './support/fuzzChecks';
import {
  type FuzzRoute,
  type OpenApiDocument,
  fillPath,
  routeSamples,
  routesOf,
} from './support/fuzzRoutes';
import {
  type Harness,
  type Identity,
  beginSignIn,
  call,
  configure,
  freshPeople,
  login,
  sessionToken,
  startHarness,
  HEALTH_WITHOUT_CRM_WEBHOOKS,
} from './support/harness';
import { API_MESSAGES } from '@api/messages';

const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const OPERATIONS = Object.keys(routeSamples({ taskId: '', chatDomain: '' }));

let h: Harness;
let chat: FuzzChatHost;
let ids: FuzzIdentities;
let routes: Map<string, FuzzRoute>;
let documented: string[] = [];
const errorLogs: string[] = [];

/** Outbound calls stay on loopback: a hostile input must not make the api call the internet. */
const loopbackOnly: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')
    throw new Error(`chamada para fora do loopback: ${url.origin}`);
  return fetch(input, init);
};

beforeAll(async () => {
  chat = await startFuzzChatHost();
  h = await startHarness({
    // Rate limits are not under test here; both would only slow the run down.
    sandbox: { rateLimitPerMinute: 0 },
    api: {
      crm: { maxRequestsPerMinute: 1_000_000 },
      fetch: loopbackOnly,
      logger: {
        level: 'warn',
        destination: {
          write: (line: string) => {
            if ((JSON.parse(line) as { level: number }).level >= 50) errorLogs.push(line);
          },
        },
      },
    },
  });
  const people = freshPeople();
  const caller = async (who: Identity) => ({ ...who, token: await sessionToken(h.api, who) });
  ids = {
    signedIn: await caller(people.alice),
    noSession: await caller(people.arthur),
    unconfigured: await caller(people.beatriz),
  };
  await configure(h.api, people.alice, { defaultChatDomain: chat.url });
  await call(h.api, 'POST', '/api/rdstation/terms/accept', { as: people.alice, body: {} });
  await login(h, people.alice);
  const tasks = await call(h.api, 'GET', '/api/rdstation/tasks?limit=1', { as: people.alice });
  const taskId = String((tasks.json.data as { data: { id: string }[] }).data[0]?.id);
  const doc = (
    await h.api.inject({ method: 'GET', url: '/api/docs/json' })
  ).json<OpenApiDocument>();
  documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  routes = new Map(
    routesOf(doc, routeSamples({ taskId, chatDomain: chat.url })).map((route) => [
      `${route.method} ${route.path}`,
      route,
    ]),
  );
}, 30_000);

afterAll(async () => {
  await h?.close();
  await chat?.close();
});

// The revoke route may end the session the other routes need: sign in again when it did.
afterEach(async () => {
  const status = await call(h.api, 'GET', '/api/rdstation/auth/status', { as: ids.signedIn });
  if (status.json.authenticated !== true) await login(h, ids.signedIn);
});

async function send(request: FuzzRequest): Promise<FuzzResponse> {
  const options = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
  if (!request.url.startsWith('/api/events')) return h.api.inject(options);
  // The live stream never ends on its own: read what it sends first, then hang up.
  const response = await h.api.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const sse = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const body = await new Promise<string>((resolve) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (sse) resolve(text);
    });
    stream.once('end', () => resolve(text));
  });
  stream.destroy();
  return { statusCode: response.statusCode, headers: response.headers, body };
}

function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : `\n  body: ${request.payload.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)}\n  headers: ${JSON.stringify(request.headers).slice(0, 300)}${payload}`;
}

const signedInHeaders = () => ({
  'x-user-id': ids.signedIn.userId,
  'x-system-key': ids.signedIn.systemKey,
  authorization: `Bearer ${ids.signedIn.token}`,
});

function routeOf(key: string): FuzzRoute {
  const route = routes.get(key);
  if (!route) throw new Error(`${key} não está no documento OpenAPI servido em /api/docs/json`);
  return route;
}

it('fuzzes exactly the operations of the OpenAPI document', () => {
  expect([...documented].sort()).toEqual([...OPERATIONS].sort());
});

describe('random, broken and near-valid input on every route', () => {
  it.each(OPERATIONS)(
    '%s: no 5xx; every 4xx a pt-BR { message }',
    async (key) => {
      const route = routeOf(key);
      const errorsBefore = errorLogs.length;
      const statuses = new Map<number, number>();
      // A tenant of its own: the credentials route may configure the one it is given.
      const tenant = {
        systemKey: `tenant-sem-credenciais-${OPERATIONS.indexOf(key)}`,
        userId: 'u',
      };
      const unconfigured = { ...tenant, token: await sessionToken(h.api, tenant) };
      await fc.assert(
        fc.asyncProperty(requestArb(route, { ...ids, unconfigured }), async (request) => {
          const response = await send(request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem = problemOf(response, { html: route.html, csv: route.csv });
          if (problem) throw new Error(`${describeRequest(request)}\n  → ${problem}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(errorLogs.slice(errorsBefore)).toEqual([]);
      // The fuzzer must get past validation too, or it only ever tests the schemas. (The OAuth
      // callback answers every request it cannot use — bad query or unknown state — with the
      // same 400 HTML page, so there the status cannot tell.)
      const handled = [...statuses.keys()].filter((status) => ![400, 413, 415].includes(status));
      if (!route.html) expect(handled.length).toBeGreaterThan(0);
    },
    30_000,
  );
});

describe('the OAuth callback', () => {
  it('refuses a forged state and survives garbage codes with a real one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 60 }),
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.constantFrom('', ' ', '%')),
        fc.option(fc.string({ maxLength: 30 }), { freq: 4 }),
        async (forged, code, error) => {
          const query = (state: string, proof: string) =>
            new URLSearchParams({
              state,
              code,
              window_proof: proof,
              ...(error === null ? {} : { error }),
            }).toString();
          // A forged state, from the very window that holds a real sign-in's cookie.
          const window = await beginSignIn(h.api, ids.noSession);
          const refused = await h.api.inject({
            method: 'GET',
            url: `/api/rdstation/auth/callback?${query(forged, window.windowProof)}`,
            headers: { cookie: window.cookie },
          });
          expect(refused.statusCode).toBe(400);
          expect(refused.body).toContain(API_MESSAGES.stateInvalid);

          const real = await beginSignIn(h.api, ids.noSession);
          const answer = await h.api.inject({
            method: 'GET',
            url: `/api/rdstation/auth/callback?${query(real.state, real.windowProof)}`,
            headers: { cookie: real.cookie },
          });
          const problem = problemOf(answer, { html: true });
          if (problem) throw new Error(problem);
          expect(answer.statusCode).toBe(400);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2), seed: SEED },
    );
  });
});

describe('malformed URLs, oversized bodies and undocumented methods', () => {
  const SEGMENTS = ['%', '%zz', '%E0%A4%A', 'a'.repeat(101), 'b'.repeat(5000)];

  it('answers a malformed or over-long path segment on every route with a pt-BR { message }', async () => {
    const failures: Failure[] = [];
    for (const key of OPERATIONS) {
      const route = routeOf(key);
      if (!route.path.includes('{')) continue;
      for (const segment of SEGMENTS) {
        const params = Object.fromEntries(
          [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1] ?? '', segment]),
        );
        const request: FuzzRequest = {
          method: route.method,
          url: fillPath(route.path, params),
          headers: signedInHeaders(),
        };
        const problem = problemOf(await send(request));
        if (problem) failures.push({ where: `${request.method} ${request.url}`, problem });
      }
    }
    expect(grouped(failures)).toEqual([]);
  });

  it('answers a body over 1 MB on every route with 413 { message } (or ignores it on a GET)', async () => {
    const huge = JSON.stringify({ description: 'x'.repeat(1024 * 1024 + 10) });
    const failures: Failure[] = [];
    for (const key of OPERATIONS) {
      const route = routeOf(key);
      const request: FuzzRequest = {
        method: route.method,
        url: fillPath(route.path, route.sample.params ?? {}),
        headers: { ...signedInHeaders(), 'content-type': 'application/json' },
        payload: huge,
      };
      const response = await send(request);
      const problem = problemOf(response, { html: route.html, csv: route.csv });
      if (problem) failures.push({ where: key, problem });
      else if (route.method !== 'GET' && response.statusCode !== 413)
        failures.push({ where: key, problem: `${response.statusCode} em vez de 413` });
    }
    expect(grouped(failures)).toEqual([]);
  });

  it('keeps a body just under the limit away from a 5xx (the CRM envelope adds bytes)', async () => {
    // Two bytes under the api's 1 MB limit and valid for the deal schema: custom field lists
    // (100 × 500 characters each) plus one text field (≤ 5000) for the last bytes.
    const nearLimit = (base: Record<string, unknown>): string => {
      const target = 1024 * 1024 - 2;
      const fields: Record<string, unknown> = {};
      const size = (pad: string) =>
        Buffer.byteLength(JSON.stringify({ ...base, custom_fields: { ...fields, pad } }));
      for (let i = 0; size('') < target - 5000; i += 1) {
        const room = Math.floor((target - 5000 - size('') - 20) / 502);
        fields[`f${i}`] = Array(Math.max(1, Math.min(100, room))).fill('a'.repeat(500));
      }
      const pad = 'p'.repeat(target - size(''));
      return JSON.stringify({ ...base, custom_fields: { ...fields, pad } });
    };
    const failures: Failure[] = [];
    for (const key of ['PUT /api/rdstation/deals/{id}', 'POST /api/rdstation/deals']) {
      const route = routeOf(key);
      const payload = nearLimit((route.sample.body ?? {}) as Record<string, unknown>);
      expect(Buffer.byteLength(payload)).toBe(1024 * 1024 - 2);
      const request: FuzzRequest = {
        method: route.method,
        url: fillPath(route.path, route.sample.params ?? {}),
        headers: { ...signedInHeaders(), 'content-type': 'application/json' },
        payload,
      };
      const problem = problemOf(await send(request));
      if (problem) failures.push({ where: key, problem });
    }
    expect(grouped(failures)).toEqual([]);
  });

  it('answers undocumented methods on every path without a 5xx, 4xx as pt-BR { message }', async () => {
    const byPath = new Map<string, FuzzRoute[]>();
    for (const key of OPERATIONS) {
      const route = routeOf(key);
      byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
    }
    const failures: Failure[] = [];
    for (const [path, pathRoutes] of byPath) {
      const known = new Set<string>(pathRoutes.map((route) => route.method));
      const url = fillPath(path, pathRoutes[0]?.sample.params ?? {});
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const) {
        if (known.has(method)) continue;
        const response = await h.api.inject({ method, url, headers: signedInHeaders() });
        const problem = problemOf(response, { head: method === 'HEAD' });
        if (problem) failures.push({ where: `${method} ${url}`, problem });
      }
    }
    expect(grouped(failures)).toEqual([]);
  });
});

it('still answers /api/health and the signed-in session after the whole run', async () => {
  const health = await h.api.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toEqual(HEALTH_WITHOUT_CRM_WEBHOOKS);
  const profile = await call(h.api, 'GET', '/api/rdstation/user/profile', { as: ids.signedIn });
  expect(profile.status).toBe(200);
  expect(errorLogs).toEqual([]);
});
