import fs from 'node:fs';
import path from 'node:path';
import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import {
  ACCOUNT1,
  type Identity,
  type Harness,
  REDIRECT_URI,
  SECURITY_PASSWORD,
  call,
  configure,
  credentialsFor,
  freshPeople,
  login,
  openSignInWindow,
  sessionHeaders,
  startHarness,
} from './support/harness';

const IDENTITY_MISSING =
  'Cabeçalhos de identificação ausentes: envie x-user-id e x-system-key para identificar o usuário e o sistema.';

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

describe('identity headers', () => {
  it.each([
    ['no headers', {}],
    ['only x-user-id', { 'x-user-id': 'alice' }],
    ['only x-system-key', { 'x-system-key': 'tenant-a' }],
    ['blank values', { 'x-user-id': '  ', 'x-system-key': 'tenant-a' }],
  ])('%s → 400 with the pt-BR message', async (_label, headers) => {
    const result = await call(h.api, 'GET', '/api/rdstation/terms/status', { as: null, headers });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ message: IDENTITY_MISSING });
  });

  it('is checked before the body', async () => {
    const result = await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
      as: null,
      body: { contactId: 5 },
    });
    expect(result).toMatchObject({ status: 400, json: { message: IDENTITY_MISSING } });
  });
});

describe('credentials', () => {
  it('reports an unconfigured tenant with the default redirect URI', async () => {
    const result = await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      configured: false,
      redirectUri: REDIRECT_URI,
      setupCodeRequired: false,
    });
  });

  it.each([
    [{ clientId: '  ' }, 'Client ID é obrigatório'],
    [{ clientSecret: '' }, 'Client Secret é obrigatório'],
    [{ redirectUri: ' ' }, 'Redirect URI é obrigatório'],
    [{ defaultChatDomain: '' }, 'Domínio do Chat é obrigatório'],
    [{ securityPassword: '' }, 'Senha de segurança é obrigatória'],
    [{ securityPassword: '12345' }, 'A senha deve ter no mínimo 6 caracteres'],
    [{ confirmSecurityPassword: 'outra-senha' }, 'As senhas não coincidem'],
  ])('refuses %j with the spec text', async (override, message) => {
    const result = await call(h.api, 'POST', '/api/rdstation/credentials', {
      as: alice,
      body: { ...credentialsFor(), ...override },
    });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ message });
    expect(
      (await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice })).json
        .configured,
    ).toBe(false);
  });

  it('applies the rules in order (the first failing one wins)', async () => {
    const result = await call(h.api, 'POST', '/api/rdstation/credentials', {
      as: alice,
      body: { clientId: '', clientSecret: '', securityPassword: '1' },
    });
    expect(result.json).toEqual({ message: 'Client ID é obrigatório' });
  });

  it('does not trim the password: "     1" has 6 characters and is accepted', async () => {
    const result = await call(h.api, 'POST', '/api/rdstation/credentials', {
      as: alice,
      body: { ...credentialsFor(), securityPassword: '     1' },
    });
    expect(result.status).toBe(201);
    const wrong = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: '1' },
    });
    expect(wrong.status).toBe(403);
    const right = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: '     1' },
    });
    expect(right.status).toBe(200);
  });

  it('stores trimmed values and answers without any secret', async () => {
    const result = await call(h.api, 'POST', '/api/rdstation/credentials', {
      as: alice,
      body: {
        ...credentialsFor(),
        clientId: `  ${ACCOUNT1.clientId}  `,
        redirectUri: ` ${REDIRECT_URI} `,
        confirmSecurityPassword: SECURITY_PASSWORD,
      },
    });
    expect(result.status).toBe(201);
    expect(result.json).toEqual({ success: true, redirectUri: REDIRECT_URI });
    const status = await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice });
    expect(status.json).toEqual({
      configured: true,
      redirectUri: REDIRECT_URI,
      setupCodeRequired: false,
      liveUpdates: {
        on: false,
        reason: 'disabled',
        message: 'Atualizações ao vivo do RD Station CRM: desligadas neste servidor.',
        action: 'Peça ao responsável pelo servidor do painel para ligá-las (CRM_WEBHOOKS).',
      },
    });
    const start = await call(h.api, 'GET', '/api/rdstation/auth/start', { as: alice });
    const signInWindow = await openSignInWindow(h.api, String(start.json.authUrl));
    const authUrl = new URL(signInWindow.consentUrl);
    expect(authUrl.searchParams.get('client_id')).toBe(ACCOUNT1.clientId);
    for (const text of [result.text, status.text, start.text]) {
      expect(text).not.toContain(ACCOUNT1.clientSecret);
      expect(text).not.toContain(SECURITY_PASSWORD);
    }
  });

  it('refuses to overwrite configured credentials (409)', async () => {
    await configure(h.api, alice);
    const again = await call(h.api, 'POST', '/api/rdstation/credentials', {
      as: alice,
      body: { ...credentialsFor(), securityPassword: 'outra-senha' },
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      message:
        'A integração já está configurada. Remova a integração antes de configurá-la novamente.',
    });
  });

  it('answers 400 in pt-BR for a body of the wrong type', async () => {
    const result = await call(h.api, 'POST', '/api/rdstation/credentials', {
      as: alice,
      body: { clientId: { id: 1 } },
    });
    expect(result).toMatchObject({
      status: 400,
      json: { message: "O campo 'clientId' deve ser um texto." },
    });
    const none = await call(h.api, 'POST', '/api/rdstation/credentials', { as: alice });
    expect(none).toMatchObject({ status: 400, json: { message: 'Client ID é obrigatório' } });
    const broken = await h.api.inject({
      method: 'POST',
      url: '/api/rdstation/credentials',
      headers: {
        ...(await sessionHeaders(h.api, { userId: 'alice', systemKey: 'tenant-a' })),
        'content-type': 'application/json',
      },
      payload: '{"clientId":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'O corpo da requisição não é um JSON válido.' });
  });
});

