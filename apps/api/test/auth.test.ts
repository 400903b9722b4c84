import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import {
  ACCOUNT1,
  type Identity,
  type Harness,
  REDIRECT_URI,
  PUBLIC_URL,
  acceptTerms,
  beginSignIn,
  call,
  configure,
  confirmCrmUser,
  consent,
  freshPeople,
  isConfirmPage,
  login,
  returnToCallback,
  startHarness,
} from './support/harness';

const STATE_INVALID =
  'Link de autenticação inválido, expirado ou já utilizado. Feche esta janela e inicie o login novamente.';
const NOT_CONFIGURED =
  'Credenciais não configuradas. Configure a integração com o RD Station CRM para continuar.';

// One sandbox and one api for the file; every test works in tenants of its own.
let sandbox: RunningSandbox;
let h: Harness;
let alice: Identity;
let arthur: Identity;
let beatriz: Identity;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  h = await startHarness({ sharedSandbox: sandbox });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});
beforeEach(() => {
  ({ alice, arthur, beatriz } = freshPeople());
});

const tokenCalls = () => h.calls.filter((c) => c.url.endsWith('/oauth2/token'));

describe('GET /api/rdstation/auth/start', () => {
  it('needs credentials (428)', async () => {
    const result = await call(h.api, 'GET', '/api/rdstation/auth/start', { as: alice });
    expect(result).toMatchObject({ status: 428, json: { message: NOT_CONFIGURED } });
  });

  it("answers this api's begin URL, which sets the window's cookie and sends it to the CRM with a one-time state", async () => {
    await configure(h.api, alice);
    const first = await beginSignIn(h.api, alice);
    const second = await beginSignIn(h.api, alice);
    const begin = new URL(first.authUrl);
    expect(`${begin.origin}${begin.pathname}`).toBe(`${PUBLIC_URL}/api/rdstation/auth/begin`);
    expect(begin.searchParams.get('ticket')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.cookie).toMatch(/^crm_panel_signin=[A-Za-z0-9_-]{43}$/);
    const url = new URL(first.consentUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/oauth/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(ACCOUNT1.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.state).not.toBe(first.state);
    expect(second.cookie).not.toBe(first.cookie);
  });
});

describe('OAuth callback', () => {
  beforeEach(async () => {
    await configure(h.api, alice);
  });

  it('start → sandbox consent → callback → authenticated, with a self-closing pt-BR page', async () => {
    expect((await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json).toEqual({
      authenticated: false,
      userId: null,
      method: null,
      crmUserRequired: false,
      crmUserSource: null,
    });
    const before = tokenCalls().length;
    const page = await login(h, alice);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<html lang="pt-BR">');
    expect(page.text).toContain('Autenticação realizada com sucesso!');
    expect(page.text).toContain('Você já pode fechar esta janela e voltar ao painel.');
    expect(page.text).toContain('window.close()');
    expect(String(page.headers['content-security-policy'])).toMatch(
      /script-src 'sha256-[^']+' 'sha256-[^']+' 'sha256-[^']+' 'sha256-[^']+'/,
    );

    const exchange = tokenCalls().slice(before);
    expect(exchange).toHaveLength(1);
    const form = new URLSearchParams(exchange[0]?.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(form.get('client_id')).toBe(ACCOUNT1.clientId);

    // login() then said who alice is in the CRM (the picker's step): her own claim.
    expect((await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json).toEqual({
      authenticated: true,
      userId: 'alice',
      method: 'oauth',
      crmUserRequired: false,
      crmUserSource: 'attendant-claim',
    });
    // The session belongs to the user who started the flow, nobody else.
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: arthur })).json.authenticated,
    ).toBe(false);
    const profile = await call(h.api, 'GET', '/api/rdstation/user/profile', { as: alice });
    expect(profile).toMatchObject({
      status: 200,
      json: {
        data: {
          id: ACCOUNT1.users.ana.id,
          name: ACCOUNT1.users.ana.name,
          email: ACCOUNT1.users.ana.email,
          // The test tenants set no crmOrganizationName (crm-user.test.ts covers it).
          organization: null,
        },
      },
    });
  });

  it('accepts a callback that carries no state: the sign-in window cookie alone finds the sign-in', async () => {
    // RD documents no `state` (crm-v2-authentication-step-1.txt shows only response_type,
    // client_id and redirect_uri), so a CRM that does not echo it must still work.
    const window = await beginSignIn(h.api, alice);
    const callback = new URL(
      await consent(window.consentUrl, ACCOUNT1.users.ana.email),
      PUBLIC_URL,
    );
    callback.searchParams.delete('state');
    expect([...callback.searchParams.keys()]).toEqual(['code']);
    const confirmation = await returnToCallback(
      h.api,
      window,
      `${callback.pathname}${callback.search}`,
    );
    expect(isConfirmPage(confirmation)).toBe(true);
    const page = await confirmCrmUser(h.api, window, confirmation, ACCOUNT1.users.ana.email);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Autenticação realizada com sucesso!');
    expect((await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json).toEqual({
      authenticated: true,
      userId: 'alice',
      method: 'oauth',
      crmUserRequired: false,
      crmUserSource: 'attendant-claim',
    });
    // Without the window's cookie, no state is no sign-in at all.
    const stranger = await beginSignIn(h.api, arthur);
    const strangerCallback = new URL(
      await consent(stranger.consentUrl, ACCOUNT1.users.bruno.email),
      PUBLIC_URL,
    );
    strangerCallback.searchParams.delete('state');
    const refused = await call(
      h.api,
      'GET',
      `${strangerCallback.pathname}${strangerCallback.search}`,
      { as: null },
    );
    expect(refused.status).toBe(400);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: arthur })).json.authenticated,
    ).toBe(false);
  });

  it('refuses a forged state without calling the CRM', async () => {
    const before = tokenCalls().length;
    const window = await beginSignIn(h.api, alice);
    const result = await returnToCallback(
      h.api,
      window,
      '/api/rdstation/auth/callback?code=abc&state=forjado',
    );
    expect(result.status).toBe(400);
    expect(result.text).toContain('Não foi possível autenticar');
    expect(result.text).toContain(STATE_INVALID);
    expect(result.text).not.toContain('setTimeout');
    expect(tokenCalls()).toHaveLength(before);
    const missing = await call(h.api, 'GET', '/api/rdstation/auth/callback?code=abc', { as: null });
    expect(missing.status).toBe(400);
    expect(tokenCalls()).toHaveLength(before);
  });

  it('refuses a reused state', async () => {
    const before = tokenCalls().length;
    const window = await beginSignIn(h.api, alice);
    const callback = await consent(window.consentUrl, ACCOUNT1.users.ana.email);
    expect(isConfirmPage(await returnToCallback(h.api, window, callback))).toBe(true);
    const replay = await returnToCallback(h.api, window, callback);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain(STATE_INVALID);
    expect(tokenCalls()).toHaveLength(before + 1);
  });

  it('refuses a state older than 10 minutes', async () => {
    let now = Date.now();
    const own = await startHarness({
      sharedSandbox: sandbox,
      api: { now: () => now, identity: { sessionTtlMs: 60 * 60_000 } },
    });
    try {
      await configure(own.api, alice);
      const window = await beginSignIn(own.api, alice);
      const callback = await consent(window.consentUrl, ACCOUNT1.users.ana.email);
      now += 10 * 60_000 + 1;
      const late = await returnToCallback(own.api, window, callback);
      expect(late.status).toBe(400);
      expect(late.text).toContain(STATE_INVALID);
      expect(
        (await call(own.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json
          .authenticated,
      ).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('shows a pt-BR error page when the user denies access', async () => {
    const window = await beginSignIn(h.api, alice);
    const callback = await consent(window.consentUrl, ACCOUNT1.users.ana.email, 'deny');
    const result = await returnToCallback(h.api, window, callback);
    expect(result.status).toBe(400);
    expect(result.text).toContain(
      'A autorização foi negada no RD Station CRM. Feche esta janela e tente novamente.',
    );
    expect(result.text).toContain('Fechar janela');
  });

  it('shows an error page when the CRM refuses the code', async () => {
    const window = await beginSignIn(h.api, alice);
    const result = await returnToCallback(
      h.api,
      window,
      `/api/rdstation/auth/callback?code=inventado&state=${window.state}`,
    );
    expect(result.status).toBe(400);
    expect(result.text).toContain(
      'Não foi possível concluir a autenticação com o RD Station CRM. Feche esta janela e tente novamente.',
    );
  });
});

describe('revoke', () => {
  it('ends only this user session', async () => {
    await configure(h.api, alice);
    await login(h, alice);
    await login(h, arthur, ACCOUNT1.users.bruno.email);
    const revoked = await call(h.api, 'POST', '/api/rdstation/auth/revoke', { as: alice });
    expect(revoked).toMatchObject({ status: 200, json: { success: true } });
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json.authenticated,
    ).toBe(false);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: arthur })).json.authenticated,
    ).toBe(true);
    const users = await call(h.api, 'GET', '/api/rdstation/users', { as: alice });
    expect(users).toMatchObject({
      status: 401,
      json: { message: 'Você não está conectado ao RD Station CRM. Faça login para continuar.' },
    });
  });

  it('is per tenant: the same user id in another tenant is another session', async () => {
    const twin: Identity = { systemKey: beatriz.systemKey, userId: alice.userId };
    await configure(h.api, alice);
    await configure(h.api, twin, {}, 'account2');
    await login(h, alice);
    await login(h, twin, 'renata@betaservicos.com.br');
    await call(h.api, 'POST', '/api/rdstation/auth/revoke', { as: twin });
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: twin })).json.authenticated,
    ).toBe(false);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json.authenticated,
    ).toBe(true);
    const profile = await call(h.api, 'GET', '/api/rdstation/user/profile', { as: alice });
    expect(profile.json).toMatchObject({ data: { email: ACCOUNT1.users.ana.email } });
  });
});

