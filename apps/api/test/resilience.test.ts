import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  call,
  configure,
  freshPeople,
  login,
  startHarness,
} from './support/harness';

let alice: Identity;
/**
 * A page of deals no call asked before: pages read are kept per CRM user (crm/crmClient.ts), and
 * these tests are about what reaches the CRM (refreshes, retries, rate limits), so each asks anew.
 */
let pages = 0;
const anotherDealPage = () => `/api/rdstation/deals?limit=1&page=${(pages += 1)}`;
beforeEach(() => {
  ({ alice } = freshPeople());
});

const crmCalls = (h: Harness, path: string) =>
  h.calls.filter((c) => new URL(c.url).pathname === `/crm/v2${path}`);

describe('single-flight token refresh', () => {
  let sandboxNow = Date.now();
  let apiNow = sandboxNow;
  let h: Harness;

  beforeEach(async () => {
    sandboxNow = Date.now();
    apiNow = sandboxNow;
    h = await startHarness({
      sandbox: { now: () => sandboxNow, accessTokenTtlSeconds: 60 },
      api: { now: () => apiNow },
    });
    await configure(h.api, alice);
    await login(h, alice);
  });
  afterEach(async () => {
    await h.close();
  });

  it('50 concurrent calls with an expired access token refresh it exactly once', async () => {
    sandboxNow += 61_000;
    apiNow += 61_000;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(h.api, 'GET', anotherDealPage(), { as: alice })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(h.refreshCalls()).toHaveLength(1);
    expect(crmCalls(h, '/deals')).toHaveLength(50);
  });

  it('a token the CRM refuses (401) is refreshed once for all concurrent calls, then retried', async () => {
    // Our clock still trusts the token; the CRM already expired it.
    sandboxNow += 61_000;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(h.api, 'GET', anotherDealPage(), { as: alice })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(h.refreshCalls()).toHaveLength(1);
    expect(crmCalls(h, '/deals')).toHaveLength(100);
  });
});

describe('rate limits, server errors and timeouts', () => {
  let sandbox: RunningSandbox;
  let h: Harness;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    h = await startHarness({ sharedSandbox: sandbox });
  });
  afterAll(async () => {
    await h.close();
    await sandbox.close();
  });
  beforeEach(async () => {
    await configure(h.api, alice);
    await login(h, alice);
  });
  afterEach(() => {
    sandbox.forceStatus(500, 0);
    sandbox.setKnobs({ latencyMs: 0 });
  });

  it('waits Retry-After on a 429 and then succeeds (GET)', async () => {
    const before = crmCalls(h, '/deals').length;
    sandbox.forceStatus(429, 1);
    const started = Date.now();
    const result = await call(h.api, 'GET', anotherDealPage(), { as: alice });
    expect(result.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(crmCalls(h, '/deals').length - before).toBe(2);
  });

  it('sends a write again after a 429 (the CRM did not process it): one record created', async () => {
    const before = crmCalls(h, '/contacts').length;
    sandbox.forceStatus(429, 1);
    const name = `Contato 429 ${alice.systemKey}`;
    const result = await call(h.api, 'POST', '/api/rdstation/contacts', {
      as: alice,
      body: { name },
    });
    expect(result.status).toBe(201);
    expect(crmCalls(h, '/contacts').length - before).toBe(2);
    const search = await call(
      h.api,
      'GET',
      `/api/rdstation/contacts?filter=${encodeURIComponent(`name:"${name}"`)}`,
      {
        as: alice,
      },
    );
    expect((search.json.data as { data: unknown[] }).data).toHaveLength(1);
  });

  it('retries a GET on 5xx with backoff (bounded) and answers 502 when the CRM stays down', async () => {
    sandbox.forceStatus(500, 1);
    const before = crmCalls(h, '/deals').length;
    const recovered = await call(h.api, 'GET', anotherDealPage(), { as: alice });
    expect(recovered.status).toBe(200);
    expect(crmCalls(h, '/deals').length - before).toBe(2);

    sandbox.forceStatus(503, 10);
    const mid = crmCalls(h, '/deals').length;
    const down = await call(h.api, 'GET', anotherDealPage(), { as: alice });
    expect(down).toMatchObject({
      status: 502,
      json: {
        message: 'O RD Station CRM está indisponível no momento. Tente novamente em instantes.',
      },
    });
    expect(crmCalls(h, '/deals').length - mid).toBe(3);
  });

  it('never retries a write after a 5xx', async () => {
    sandbox.forceStatus(500, 1);
    const before = crmCalls(h, '/contacts').length;
    const result = await call(h.api, 'POST', '/api/rdstation/contacts', {
      as: alice,
      body: { name: 'Sem retry' },
    });
    expect(result.status).toBe(502);
    expect(crmCalls(h, '/contacts').length - before).toBe(1);
    const put = await (async () => {
      sandbox.forceStatus(502, 1);
      return call(h.api, 'PUT', '/api/rdstation/deals/qualquer', {
        as: alice,
        body: { rating: 2 },
      });
    })();
    expect(put.status).toBe(502);
    expect(crmCalls(h, '/deals/qualquer')).toHaveLength(1);
  });

  it('answers 504 in pt-BR when the CRM does not answer in time', async () => {
    const quick = await startHarness({ sharedSandbox: sandbox });
    try {
      // Sign-in with the default deadline (a loaded machine may take over 100 ms per CRM call),
      // then the same store on an api whose CRM deadline is 100 ms: only the call under test has it.
      await configure(quick.api, alice);
      await login(quick, alice);
      await quick.api.close();
      const api = await quick.restart({ crm: { timeoutMs: 100 } });
      sandbox.setKnobs({ latencyMs: 400 });
      const result = await call(api, 'GET', anotherDealPage(), { as: alice });
      expect(result).toMatchObject({
        status: 504,
        json: { message: 'O CRM não respondeu a tempo. Tente novamente.' },
      });
      expect(crmCalls(quick, '/deals')).toHaveLength(1);
    } finally {
      sandbox.setKnobs({ latencyMs: 0 });
      await quick.close();
    }
  });

  it('answers 429 when Retry-After is longer than the api waits, and keeps its own 120/min limit', async () => {
    let later = 0;
    const strict = await startHarness({
      sharedSandbox: sandbox,
      api: {
        now: () => Date.now() + later,
        crm: { maxRateLimitWaitMs: 300, maxRequestsPerMinute: 3 },
      },
    });
    try {
      await configure(strict.api, alice);
      // The sign-in's GET /users spend the tenant's 3 a minute too: the reads come a minute later.
      await login(strict, alice, ACCOUNT1.users.ana.email);
      later = 61_000;
      sandbox.forceStatus(429, 1);
      const limited = await call(strict.api, 'GET', anotherDealPage(), { as: alice });
      expect(limited).toMatchObject({
        status: 429,
        json: {
          message:
            'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.',
        },
      });
      expect(limited.headers['retry-after']).toBe('1');

      await new Promise((resolve) => setTimeout(resolve, 1100));
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await call(strict.api, 'GET', anotherDealPage(), { as: alice })).status);
      }
      // 1 forced 429 + 2 more fill this token's 3 per minute: the next never reaches the CRM.
      expect(statuses).toEqual([200, 200, 429]);
      expect(crmCalls(strict, '/deals')).toHaveLength(3);
    } finally {
      await strict.close();
    }
  });
});