describe('the redirect URI', () => {
  const HTTPS_ONLY =
    'A Redirect URI deve usar https (http só é aceito com o api em desenvolvimento ou para endereços locais).';
  const NOT_A_URL = 'A Redirect URI deve ser um endereço completo, como https://…/callback.';
  let production: Harness;

  beforeAll(async () => {
    production = await startHarness({
      sharedSandbox: sandbox,
      api: { mode: 'production', lookupHost: async () => ['93.184.215.14'] },
    });
  });
  afterAll(async () => {
    await production.close();
  });

  const save = (api: Harness['api'], identity: Identity, redirectUri: string) =>
    call(api, 'POST', '/api/rdstation/credentials', {
      as: identity,
      body: { ...credentialsFor(), redirectUri },
    });

  it.each([
    ['http://painel.example.com/api/rdstation/auth/callback', HTTPS_ONLY],
    ['ftp://painel.example.com/callback', HTTPS_ONLY],
    ['https://usuario:senha@painel.example.com/callback', HTTPS_ONLY],
    ['https://painel.example.com/callback#fim', HTTPS_ONLY],
    ['painel.example.com/callback', NOT_A_URL],
  ])('in production refuses %s with a pt-BR 400, storing nothing', async (redirectUri, message) => {
    const result = await save(production.api, alice, redirectUri);
    expect(result).toMatchObject({ status: 400, json: { message } });
    const status = await call(production.api, 'GET', '/api/rdstation/credentials/status', {
      as: alice,
    });
    expect(status.json).toMatchObject({ configured: false });
  });

  it.each([
    'https://painel.example.com/api/rdstation/auth/callback',
    'http://127.0.0.1:3333/api/rdstation/auth/callback',
    'http://localhost:3333/api/rdstation/auth/callback',
  ])('in production accepts %s (https, or a loopback host)', async (redirectUri) => {
    const result = await save(production.api, alice, redirectUri);
    expect(result).toMatchObject({ status: 201, json: { success: true, redirectUri } });
  });

  it('in development accepts http on any host', async () => {
    const redirectUri = 'http://painel.example.com/api/rdstation/auth/callback';
    const result = await save(h.api, alice, redirectUri);
    expect(result).toMatchObject({ status: 201, json: { redirectUri } });
  });
});

