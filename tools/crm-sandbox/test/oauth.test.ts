import { startSandbox, type RunningSandbox } from '@crm-sandbox/index';
import { crmClient, type DealJson, send, WELL_KNOWN } from './helpers';

const A = WELL_KNOWN.account1;
const B = WELL_KNOWN.account2;
const REDIRECT = 'http://127.0.0.1:3333/api/rdstation/auth/callback';
let sandbox: RunningSandbox;
let now = Date.parse('2025-06-02T15:00:00.000Z');

beforeAll(async () => {
  sandbox = await startSandbox({
    now: () => now,
    accessTokenTtlSeconds: 7200,
    codeTtlSeconds: 300,
    // The tests' callback is http on loopback: taken with the knob (strict: https only).
    knobs: { loopbackHttpCallbacks: true },
    redirectUris: [REDIRECT],
  });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
});

function authorizeUrl(params: Record<string, string>): string {
  return `${sandbox.url}/oauth/authorize?${new URLSearchParams(params).toString()}`;
}

async function postForm(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: isJson ? JSON.parse(text) : null,
  };
}

/** What a browser would send back from the consent form: its hidden fields plus the chosen user. */
function formFields(html: string, userId: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return { ...fields, user_id: userId, decision: 'allow' };
}

async function consent(clientId: string, userId: string, state = 'st-123'): Promise<URL> {
  const page = await fetch(
    authorizeUrl({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, state }),
  );
  const consented = await postForm('/oauth/authorize', formFields(await page.text(), userId));
  expect(consented.status).toBe(302);
  return new URL(consented.headers.get('location') ?? '');
}

async function exchange(code: string, overrides: Record<string, string> = {}) {
  return postForm('/oauth2/token', {
    grant_type: 'authorization_code',
    client_id: A.clientId,
    client_secret: A.clientSecret,
    code,
    redirect_uri: REDIRECT,
    ...overrides,
  });
}

