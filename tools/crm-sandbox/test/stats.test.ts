import { startSandbox, type RunningSandbox } from '@crm-sandbox/index';
import { crmClient, send, WELL_KNOWN } from './helpers';

const A = WELL_KNOWN.account1;
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimitPerMinute: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
});

const admin = (path: string, method = 'GET') =>
  send<Record<string, unknown>>(`${sandbox.url}/__admin${path}`, { method });

describe('request counter', () => {
  it('GET /__admin/stats counts every non-admin request, per method and path (query left out)', async () => {
    const crm = crmClient(sandbox, sandbox.issueTokens(A.clientId, A.users.ana.email).access_token);
    await crm.get(`/deals/${A.deals.implantacao.id}`);
    await crm.get('/users?page%5Bsize%5D=200');
    await crm.get('/users');
    await send(`${sandbox.url}/api/v1/token/check?token=x`);
    await admin('/knobs');

    const stats = await admin('/stats');

    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      requests: 4,
      byPath: {
        [`GET /crm/v2/deals/${A.deals.implantacao.id}`]: 1,
        'GET /crm/v2/users': 2,
        'GET /api/v1/token/check': 1,
      },
      rateLimited: 0,
      rateLimitedByPath: {},
    });
    expect(sandbox.getStats()).toEqual(stats.body);
  });

  it('counts refused requests too (they still reached the CRM)', async () => {
    sandbox.forceStatus(500, 1);
    await send(`${sandbox.url}/crm/v2/sources`);
    await send(`${sandbox.url}/crm/v2/sources`);

    expect((await admin('/stats')).body).toEqual({
      requests: 2,
      byPath: { 'GET /crm/v2/sources': 2 },
      rateLimited: 0,
      rateLimitedByPath: {},
    });
  });

  it('says how many of them the rate limit refused, and empties its windows on request', async () => {
    sandbox.setKnobs({ rateLimitPerMinute: 2 });
    try {
      const crm = crmClient(
        sandbox,
        sandbox.issueTokens(A.clientId, A.users.ana.email).access_token,
      );
      for (let i = 0; i < 3; i += 1) await crm.get('/sources');
      expect((await admin('/stats')).body).toMatchObject({
        requests: 3,
        rateLimited: 1,
        rateLimitedByPath: { 'GET /crm/v2/sources': 1 },
      });
      expect((await admin('/rate-limit/reset', 'POST')).body).toEqual({ reset: true });
      await crm.get('/sources');
      expect((await admin('/stats')).body).toMatchObject({ requests: 4, rateLimited: 1 });
    } finally {
      sandbox.setKnobs({ rateLimitPerMinute: 120 });
    }
  });

  it('POST /__admin/stats/reset (and resetStats, and /__admin/reset) start over from zero', async () => {
    await send(`${sandbox.url}/crm/v2/sources`);

    const reset = await admin('/stats/reset', 'POST');
    expect(reset.body).toEqual({ requests: 0, byPath: {}, rateLimited: 0, rateLimitedByPath: {} });
    expect((await admin('/stats')).body).toEqual({
      requests: 0,
      byPath: {},
      rateLimited: 0,
      rateLimitedByPath: {},
    });

    await send(`${sandbox.url}/crm/v2/pipelines`);
    expect(sandbox.getStats().requests).toBe(1);
    sandbox.resetStats();
    expect(sandbox.getStats()).toEqual({
      requests: 0,
      byPath: {},
      rateLimited: 0,
      rateLimitedByPath: {},
    });

    await send(`${sandbox.url}/crm/v2/pipelines`);
    await admin('/reset', 'POST');
    expect(sandbox.getStats()).toEqual({
      requests: 0,
      byPath: {},
      rateLimited: 0,
      rateLimitedByPath: {},
    });
  });
});