describe('removing the integration', () => {
  it('asks for the password, refuses a wrong one with 403 and needs credentials (428)', async () => {
    const none = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: 'x' },
    });
    expect(none).toMatchObject({ status: 428 });
    await configure(h.api, alice);
    const empty = await call(h.api, 'DELETE', '/api/rdstation/credentials', { as: alice });
    expect(empty).toMatchObject({
      status: 400,
      json: { message: 'Senha de segurança é obrigatória' },
    });
    const wrong = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: 'errada' },
    });
    expect(wrong).toMatchObject({ status: 403, json: { message: 'Senha de segurança incorreta' } });
    expect(
      (await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice })).json
        .configured,
    ).toBe(true);
  });

  it('locks after 5 wrong tries in 15 minutes: the 6th answers 429, even with the right password', async () => {
    await configure(h.api, alice);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
        as: alice,
        body: { securityPassword: `x${i}` },
      });
      expect(wrong.status).toBe(403);
    }
    const sixth = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: 'x6' },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual({
      message: 'Muitas tentativas com senha incorreta. Aguarde 15 minutos e tente novamente.',
    });
    expect(sixth.headers['retry-after']).toBe('900');
    const right = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: SECURITY_PASSWORD },
    });
    expect(right.status).toBe(429);
    // Another tenant is not locked by tenant A's tries.
    await configure(h.api, beatriz);
    const other = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: beatriz,
      body: { securityPassword: SECURITY_PASSWORD },
    });
    expect(other).toMatchObject({ status: 200, json: { usersAffected: 0 } });
  });

  it('lets tries older than 15 minutes go', async () => {
    let now = Date.now();
    // Sessions outlive the jump in time here: the test is about the lockout window.
    const own = await startHarness({
      sharedSandbox: sandbox,
      api: { now: () => now, identity: { sessionTtlMs: 60 * 60_000 } },
    });
    try {
      await configure(own.api, alice);
      for (let i = 0; i < 5; i += 1) {
        await call(own.api, 'DELETE', '/api/rdstation/credentials', {
          as: alice,
          body: { securityPassword: `x${i}` },
        });
      }
      now += 15 * 60_000 + 1;
      const right = await call(own.api, 'DELETE', '/api/rdstation/credentials', {
        as: alice,
        body: { securityPassword: SECURITY_PASSWORD },
      });
      expect(right.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('removes credentials and every session of the tenant, and only of that tenant', async () => {
    await configure(h.api, alice);
    await configure(h.api, beatriz, {}, 'account2');
    expect((await login(h, alice)).status).toBe(200);
    expect((await login(h, arthur, ACCOUNT1.users.bruno.email)).status).toBe(200);
    expect((await login(h, beatriz, 'renata@betaservicos.com.br')).status).toBe(200);

    const removed = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: SECURITY_PASSWORD },
    });
    expect(removed).toMatchObject({ status: 200, json: { usersAffected: 2 } });
    expect(
      (await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice })).json
        .configured,
    ).toBe(false);
    for (const identity of [alice, arthur]) {
      expect(
        (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: identity })).json,
      ).toEqual({
        authenticated: false,
        userId: null,
        method: null,
        crmUserRequired: false,
        crmUserSource: null,
      });
    }
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: beatriz })).json.authenticated,
    ).toBe(true);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: beatriz })).json
        .configured,
    ).toBe(true);
    const users = await call(h.api, 'GET', '/api/rdstation/users', { as: alice });
    expect(users.status).toBe(428);
  });
});

describe('tenant isolation of credentials', () => {
  it('tenant B neither sees nor removes tenant A credentials', async () => {
    await configure(h.api, alice);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: beatriz })).json
        .configured,
    ).toBe(false);
    const attempt = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: beatriz,
      body: { securityPassword: SECURITY_PASSWORD },
    });
    expect(attempt.status).toBe(428);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice })).json
        .configured,
    ).toBe(true);
    // B configuring its own does not touch A's.
    await configure(h.api, beatriz, { securityPassword: 'senha-da-beatriz' }, 'account2');
    const wrongForA = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: 'senha-da-beatriz' },
    });
    expect(wrongForA.status).toBe(403);
  });
});

