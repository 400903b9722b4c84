import { openBrowser } from './support/browserSession';
import {
  ACCOUNT2,
  type CallResult,
  type Harness,
  credentialsFor,
  freshTenants,
  isConfirmPage,
  pageAttribute,
  postConfirmation,
  startHarness,
} from './support/harness';

// What a caller without a full session can write is bounded too, counted in the store: the
// sign-in window's pages per client address, its confirmations per tenant, and every write of a
// pending session per session and route. Each test floods one door and meets its 429.

const TOO_MANY = 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.';

const retryAfterOf = (headers: CallResult['headers']): number => Number(headers['retry-after']);

/** An api whose limits are 3 a minute where the test counts (and 100 000 elsewhere). */
function harnessWith(identity: {
  signInPagesPerMinute?: number;
  signInConfirmsPerMinute?: number;
  writesPerMinute?: number;
}): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness({ api: { identity } });
  });
  afterAll(async () => {
    await h?.close();
  });
  return () => {
    if (!h) throw new Error('the harness starts in beforeAll');
    return h;
  };
}

describe('the sign-in window’s pages, per client address', () => {
  const harness = harnessWith({ signInPagesPerMinute: 3 });

  it('answers the 4th page of one address in a minute with the window’s 429 page; another address is not held back', async () => {
    const { api } = harness();
    const from = (remoteAddress: string, method: 'GET' | 'POST', url: string) =>
      api.inject({
        method,
        url,
        remoteAddress,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: 'confirm=inventado&userId=1',
            }
          : {}),
      });
    // begin, callback and confirm count together: three refusals of made-up tickets and codes…
    const tries = [
      await from('203.0.113.7', 'GET', '/api/rdstation/auth/begin?ticket=inventado'),
      await from('203.0.113.7', 'GET', '/api/rdstation/auth/callback?code=inventado'),
      await from('203.0.113.7', 'POST', '/api/rdstation/auth/confirm'),
    ];
    expect(tries.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    // …then each of them is 429, in pt-BR, as a page of the window, with Retry-After.
    for (const [method, url] of [
      ['GET', '/api/rdstation/auth/begin?ticket=inventado'],
      ['GET', '/api/rdstation/auth/callback?code=inventado'],
      ['POST', '/api/rdstation/auth/confirm'],
    ] as const) {
      const refused = await from('203.0.113.7', method, url);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain(TOO_MANY);
      expect(refused.body).toContain('Não foi possível autenticar');
      expect(retryAfterOf(refused.headers)).toBeGreaterThanOrEqual(1);
      expect(retryAfterOf(refused.headers)).toBeLessThanOrEqual(60);
    }
    const other = await from('203.0.113.8', 'GET', '/api/rdstation/auth/begin?ticket=inventado');
    expect(other.statusCode).toBe(400);
  });
});

describe('confirmations of who signed in, per tenant', () => {
  const harness = harnessWith({ signInConfirmsPerMinute: 3 });

  it('asks the CRM for at most 3 confirmations of a tenant a minute, whichever sign-in they come from', async () => {
    const h = harness();
    const { open } = freshTenants('confirms');
    const admin = await openBrowser(h.api, { systemKey: open, userId: 'dora' });
    await admin.send('POST', '/api/rdstation/terms/accept', {});
    expect(
      (await admin.send('POST', '/api/rdstation/credentials', credentialsFor('account2'))).status,
    ).toBe(201);
    // Her sign-in confirms the credentials: the tenant's first confirmation of the minute.
    expect((await admin.signIn(ACCOUNT2.users.renata.email)).status).toBe(200);
    /** A browser of the tenant whose sign-in stopped at 'Quem é você no RD Station CRM?'. */
    const waitingToConfirm = async (userId: string) => {
      const browser = await openBrowser(h.api, { systemKey: open, userId });
      await browser.send('POST', '/api/rdstation/terms/accept', {});
      const { page, window } = await browser.openSignIn(ACCOUNT2.users.renata.email);
      expect(isConfirmPage(page)).toBe(true);
      const confirm = pageAttribute(page.text, /name="confirm" value="([^"]*)"/);
      return (userId: string) => postConfirmation(h.api, window.cookie, confirm, userId);
    };
    const first = await waitingToConfirm('renata');
    const second = await waitingToConfirm('otavio');
    // A user the CRM does not know: the page again, after asking the CRM each time.
    const asked = [await first('inexistente'), await second('nada')];
    expect(asked.map((answer) => answer.statusCode)).toEqual([400, 400]);
    expect(h.calls.some((c) => c.url.endsWith('/crm/v2/users/nada'))).toBe(true);
    // The tenant's 4th confirmation of the minute is refused before the CRM is asked.
    const refused = await second('recusado-antes');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain(TOO_MANY);
    expect(retryAfterOf(refused.headers)).toBeGreaterThanOrEqual(1);
    expect(h.calls.some((c) => c.url.endsWith('/crm/v2/users/recusado-antes'))).toBe(false);
  });
});

describe('the writes of a session that has not signed in yet, per session and route', () => {
  const harness = harnessWith({ writesPerMinute: 3 });

  it('takes 3 of each a minute (terms, credentials, sign-in tab, its redeem, auth/start), then 429', async () => {
    const { api } = harness();
    const { open } = freshTenants('pending-writes');
    const pending = await openBrowser(api, { systemKey: open, userId: 'mallory' });
    const flood = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const answers: CallResult[] = [];
      for (let i = 0; i < 4; i += 1) answers.push(await pending.send(method, url, body));
      return answers;
    };
    const doors = {
      terms: await flood('POST', '/api/rdstation/terms/accept', {}),
      credentials: await flood('POST', '/api/rdstation/credentials', {
        ...credentialsFor(),
        setupCode: 'codigo-errado-123',
      }),
      tabStart: await flood('POST', '/api/rdstation/auth/tab/start', {
        returnTo: 'https://host.example/',
      }),
      tabRedeem: await flood('POST', '/api/rdstation/auth/tab/redeem', { redeem: 'r'.repeat(43) }),
      start: await flood('GET', '/api/rdstation/auth/start'),
    };
    for (const answers of Object.values(doors)) {
      const last = answers[3] as CallResult;
      expect(answers.slice(0, 3).every((answer) => answer.status !== 429)).toBe(true);
      expect({ status: last.status, body: last.json }).toEqual({
        status: 429,
        body: { message: TOO_MANY },
      });
      expect(retryAfterOf(last.headers)).toBeGreaterThanOrEqual(1);
    }
    // Another session is counted apart.
    const other = await openBrowser(api, { systemKey: open, userId: 'renata' });
    expect((await other.send('POST', '/api/rdstation/terms/accept', {})).status).toBe(200);
  });
});