describe('API v1 token', () => {
  it('needs a token and credentials', async () => {
    const empty = await call(h.api, 'POST', '/api/rdstation/auth/v1-token', {
      as: alice,
      body: { apiV1Token: '   ' },
    });
    expect(empty).toMatchObject({
      status: 400,
      json: { message: 'Por favor, insira o token da API v1' },
    });
    const none = await call(h.api, 'POST', '/api/rdstation/auth/v1-token', {
      as: alice,
      body: { apiV1Token: ACCOUNT1.users.bruno.v1Token },
    });
    expect(none.status).toBe(428);
  });

  it('refuses a token the CRM does not know', async () => {
    await configure(h.api, alice);
    const result = await call(h.api, 'POST', '/api/rdstation/auth/v1-token', {
      as: alice,
      body: { apiV1Token: 'nao-existe' },
    });
    expect(result).toMatchObject({
      status: 401,
      json: { message: 'Token inválido. Verifique e tente novamente.' },
    });
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json.authenticated,
    ).toBe(false);
  });

  it('authenticates the user (status, profile) but CRM v2 calls still ask for OAuth', async () => {
    await configure(h.api, alice);
    const result = await call(h.api, 'POST', '/api/rdstation/auth/v1-token', {
      as: alice,
      body: { apiV1Token: `  ${ACCOUNT1.users.bruno.v1Token} ` },
    });
    expect(result).toMatchObject({
      status: 200,
      json: { authenticated: true, userId: 'alice', method: 'api-v1' },
    });
    const check = h.calls.filter((c) => c.url.includes('/api/v1/token/check')).at(-1);
    expect(new URL(check?.url ?? 'http://x').searchParams.get('token')).toBe(
      ACCOUNT1.users.bruno.v1Token,
    );
    expect((await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json).toEqual({
      authenticated: true,
      userId: 'alice',
      method: 'api-v1',
      // A v1 token reaches no v2 call: there is no v2 user to choose.
      crmUserRequired: false,
      crmUserSource: null,
    });
    expect((await call(h.api, 'GET', '/api/rdstation/user/profile', { as: alice })).json).toEqual({
      data: {
        id: null,
        name: ACCOUNT1.users.bruno.name,
        email: ACCOUNT1.users.bruno.email,
        organization: { name: ACCOUNT1.name },
      },
    });
    const deals = await call(h.api, 'GET', '/api/rdstation/deals', { as: alice });
    expect(deals.status).toBe(401);
    expect(deals.json.message).toBe(
      'Sua sessão usa um token da API v1, que não dá acesso a esta função do RD Station CRM (API v2). Conecte-se pelo login do RD Station CRM (OAuth) para continuar.',
    );
    // OAuth afterwards upgrades the same session; the e-mail RD verified for the v1 token names
    // the CRM user, so nothing is asked.
    await login(h, alice, ACCOUNT1.users.ana.email, { confirm: false });
    expect((await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json).toEqual({
      authenticated: true,
      userId: 'alice',
      method: 'oauth',
      crmUserRequired: false,
      crmUserSource: 'v1-token',
    });
    expect((await call(h.api, 'GET', '/api/rdstation/user/profile', { as: alice })).json).toEqual({
      data: {
        id: ACCOUNT1.users.bruno.id,
        name: ACCOUNT1.users.bruno.name,
        email: ACCOUNT1.users.bruno.email,
        organization: { name: ACCOUNT1.name },
      },
    });
    expect((await call(h.api, 'GET', '/api/rdstation/deals?limit=1', { as: alice })).status).toBe(
      200,
    );
  });
});

describe('profile', () => {
  it('answers 428 without credentials and 401 without a session', async () => {
    await acceptTerms(h.api, alice);
    expect((await call(h.api, 'GET', '/api/rdstation/user/profile', { as: alice })).status).toBe(
      428,
    );
    await configure(h.api, alice);
    const noSession = await call(h.api, 'GET', '/api/rdstation/user/profile', { as: alice });
    expect(noSession).toMatchObject({
      status: 401,
      json: { message: 'Você não está conectado ao RD Station CRM. Faça login para continuar.' },
    });
  });

  it('is per tenant: tenant B users see their own account', async () => {
    await configure(h.api, beatriz, {}, 'account2');
    await login(h, beatriz, 'renata@betaservicos.com.br');
    const profile = await call(h.api, 'GET', '/api/rdstation/user/profile', { as: beatriz });
    expect(profile.json).toMatchObject({
      data: { name: 'Renata Souza', email: 'renata@betaservicos.com.br' },
    });
  });
});

describe('token expiry (sandbox clock)', () => {
  let now = Date.now();
  let timed: Harness;
  const clock = () => now;

  beforeEach(async () => {
    now = Date.now();
    timed = await startHarness({
      sandbox: { now: clock, accessTokenTtlSeconds: 60, refreshTokenIdleTtlSeconds: 300 },
      api: { now: clock },
    });
    await configure(timed.api, alice);
    await login(timed, alice);
  });
  afterEach(async () => {
    await timed.close();
  });

  it('refreshes an expired access token before calling the CRM', async () => {
    now += 61_000;
    const users = await call(timed.api, 'GET', '/api/rdstation/users?refresh=true', { as: alice });
    expect(users.status).toBe(200);
    expect(timed.refreshCalls()).toHaveLength(1);
    const again = await call(timed.api, 'GET', '/api/rdstation/deals?limit=1', { as: alice });
    expect(again.status).toBe(200);
    expect(timed.refreshCalls()).toHaveLength(1);
  });

  it('ends the session when the refresh token expired too (401, session gone)', async () => {
    now += 301_000;
    const users = await call(timed.api, 'GET', '/api/rdstation/deals', { as: alice });
    expect(users).toMatchObject({
      status: 401,
      json: { message: 'Sua sessão no RD Station CRM terminou. Faça login novamente.' },
    });
    expect(
      (await call(timed.api, 'GET', '/api/rdstation/auth/status', { as: alice })).json
        .authenticated,
    ).toBe(false);
  });
});