describe('terms', () => {
  it('are accepted per user', async () => {
    expect((await call(h.api, 'GET', '/api/rdstation/terms/status', { as: alice })).json).toEqual({
      accepted: false,
    });
    const accepted = await call(h.api, 'POST', '/api/rdstation/terms/accept', { as: alice });
    expect(accepted).toMatchObject({ status: 200, json: { accepted: true } });
    expect((await call(h.api, 'GET', '/api/rdstation/terms/status', { as: alice })).json).toEqual({
      accepted: true,
    });
    expect((await call(h.api, 'GET', '/api/rdstation/terms/status', { as: arthur })).json).toEqual({
      accepted: false,
    });
    expect((await call(h.api, 'GET', '/api/rdstation/terms/status', { as: beatriz })).json).toEqual(
      {
        accepted: false,
      },
    );
  });

  it('accept tolerates an empty JSON body and an object body', async () => {
    const empty = await h.api.inject({
      method: 'POST',
      url: '/api/rdstation/terms/accept',
      headers: {
        ...(await sessionHeaders(h.api, { userId: 'alice', systemKey: 'tenant-a' })),
        'content-type': 'application/json',
      },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    expect(
      (await call(h.api, 'POST', '/api/rdstation/terms/accept', { as: arthur, body: {} })).status,
    ).toBe(200);
  });
});

describe('secrets at rest and in logs', () => {
  it('keeps client secret, password and tokens out of the SQLite file and of every log line', async () => {
    const h = await startHarness({ sharedSandbox: sandbox });
    await configure(h.api, alice);
    await login(h, alice);
    const v1 = await call(h.api, 'POST', '/api/rdstation/auth/v1-token', {
      as: arthur,
      body: { apiV1Token: ACCOUNT1.users.bruno.v1Token },
    });
    expect(v1.status).toBe(200);
    const answers = [
      v1,
      await call(h.api, 'GET', '/api/rdstation/users', {
        as: alice,
        headers: { authorization: 'Bearer leaked' },
      }),
      await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice }),
      await call(h.api, 'GET', '/api/rdstation/auth/status', { as: arthur }),
      await call(h.api, 'GET', '/api/rdstation/user/profile', { as: alice }),
      await call(h.api, 'GET', '/api/rdstation/user/profile', { as: arthur }),
      await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice }),
    ];
    expect(h.secretsSeen.length).toBeGreaterThanOrEqual(2);
    await h.api.close();

    const files = fs.readdirSync(h.dataDir).filter((name) => name.startsWith('crm-panel.sqlite'));
    expect(files).toContain('crm-panel.sqlite');
    const bytes = Buffer.concat(
      files.map((name) => fs.readFileSync(path.join(h.dataDir, name))),
    ).toString('latin1');
    const secrets = [
      ACCOUNT1.clientSecret,
      SECURITY_PASSWORD,
      ACCOUNT1.users.bruno.v1Token,
      ...h.secretsSeen,
    ];
    for (const secret of secrets) {
      expect(bytes).not.toContain(secret);
      for (const answer of answers) expect(answer.text).not.toContain(secret);
    }
    expect(bytes).toContain(ACCOUNT1.clientId);

    const logText = h.logs.join('\n');
    expect(h.logs.length).toBeGreaterThan(5);
    for (const secret of [...secrets, 'leaked']) expect(logText).not.toContain(secret);
    expect(logText).toContain('/api/rdstation/auth/callback?code=%5BRedacted%5D');
    await h.restart();
    await h.close();
  });

  it('logs one line per request: method, masked URL, status, response time, request id; no secret', async () => {
    const lh = await startHarness({ sharedSandbox: sandbox });
    try {
      await configure(lh.api, alice);
      await login(lh, alice);
      const token = (await sessionHeaders(lh.api, alice)).authorization ?? '';
      lh.logs.length = 0;
      const profile = await call(lh.api, 'GET', '/api/rdstation/user/profile', { as: alice });
      expect(profile.status).toBe(200);
      const callback = await call(
        lh.api,
        'GET',
        '/api/rdstation/auth/callback?code=segredo-do-codigo&state=estado-secreto',
        { as: null, headers: { authorization: 'Bearer leaked-bearer-value' } },
      );
      expect(callback.status).toBe(400);
      const lines = lh.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
      const perRequest = lines.filter((line) => line.msg === 'request completed');
      expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
      expect(perRequest).toHaveLength(2);
      expect(perRequest[0]).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/api/rdstation/user/profile' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        reqId: expect.any(String),
      });
      expect(perRequest[1]).toMatchObject({
        req: {
          method: 'GET',
          url: '/api/rdstation/auth/callback?code=%5BRedacted%5D&state=%5BRedacted%5D',
        },
        res: { statusCode: 400 },
      });
      expect(perRequest[0]?.reqId).not.toBe(perRequest[1]?.reqId);
      const logText = lh.logs.join('\n');
      for (const secret of [
        token.replace(/^Bearer /, ''),
        'leaked-bearer-value',
        'segredo-do-codigo',
        'estado-secreto',
        ...lh.secretsSeen,
      ])
        expect(logText).not.toContain(secret);
    } finally {
      await lh.close();
    }
  });

  it('writes the dev secret key once, readable only by its owner', async () => {
    const dir = fs.mkdtempSync(path.join(h.dataDir, 'dev-'));
    const { resolveConfig } = await import('@api/config');
    const first = resolveConfig({ dataDir: dir });
    const second = resolveConfig({ dataDir: dir });
    expect(first.secretKey.equals(second.secretKey)).toBe(true);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
  });
});
