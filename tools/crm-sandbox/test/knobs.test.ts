import {
  DEFAULT_KNOBS,
  LENIENT_KNOBS,
  startSandbox,
  type RunningSandbox,
} from '@crm-sandbox/index';
import { knobsFromEnv } from '@crm-sandbox/knobs';
import { crmClient, type DealJson, send, WELL_KNOWN } from './helpers';

const A = WELL_KNOWN.account1;
let sandbox: RunningSandbox;
let now = Date.parse('2025-06-02T15:00:00.000Z');

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => now, rateLimitPerMinute: 3 });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
});

const signIn = (email: string = A.users.ana.email) =>
  crmClient(sandbox, sandbox.issueTokens(A.clientId, email).access_token);

const admin = (path: string, method = 'GET', body?: unknown) =>
  send<Record<string, unknown>>(`${sandbox.url}/__admin${path}`, { method, body });

describe('rate limit', () => {
  it('answers 429 with Retry-After once the account passes the per-minute limit (sliding window, every token counts)', async () => {
    const crm = signIn();
    const bruno = signIn(A.users.bruno.email);
    for (const client of [crm, bruno, crm]) {
      expect((await client.get('/sources')).status).toBe(200);
      now += 10_000;
    }
    const limited = await bruno.get('/sources');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.body.errors).toEqual([
      {
        status: '429',
        code: 'RATE_LIMIT_EXCEEDED',
        title: 'Too Many Requests',
        detail: 'API usage limit exceeded: 3 requests per minute per account',
      },
    ]);
    expect((await crm.get('/sources')).status).toBe(429);
    // Another account has its own window.
    const beta = crmClient(
      sandbox,
      sandbox.issueTokens(WELL_KNOWN.account2.clientId, WELL_KNOWN.account2.users.renata.email)
        .access_token,
    );
    expect((await beta.get('/sources')).status).toBe(200);
    // When the oldest request leaves the window, one more is allowed.
    now += 30_000;
    expect((await bruno.get('/sources')).status).toBe(200);
    expect((await crm.get('/sources')).status).toBe(429);
  });

  it('rateLimitScope token: each access token has its own window', async () => {
    sandbox.setKnobs({ rateLimitScope: 'token' });
    const crm = signIn();
    for (let i = 0; i < 3; i += 1) expect((await crm.get('/sources')).status).toBe(200);
    const limited = await crm.get('/sources');
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]?.detail).toBe(
      'API usage limit exceeded: 3 requests per minute per token',
    );
    expect((await signIn(A.users.bruno.email).get('/sources')).status).toBe(200);
  });

  it('can be changed or turned off (0) at run time', async () => {
    sandbox.setKnobs({ rateLimitPerMinute: 0 });
    const crm = signIn();
    for (let i = 0; i < 6; i += 1) expect((await crm.get('/sources')).status).toBe(200);
  });
});

