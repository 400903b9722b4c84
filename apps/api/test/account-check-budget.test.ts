import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import {
  type Harness,
  ACCOUNT1,
  ALICE,
  ARTHUR,
  call,
  configure,
  login,
  startHarness,
} from './support/harness';

// The account check (which RD account a fresh token is of: GET /users, GET /users/{id}) and the
// sign-in window's list of users spend the tenant's CRM budget like every other CRM call: they
// wait in the limiter, and a saturated budget holds them back instead of letting them through.

let sandbox: RunningSandbox;
const wire: URL[] = [];
const usersCalls = () => wire.filter((url) => url.pathname.startsWith('/crm/v2/users')).length;

const harness = (crm: { maxRequestsPerMinute: number; maxRateLimitWaitMs: number }) =>
  startHarness({
    sharedSandbox: sandbox,
    api: {
      crm,
      fetch: async (input, init) => {
        wire.push(new URL(input instanceof Request ? input.url : String(input)));
        return fetch(input, init);
      },
    },
  });

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

describe('the account check and the sign-in list of users go through the CRM limiter', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
    wire.length = 0;
  });

  it('counts each of their GET /users in the tenant window: after them, the budget is spent', async () => {
    h = await harness({ maxRequestsPerMinute: 3, maxRateLimitWaitMs: 150 });
    await configure(h.api, ALICE);
    expect((await login(h, ALICE)).status).toBe(200);
    // The account check (one page of 5 users), the window's list, the confirmed user's GET: the
    // tenant's 3 requests of this minute.
    expect(usersCalls()).toBe(3);
    const before = wire.length;
    const read = await call(h.api, 'GET', '/api/rdstation/deals?limit=1', { as: ALICE });
    expect(read).toMatchObject({
      status: 429,
      json: {
        message: 'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.',
        code: 'crm_busy',
      },
    });
    expect(wire.length).toBe(before);
  });

  it("a later sign-in of the tenant proves its token's account, and takes the list of users the api keeps fresh", async () => {
    h = await harness({ maxRequestsPerMinute: 120, maxRateLimitWaitMs: 150 });
    await configure(h.api, ALICE);
    expect((await login(h, ALICE)).status).toBe(200);
    const first = usersCalls();
    wire.length = 0;
    // Another attendant of the tenant, another CRM user, within the list's freshness: the
    // token's account is proved (GET /users/{id} of a user the tenant is bound to), and the
    // window's list of users is the one the first sign-in read.
    expect((await login(h, ARTHUR, ACCOUNT1.users.bruno.email)).status).toBe(200);
    const listReads = wire.filter(
      (url) => url.pathname === '/crm/v2/users' && url.searchParams.get('filter') === 'is:active',
    );
    expect(listReads).toHaveLength(0);
    // The proof and the profile of the CRM user signing in (GET /users/{id} each): one fewer
    // than the first sign-in's three.
    expect(
      wire.map((url) => url.pathname).filter((pathname) => pathname.startsWith('/crm/v2/')),
    ).toEqual([
      `/crm/v2/users/${ACCOUNT1.users.ana.id}`,
      `/crm/v2/users/${ACCOUNT1.users.bruno.id}`,
    ]);
    expect(first).toBe(3);
  });

  it('a saturated budget holds them: with 1 request a minute the second waits, then gives up in pt-BR', async () => {
    h = await harness({ maxRequestsPerMinute: 1, maxRateLimitWaitMs: 150 });
    await configure(h.api, ALICE);
    const page = await login(h, ALICE);
    // The account check took the minute's one slot; the list of users waited its 150 ms and
    // never reached the CRM.
    expect(usersCalls()).toBe(1);
    expect(page.status).toBe(502);
    expect(page.text).toContain(
      'Não foi possível concluir a autenticação com o RD Station CRM. Feche esta janela e tente novamente.',
    );
  });
});