describe('OAuth 2 authorisation code flow', () => {
  it('shows a pt-BR consent page listing the account users, then redirects with the code only', async () => {
    const state = 'a b/ç?&=x';
    const page = await fetch(
      authorizeUrl({ response_type: 'code', client_id: A.clientId, redirect_uri: REDIRECT, state }),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<title>Autorizar acesso ao RD Station CRM</title>');
    expect(html).toContain('<h1>Autorizar acesso ao RD Station CRM</h1>');
    // The app's own account first; RD lets the person pick any account they belong to.
    expect(html).toContain('<legend>Entrar na conta Acme Soluções Ltda como</legend>');
    expect(html).toContain('<legend>Entrar na conta Beta Serviços ME como</legend>');
    expect(html.indexOf('Acme Soluções Ltda')).toBeLessThan(html.indexOf('Beta Serviços ME'));
    expect(html).toContain(
      `<label><input type="radio" name="user_id" value="${A.users.ana.id}" checked> Ana Paula Ferreira (ana.ferreira@acmesolucoes.com.br)</label>`,
    );
    expect(html.match(/type="radio"/g)).toHaveLength(7);
    expect(html.match(/ checked>/g)).toHaveLength(1);
    expect(html).not.toContain(A.users.gustavo.name);
    expect(html).toContain(
      '<button type="submit" name="decision" value="allow">Autorizar</button>',
    );

    const consented = await postForm('/oauth/authorize', formFields(html, A.users.camila.id));
    expect(consented.status).toBe(302);
    const location = new URL(consented.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    // RD documents `?code=` only: the state is not carried back.
    expect([...location.searchParams.keys()]).toEqual(['code']);
    expect(location.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);

    const token = await exchange(location.searchParams.get('code') ?? '');
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(token.json)).toEqual([
      'access_token',
      'refresh_token',
      'expires_in',
      'token_type',
    ]);
    expect(token.json).toMatchObject({ expires_in: 7200, token_type: 'Bearer' });

    const deal = await crmClient(sandbox, token.json.access_token).get<DealJson>(
      `/deals/${A.deals.implantacao.id}`,
    );
    expect(deal.status).toBe(200);
    expect(deal.body.data.name).toBe(A.deals.implantacao.name);
  });

  it('echoes the state with the echoState knob', async () => {
    sandbox.setKnobs({ echoState: true });
    const location = await consent(A.clientId, A.users.ana.id, 'a b/ç?&=x');
    expect(location.searchParams.get('state')).toBe('a b/ç?&=x');
    expect(location.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  });

  it('has no userinfo endpoint (RD has none, nor /users/me)', async () => {
    const { access_token } = sandbox.issueTokens(A.clientId, A.users.ana.email);
    const me = await send(`${sandbox.url}/oauth2/userinfo`, { token: access_token });
    expect(me.status).toBe(404);
  });

  it('takes the token request form-encoded; JSON only with tokenJsonBody; HTTP Basic works', async () => {
    const code = (await consent(A.clientId, A.users.ana.id)).searchParams.get('code') ?? '';
    const basic = `Basic ${Buffer.from(`${A.clientId}:${A.clientSecret}`).toString('base64')}`;
    const asJson = () =>
      send<Record<string, unknown>>(`${sandbox.url}/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basic },
        body: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      });
    const refused = await asJson();
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'invalid_request',
      error_description: 'The token request must be application/x-www-form-urlencoded',
    });
    sandbox.setKnobs({ tokenJsonBody: true });
    const response = await asJson();
    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe('Bearer');
    const other = (await consent(A.clientId, A.users.ana.id)).searchParams.get('code') ?? '';
    const form = await postForm(
      '/oauth2/token',
      { grant_type: 'authorization_code', code: other, redirect_uri: REDIRECT },
      { authorization: basic },
    );
    expect(form.status).toBe(200);
  });

  it('redirects with error=access_denied when the user cancels', async () => {
    const page = await fetch(
      authorizeUrl({
        response_type: 'code',
        client_id: A.clientId,
        redirect_uri: REDIRECT,
        state: 's1',
      }),
    );
    const denied = await postForm('/oauth/authorize', {
      ...formFields(await page.text(), A.users.ana.id),
      decision: 'deny',
    });
    expect(denied.status).toBe(302);
    expect(denied.headers.get('location')).toBe(`${REDIRECT}?error=access_denied`);
  });

  it.each([
    [{ client_id: 'desconhecido' }, 'Aplicativo não encontrado: verifique o client_id.'],
    [{ client_id: '' }, 'O parâmetro client_id é obrigatório.'],
    [
      { redirect_uri: 'https://evil.example.com/cb' },
      'redirect_uri não cadastrado: use exatamente uma URL de callback cadastrada no aplicativo.',
    ],
    [
      { redirect_uri: `${REDIRECT}/` },
      'redirect_uri não cadastrado: use exatamente uma URL de callback cadastrada no aplicativo.',
    ],
    [
      { redirect_uri: 'http://localhost:3333/api/rdstation/auth/callback' },
      'redirect_uri não cadastrado: use exatamente uma URL de callback cadastrada no aplicativo.',
    ],
    [{ response_type: 'token' }, 'O parâmetro response_type deve ser &quot;code&quot;.'],
  ])('answers a pt-BR error page (400) for %j', async (override, message) => {
    const page = await fetch(
      authorizeUrl({
        response_type: 'code',
        client_id: A.clientId,
        redirect_uri: REDIRECT,
        ...override,
      }),
    );
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('<title>Erro na autorização</title>');
    expect(html).toContain(`<p role="alert">${message}</p>`);
  });

  it('strict by default: an http callback is refused, even on loopback (RD asks for https)', async () => {
    const strict = await startSandbox({ port: 0 });
    const authorizeOn = (target: RunningSandbox, redirectUri: string) =>
      fetch(
        `${target.url}/oauth/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: A.clientId,
          redirect_uri: redirectUri,
        }).toString()}`,
      );
    try {
      expect(strict.getKnobs().loopbackHttpCallbacks).toBe(false);
      const refused = await send(`${strict.url}/__admin/redirect-uris`, {
        method: 'POST',
        body: { uri: 'http://127.0.0.1:4599/callback', client_id: A.clientId },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message:
          "'http://127.0.0.1:4599/callback' must use https (RD's App Publisher: \"Certifique-se que seu endereço contém https://\"; http on loopback only with loopbackHttpCallbacks)",
      });
      expect(() => strict.registerRedirectUri('http://localhost:3333/cb')).toThrow(
        'must use https',
      );
      // An https callback on loopback (the panel's own, say) is taken, and codes go to it.
      strict.registerRedirectUri('https://localhost:8443/api/rdstation/auth/callback', A.clientId);
      const page = await authorizeOn(strict, 'https://localhost:8443/api/rdstation/auth/callback');
      expect(page.status).toBe(200);
      // The knob takes the other reading; a registration stays when the knobs are reset.
      strict.setKnobs({ loopbackHttpCallbacks: true });
      strict.registerRedirectUri('http://127.0.0.1:4599/callback', A.clientId);
      strict.reset();
      expect(strict.getKnobs().loopbackHttpCallbacks).toBe(false);
      const loopback = await authorizeOn(strict, 'http://127.0.0.1:4599/callback');
      expect(loopback.status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('registers callback URLs per app (admin endpoint): https, or http on loopback only with the knob', async () => {
    const authorize = (clientId: string, redirectUri: string) =>
      fetch(
        authorizeUrl({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri }),
      );
    const localhost = 'http://localhost:4200/cb';
    expect((await authorize(B.clientId, localhost)).status).toBe(400);
    const registered = await send<Record<string, string[]>>(
      `${sandbox.url}/__admin/redirect-uris`,
      { method: 'POST', body: { uri: localhost, client_id: B.clientId } },
    );
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({
      [A.clientId]: [REDIRECT],
      [B.clientId]: [REDIRECT, localhost],
    });
    const page = await authorize(B.clientId, localhost);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<legend>Entrar na conta Beta Serviços ME como</legend>');
    expect((await authorize(A.clientId, localhost)).status).toBe(400);

    const insecure = await send(`${sandbox.url}/__admin/redirect-uris`, {
      method: 'POST',
      body: { uri: 'http://crm.example.com/cb' },
    });
    expect(insecure.status).toBe(400);
    expect(insecure.body).toEqual({
      message:
        "'http://crm.example.com/cb' must use https (http only on 127.0.0.1, localhost or [::1])",
    });
    // An https callback elsewhere can be registered, but the sandbox sends codes only to loopback.
    sandbox.registerRedirectUri('https://crm.example.com/cb', A.clientId);
    const elsewhere = await authorize(A.clientId, 'https://crm.example.com/cb');
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain(
      'redirect_uri não permitido: use um endereço em 127.0.0.1 ou localhost.',
    );
    expect(() => sandbox.registerRedirectUri(localhost, 'nope')).toThrow(
      "Unknown OAuth client_id 'nope'",
    );
  });

  it('codes are single use', async () => {
    const code = (await consent(A.clientId, A.users.ana.id)).searchParams.get('code') ?? '';
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(again.json).toEqual({
      error: 'invalid_grant',
      error_description: 'Unknown or already used code',
    });
  });

  it('codes expire after codeTtlSeconds', async () => {
    const code = (await consent(A.clientId, A.users.ana.id)).searchParams.get('code') ?? '';
    now += 300_000;
    const late = await exchange(code);
    expect(late.status).toBe(401);
    expect(late.json).toEqual({
      error: 'invalid_grant',
      error_description: 'The code has expired',
    });
  });

  it('checks the redirect_uri and the client secret', async () => {
    const code = (await consent(A.clientId, A.users.ana.id)).searchParams.get('code') ?? '';
    const wrongSecret = await exchange(code, { client_secret: 'errado' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.json.error).toBe('invalid_client');
    // A refused client does not burn the code.
    const wrongRedirect = await exchange(code, { redirect_uri: 'http://127.0.0.1:9999/other' });
    expect(wrongRedirect.status).toBe(401);
    expect(wrongRedirect.json.error_description).toBe(
      'redirect_uri does not match the authorization request',
    );
    const unsupported = await exchange(code, { grant_type: 'password' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.json.error).toBe('unsupported_grant_type');
  });
});

describe('tokens', () => {
  it('access tokens expire after accessTokenTtlSeconds (401 with errors)', async () => {
    const { access_token } = sandbox.issueTokens(A.clientId, A.users.ana.email);
    const crm = crmClient(sandbox, access_token);
    expect((await crm.get('/users')).status).toBe(200);
    now += 7_199_000;
    expect((await crm.get('/users')).status).toBe(200);
    now += 1_000;
    const expired = await crm.get('/users');
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(expired.body).toEqual({
      errors: [
        {
          status: '401',
          code: 'UNAUTHORIZED',
          title: 'Unauthorized',
          detail: 'Access token expired',
        },
      ],
    });
  });

  it('refresh tokens rotate: the new pair works, the old refresh token is refused', async () => {
    const first = sandbox.issueTokens(A.clientId, A.users.bruno.email);
    now += 8_000_000;
    const refresh = (token: string, secret: string = A.clientSecret) =>
      postForm('/oauth2/token', {
        grant_type: 'refresh_token',
        client_id: A.clientId,
        client_secret: secret,
        refresh_token: token,
      });
    expect((await refresh(first.refresh_token, 'errado')).status).toBe(401);
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    expect((await crmClient(sandbox, second.json.access_token).get('/users')).status).toBe(200);
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(401);
    expect(reused.json).toEqual({
      error: 'invalid_grant',
      error_description: 'Unknown, revoked or already used refresh token',
    });
  });

  it('refresh tokens die after the idle TTL (14 days by default)', async () => {
    const { refresh_token } = sandbox.issueTokens(A.clientId, A.users.ana.email);
    now += 14 * 86_400_000;
    const late = await postForm('/oauth2/token', {
      grant_type: 'refresh_token',
      client_id: A.clientId,
      client_secret: A.clientSecret,
      refresh_token,
    });
    expect(late.status).toBe(401);
    expect(late.json.error_description).toBe('The refresh token has expired');
  });

  it('401 for a missing or unknown Bearer token', async () => {
    const missing = await send(`${sandbox.url}/crm/v2/deals`);
    expect(missing.status).toBe(401);
    expect(missing.body.errors[0]?.detail).toBe(
      'Missing Authorization: Bearer <access_token> header',
    );
    const unknown = await send(`${sandbox.url}/crm/v2/deals`, { token: 'nao-existe' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors[0]?.detail).toBe('Invalid access token');
  });
});

describe('accounts', () => {
  it('keeps data per account: account 2 cannot read account 1 deals (404) and sees its own', async () => {
    const beta = crmClient(
      sandbox,
      sandbox.issueTokens(B.clientId, B.users.renata.email).access_token,
    );
    expect((await beta.get(`/deals/${A.deals.implantacao.id}`)).status).toBe(404);
    const own = await beta.get<DealJson>(`/deals/${B.deal.id}`);
    expect(own.body.data.name).toBe(B.deal.name);
    const deals = await beta.get<DealJson[]>('/deals?page[size]=100');
    expect(deals.body.data).toHaveLength(B.counts.deals);
    const users = await beta.get<{ name: string }[]>('/users');
    expect(users.body.data.map((user) => user.name)).toEqual(['Otávio Mendes', 'Renata Souza']);
    expect(() => sandbox.issueTokens(B.clientId, A.users.ana.email)).toThrow(
      "No user 'ana.ferreira@acmesolucoes.com.br' in account 'Beta Serviços ME'",
    );
  });

  it("an app's consent may sign in to another account: the token is that account's (knob consentAccounts)", async () => {
    const callback = await consent(A.clientId, B.users.renata.id);
    const token = await exchange(callback.searchParams.get('code') ?? '');
    expect(token.status).toBe(200);
    const beta = crmClient(sandbox, token.json.access_token);
    expect((await beta.get(`/deals/${A.deals.implantacao.id}`)).status).toBe(404);
    expect((await beta.get(`/users/${B.users.renata.id}`)).status).toBe(200);
    expect((await beta.get(`/users/${A.users.ana.id}`)).status).toBe(404);

    sandbox.setKnobs({ consentAccounts: 'app' });
    const page = await fetch(
      authorizeUrl({ response_type: 'code', client_id: A.clientId, redirect_uri: REDIRECT }),
    );
    const html = await page.text();
    expect(html).not.toContain('Beta Serviços ME');
    const refused = await postForm('/oauth/authorize', formFields(html, B.users.renata.id));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Selecione um usuário desta conta para continuar.');
  });

  it("lists an API v1 token's own account users (GET /api/v1/users), with the v2 ids", async () => {
    const listed = await send<{ users: Record<string, unknown>[] }>(
      `${sandbox.url}/api/v1/users?token=${B.users.otavio.v1Token}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.users.map((user) => [user.id, user._id, user.email])).toEqual([
      [B.users.renata.id, B.users.renata.id, B.users.renata.email],
      [B.users.otavio.id, B.users.otavio.id, B.users.otavio.email],
    ]);
    const bad = await send(`${sandbox.url}/api/v1/users?token=errado`);
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: 'Permission denied.' });
  });

  it('refuses GET /api/v1/users parameters its page does not document, unless the knob allows them', async () => {
    const token = B.users.otavio.v1Token;
    const unknown = await send(`${sandbox.url}/api/v1/users?token=${token}&page=2`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Unknown parameter: page' });
    const badActive = await send(`${sandbox.url}/api/v1/users?token=${token}&active=sim`);
    expect(badActive.status).toBe(400);
    const active = await send<{ users: unknown[] }>(
      `${sandbox.url}/api/v1/users?token=${token}&active=true`,
    );
    expect(active.status).toBe(200);
    expect(active.body.users).toHaveLength(2);
    sandbox.setKnobs({ ignoreUnknownParams: true });
    const lenient = await send(`${sandbox.url}/api/v1/users?token=${token}&page=2`);
    expect(lenient.status).toBe(200);
  });

  it('checks API v1 tokens', async () => {
    const ok = await send<Record<string, unknown>>(
      `${sandbox.url}/api/v1/token/check?token=${A.users.diego.v1Token}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      email: 'diego.martins@acmesolucoes.com.br',
      name: 'Diego Martins',
      organization: 'Acme Soluções Ltda',
    });
    const bad = await send(`${sandbox.url}/api/v1/token/check?token=errado`);
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: 'Permission denied.' });
  });
});