describe('knobs', () => {
  it('adds latency to API calls but not to admin calls', async () => {
    const crm = signIn();
    sandbox.setKnobs({ latencyMs: 150, rateLimitPerMinute: 0 });
    const started = performance.now();
    expect((await crm.get('/sources')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const adminStart = performance.now();
    await admin('/knobs');
    expect(performance.now() - adminStart).toBeLessThan(140);
  });

  it('errorRate 1 fails every CRM call with 500; 0 none', async () => {
    const crm = signIn();
    sandbox.setKnobs({ errorRate: 1, rateLimitPerMinute: 0 });
    const failed = await crm.get('/sources');
    expect(failed.status).toBe(500);
    expect(failed.body.errors[0]).toMatchObject({ status: '500', code: 'INTERNAL_ERROR' });
    sandbox.setKnobs({ errorRate: 0 });
    expect((await crm.get('/sources')).status).toBe(200);
  });

  it('errorRate 0.5 fails some and lets some through', async () => {
    const crm = signIn();
    sandbox.setKnobs({ errorRate: 0.5, rateLimitPerMinute: 0 });
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i += 1) statuses.add((await crm.get('/sources')).status);
    expect([...statuses].sort()).toEqual([200, 500]);
  });

  it('GET/PUT /__admin/knobs reads, changes and validates the knobs; strict by default', async () => {
    expect((await admin('/knobs')).body).toEqual({ ...DEFAULT_KNOBS, rateLimitPerMinute: 3 });
    expect(DEFAULT_KNOBS).toMatchObject({
      rateLimitScope: 'account',
      maxPageSize: 100,
      pageSizeOverCap: 'refuse',
      omitEndLinks: false,
      phoneMatch: 'exact',
      nameContainsOn: [],
      echoState: false,
      dealPatch: false,
      dealEmptyValues: false,
      contactOrganizationNull: false,
    });
    const put = await admin('/knobs', 'PUT', {
      errorRate: 0.25,
      latencyMs: 5,
      nameContainsOn: ['organizations'],
    });
    expect(put.body).toMatchObject({
      latencyMs: 5,
      errorRate: 0.25,
      rateLimitPerMinute: 3,
      nameContainsOn: ['organizations'],
    });
    expect(sandbox.getKnobs()).toEqual(put.body);
    const lenient = await admin('/knobs', 'PUT', LENIENT_KNOBS);
    expect(lenient.body).toMatchObject(LENIENT_KNOBS);
    for (const [body, message] of [
      [{ errorRate: 2 }, "Knob 'errorRate' must be between 0 and 1"],
      [{ phoneMatch: 'fuzzy' }, "Knob 'phoneMatch' must be one of: exact, digits"],
      [{ echoState: 'yes' }, "Knob 'echoState' must be true or false"],
      [
        { nameContainsOn: ['deals'] },
        "Knob 'nameContainsOn' must be a list of: organizations, lost_reasons, sources, campaigns, segments",
      ],
      [{ maxPageSize: 1.5 }, "Knob 'maxPageSize' must be an integer"],
      [{ pageSizeOverCap: 'truncate' }, "Knob 'pageSizeOverCap' must be one of: refuse, clamp"],
    ] as const) {
      const bad = await admin('/knobs', 'PUT', body);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message });
    }
    const unknown = await admin('/knobs', 'PUT', { speed: 1 });
    expect(unknown.body.message).toMatch(/^Unknown knob 'speed' \(known: latencyMs, errorRate, /);
    expect(() => sandbox.setKnobs({ latencyMs: -1 })).toThrow(
      "Knob 'latencyMs' must be a number ≥ 0",
    );
  });

  it('reads knobs from SANDBOX_* variables and names the variable of a bad value', () => {
    expect(
      knobsFromEnv({
        SANDBOX_RATE_LIMIT: '10',
        SANDBOX_PHONE_MATCH: 'digits',
        SANDBOX_OMIT_END_LINKS: '1',
        SANDBOX_PAGE_SIZE_OVER_CAP: 'clamp',
        SANDBOX_NAME_CONTAINS_ON: 'organizations, segments',
        SANDBOX_ECHO_STATE: 'false',
        SANDBOX_CONTACT_ORGANIZATION_NULL: '1',
      }),
    ).toEqual({
      rateLimitPerMinute: 10,
      phoneMatch: 'digits',
      omitEndLinks: true,
      pageSizeOverCap: 'clamp',
      nameContainsOn: ['organizations', 'segments'],
      echoState: false,
      contactOrganizationNull: true,
    });
    expect(() => knobsFromEnv({ SANDBOX_MAX_PAGE_SIZE: 'muitos' })).toThrow(
      "SANDBOX_MAX_PAGE_SIZE: Knob 'maxPageSize' must be a number ≥ 0",
    );
  });

  it('takes knobs as start options', async () => {
    const other = await startSandbox({ rateLimitPerMinute: 7, knobs: { phoneMatch: 'digits' } });
    try {
      expect(other.getKnobs()).toMatchObject({ rateLimitPerMinute: 7, phoneMatch: 'digits' });
      other.setKnobs({ phoneMatch: 'exact' });
      other.reset();
      expect(other.getKnobs().phoneMatch).toBe('digits');
    } finally {
      await other.close();
    }
    await expect(startSandbox({ knobs: { maxPageSize: -1 } })).rejects.toThrow(
      "Knob 'maxPageSize' must be a number ≥ 0",
    );
  });

  it('forces the next N CRM responses to a status (admin endpoint and forceStatus)', async () => {
    const crm = signIn();
    const forced = await admin('/force', 'POST', { status: 503, count: 2 });
    expect(forced.body).toEqual({ forced: { status: 503, remaining: 2 } });
    expect((await crm.get('/sources')).status).toBe(503);
    const second = await crm.get('/sources');
    expect(second.status).toBe(503);
    expect(second.body.errors[0]?.detail).toBe(
      'Status 503 forced by the sandbox (POST /__admin/force)',
    );
    expect((await crm.get('/sources')).status).toBe(200);

    sandbox.forceStatus(429, 1);
    const limited = await crm.get('/sources');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect((await admin('/force', 'POST', { status: 200, count: 1 })).status).toBe(400);
  });

  it('forces the requests received after the force, not one already waiting out the latency', async () => {
    const crm = signIn();
    sandbox.setKnobs({ latencyMs: 200 });
    const waiting = crm.get('/sources');
    // The first request is in the sandbox, inside its 200 ms wait, when the force comes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    sandbox.forceStatus(429, 1);
    const next = crm.get('/sources');
    expect((await waiting).status).toBe(200);
    expect((await next).status).toBe(429);
  });

  it('reset goes back to the seed and drops every token', async () => {
    const crm = signIn();
    await crm.put(`/deals/${A.deals.implantacao.id}`, { name: 'Renomeada' });
    const created = await crm.post<DealJson>('/deals', {
      name: 'Temporária',
      pipeline_id: A.pipelines.vendas.id,
      stage_id: A.pipelines.vendas.stages[0].id,
      owner_id: A.users.ana.id,
    });
    sandbox.setKnobs({ latencyMs: 1 });
    expect((await admin('/reset', 'POST')).body).toEqual({ reset: true });
    expect(sandbox.getKnobs()).toEqual({ ...DEFAULT_KNOBS, rateLimitPerMinute: 3 });
    expect((await crm.get('/sources')).status).toBe(401);
    const fresh = signIn();
    expect((await fresh.get<DealJson>(`/deals/${A.deals.implantacao.id}`)).body.data.name).toBe(
      A.deals.implantacao.name,
    );
    expect((await fresh.get(`/deals/${created.body.data.id}`)).status).toBe(404);
  });

  it('issues tokens over HTTP for tests that run the sandbox as a process', async () => {
    const issued = await admin('/tokens', 'POST', {
      client_id: A.clientId,
      email: A.users.fernanda.email,
    });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ expires_in: 7200, token_type: 'Bearer' });
    const users = await send<{ data: unknown[] }>(`${sandbox.url}/crm/v2/users`, {
      token: String(issued.body.access_token),
    });
    expect(users.status).toBe(200);
    const unknown = await admin('/tokens', 'POST', { client_id: 'x', email: A.users.ana.email });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: "Unknown OAuth client_id 'x'" });
  });

  it('lists accounts, apps, users and v1 tokens', async () => {
    const { body } = await admin('/accounts');
    expect(body).toMatchObject({
      accounts: [
        {
          id: A.id,
          name: 'Acme Soluções Ltda',
          apps: [
            {
              client_id: 'sandbox-app',
              client_secret: 'sandbox-secret',
              name: A.appName,
              redirect_uris: [],
            },
          ],
        },
        {
          id: WELL_KNOWN.account2.id,
          name: 'Beta Serviços ME',
          apps: [{ client_id: 'sandbox-app-2', client_secret: 'sandbox-secret-2' }],
        },
      ],
    });
    const [acme] = body.accounts as { users: Record<string, unknown>[] }[];
    expect(acme?.users[0]).toEqual({
      id: A.users.ana.id,
      name: 'Ana Paula Ferreira',
      email: 'ana.ferreira@acmesolucoes.com.br',
      active: true,
      v1_token: A.users.ana.v1Token,
    });
  });
});
