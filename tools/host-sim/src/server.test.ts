import vm from 'node:vm';
import { type ChatMessage } from '@crm-panel/crm-model';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { HOST_SIM_AUDIENCE, HOST_SIM_ISSUER, JWKS_PATH } from './identity/issuer';
import { ASSERTION_PATH, startHostSim, type RunningHostSim } from './server';

const SEED = Date.UTC(2024, 4, 10, 15, 0, 0);
const NOW = Date.UTC(2024, 4, 10, 15, 30, 0);

let sim: RunningHostSim;

beforeAll(async () => {
  sim = await startHostSim({
    port: 0,
    host: '127.0.0.1',
    panelUrl: 'http://127.0.0.1:4999/',
    apiUrl: 'http://127.0.0.1:3999',
    seedTime: SEED,
    now: () => NOW,
  });
});

afterAll(async () => {
  await sim.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sim.url}${path}`, { headers });
}

describe('the page', () => {
  it('serves the simulator page with its configuration embedded', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<title>Conecta Chat · simulador do sistema de atendimento</title>');
    expect(html).toContain('<script type="module" src="/modules/client/main.js"></script>');
    const json = /<script type="application\/json" id="host-sim-config">(.*?)<\/script>/s.exec(
      html,
    )?.[1];
    const config = JSON.parse(json ?? 'null') as {
      panelUrl: string;
      apiUrl: string;
      defaultMode: string;
      assertionPath: string;
      identities: {
        userId: string;
        name: string;
        systemKey: string;
        role: string;
        signsIdentity: boolean;
      }[];
      attendances: { tenant: string; attendance: { atendimentoId: string } }[];
    };
    expect(config.panelUrl).toBe('http://127.0.0.1:4999');
    expect(config.apiUrl).toBe('http://127.0.0.1:3999');
    expect(config.defaultMode).toBe('global');
    expect(config.identities.map((i) => [i.name, i.userId, i.systemKey])).toEqual([
      ['Ana Souza', 'user-ana', 'tenant-acme'],
      ['Bruno Lima', 'user-bruno', 'tenant-acme'],
      ['Carla Dias', 'user-carla', 'tenant-beta'],
    ]);
    expect(config.identities.map((i) => [i.userId, i.role, i.signsIdentity])).toEqual([
      ['user-ana', 'admin', true],
      ['user-bruno', 'attendant', true],
      ['user-carla', 'admin', false],
    ]);
    expect(config.assertionPath).toBe('/__host/assertion');
    expect(config.attendances.filter((a) => a.tenant === 'tenant-acme')).toHaveLength(3);
  });

  it('serves the stylesheet', async () => {
    const response = await get('/assets/styles.css');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/css');
  });
});

describe('the host SDK', () => {
  it('is a classic script defining window.CrmPanelHost over the host protocol', async () => {
    const response = await get('/sdk/crm-panel-host.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    const code = await response.text();
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    expect(() => new vm.Script(code)).not.toThrow();
    expect(code).toContain("'CrmPanelHost'");
    expect(code).toContain("'crm-panel-host/1'");
    expect(code).toContain("request('getIdentityAssertion', null)");
  });

  it('defines nothing when the page is not framed by a host', async () => {
    const code = await (await get('/sdk/crm-panel-host.js')).text();
    const window: Record<string, unknown> = {};
    window.parent = window;
    const document = { currentScript: null };
    vm.runInNewContext(code, { window, document, HTMLScriptElement: class {} });
    expect(window.CrmPanelHost).toBeUndefined();
  });
});

describe('browser modules', () => {
  it('rewrites workspace imports to served module URLs', async () => {
    const response = await get('/modules/client/main.js');
    expect(response.status).toBe(200);
    const code = await response.text();
    expect(code).toContain('from "/modules/contracts/index.js"');
    expect(code).toContain('from "/modules/client/hostConnector.js"');
    expect(code).not.toContain('@crm-panel/');
  });

  it('serves the contract code the page imports', async () => {
    const code = await (await get('/modules/contracts/index.js')).text();
    expect(code).toContain('export * from "/modules/contracts/host.js"');
    const host = await (await get('/modules/contracts/host.js')).text();
    expect(host).toContain("export const HOST_PROTOCOL = 'crm-panel-host/1'");
    expect(host).toContain('"/modules/crm-model/index.js"');
  });

  it('serves nothing outside its folders, and no tests', async () => {
    expect((await get('/modules/client/../server.js')).status).toBe(404);
    expect((await get('/modules/client/%2e%2e/server.js')).status).toBe(404);
    expect((await get('/modules/contracts/modals.test.js')).status).toBe(404);
    expect((await get('/modules/secrets/index.js')).status).toBe(404);
    expect((await get('/modules/client/nope.js')).status).toBe(404);
  });
});

describe('GET /api/chat/:chatId/messages', () => {
  const path = '/api/chat/at-1001/messages?channelId=canal-whatsapp-acme';

  it('returns the attendance messages, oldest first, as ChatMessage', async () => {
    const response = await get(path, { 'x-system-key': 'tenant-acme' });
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: ChatMessage[] };
    expect(messages).toHaveLength(9);
    expect(messages[0]).toEqual({
      IdMessage: 'msg-at-1001-01',
      text: 'Olá, bom dia! Recebi a proposta de vocês ontem.',
      senderName: 'Mariana Costa',
      isSentByMe: false,
      dhMessage: '2024-05-10T13:25:00.000Z',
      unixTimeMessage: SEED / 1000 - 95 * 60,
    });
    expect(messages[1]).toMatchObject({ senderName: 'Ana Souza', isSentByMe: true });
    for (const message of messages) {
      expect(Object.keys(message).sort()).toEqual(
        ['IdMessage', 'dhMessage', 'isSentByMe', 'senderName', 'text', 'unixTimeMessage'].sort(),
      );
      expect(new Date(message.dhMessage).getTime()).toBe(message.unixTimeMessage * 1000);
    }
    const media = messages.filter((m) => m.text === '');
    expect(media.map((m) => m.IdMessage)).toEqual(['msg-at-1001-04', 'msg-at-1001-07']);
    const times = messages.map((m) => m.unixTimeMessage);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('answers 403 when the system key is of another tenant', async () => {
    const response = await get(path, { 'x-system-key': 'tenant-beta' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: 'Acesso negado: o atendimento é de outra empresa',
    });
  });

  it('answers 401 without a system key', async () => {
    const response = await get(path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Cabeçalho x-system-key ausente' });
  });

  it('answers 404 for an unknown attendance or the wrong channel, 400 without channel', async () => {
    const unknown = await get('/api/chat/at-9999/messages?channelId=x', {
      'x-system-key': 'tenant-acme',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Atendimento não encontrado' });

    const wrongChannel = await get('/api/chat/at-1001/messages?channelId=canal-webchat-acme', {
      'x-system-key': 'tenant-acme',
    });
    expect(wrongChannel.status).toBe(404);
    expect(await wrongChannel.json()).toEqual({
      message: 'Atendimento não encontrado neste canal',
    });

    const noChannel = await get('/api/chat/at-1001/messages', { 'x-system-key': 'tenant-acme' });
    expect(noChannel.status).toBe(400);
    expect(await noChannel.json()).toEqual({ message: 'Parâmetro channelId obrigatório' });
  });

  it('serves tenant-beta its own attendances', async () => {
    const response = await get('/api/chat/at-2001/messages?channelId=canal-whatsapp-beta', {
      'x-system-key': 'tenant-beta',
    });
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: ChatMessage[] };
    expect(messages.map((m) => m.senderName)).toEqual([
      'Ricardo Nunes',
      'Carla Dias',
      'Ricardo Nunes',
      'Carla Dias',
    ]);
  });
});

describe('the simulator composer', () => {
  it("adds the attendant's reply to the chat the API serves", async () => {
    const posted = await fetch(`${sim.url}/sim/api/attendances/at-1002/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-system-key': 'tenant-acme',
        'x-user-id': 'user-bruno',
      },
      body: JSON.stringify({ text: '  Segue o orçamento em anexo.  ' }),
    });
    expect(posted.status).toBe(201);
    const response = await get('/api/chat/at-1002/messages?channelId=canal-whatsapp-acme', {
      'x-system-key': 'tenant-acme',
    });
    const { messages } = (await response.json()) as { messages: ChatMessage[] };
    expect(messages[messages.length - 1]).toEqual({
      IdMessage: 'msg-at-1002-novo-1',
      text: 'Segue o orçamento em anexo.',
      senderName: 'Bruno Lima',
      isSentByMe: true,
      dhMessage: new Date(NOW).toISOString(),
      unixTimeMessage: NOW / 1000,
    });
  });

  it('refuses an attendant of another tenant', async () => {
    const posted = await fetch(`${sim.url}/sim/api/attendances/at-1002/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-system-key': 'tenant-acme',
        'x-user-id': 'user-carla',
      },
      body: JSON.stringify({ text: 'Oi' }),
    });
    expect(posted.status).toBe(403);
  });

  it('lists messages with their media kind for the chat view', async () => {
    const response = await get('/sim/api/attendances/at-1001/messages', {
      'x-system-key': 'tenant-acme',
    });
    const { messages } = (await response.json()) as {
      messages: { kind: string; mediaLabel?: string }[];
    };
    expect(messages[3]).toMatchObject({ kind: 'image', mediaLabel: 'planilha-vendas.jpg' });
    expect(messages[6]).toMatchObject({ kind: 'audio', mediaLabel: '0:42' });
  });
});

describe('identity assertions', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  function askAssertion(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${sim.url}${ASSERTION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async function assertionOf(userId: string): Promise<string> {
    const response = await askAssertion({ userId });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { assertion } = (await response.json()) as { assertion: unknown };
    if (typeof assertion !== 'string') throw new Error(`sem asserção para ${userId}`);
    return assertion;
  }

  function verify(jwt: string) {
    return jwtVerify(jwt, createRemoteJWKSet(new URL(`${sim.url}${JWKS_PATH}`)), {
      issuer: HOST_SIM_ISSUER,
      audience: HOST_SIM_AUDIENCE,
      algorithms: ['EdDSA'],
      currentDate: new Date(NOW),
    });
  }

  it('serves the public JWKS at /.well-known/jwks.json', async () => {
    expect(JWKS_PATH).toBe('/.well-known/jwks.json');
    const response = await get('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(jwks).toEqual({
      keys: [
        {
          kty: 'OKP',
          crv: 'Ed25519',
          x: expect.stringMatching(/^[\w-]{43}$/),
          kid: expect.any(String),
          alg: 'EdDSA',
          use: 'sig',
        },
      ],
    });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    // The same key for the server's whole life.
    expect(await (await get(JWKS_PATH)).json()).toEqual(jwks);
  });

  it('signs the current attendant of a signing tenant, verifiable against the JWKS', async () => {
    const jwt = await assertionOf('user-ana');
    const jwks = (await (await get(JWKS_PATH)).json()) as { keys: { kid: string }[] };
    expect(decodeProtectedHeader(jwt)).toEqual({
      alg: 'EdDSA',
      kid: jwks.keys[0]?.kid,
      typ: 'JWT',
    });
    const { payload } = await verify(jwt);
    expect(payload).toEqual({
      iss: 'urn:crm-panel:host-sim',
      aud: 'crm-panel',
      sub: 'user-ana',
      tenant: 'tenant-acme',
      role: 'admin',
      email: 'ana.ferreira@acmesolucoes.com.br',
      iat: NOW / 1000,
      exp: NOW / 1000 + 300,
      jti: expect.stringMatching(UUID),
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);

    const bruno = (await verify(await assertionOf('user-bruno'))).payload;
    expect(bruno).toMatchObject({
      sub: 'user-bruno',
      tenant: 'tenant-acme',
      role: 'attendant',
      email: 'bruno.carvalho@acmesolucoes.com.br',
    });
    const again = (await verify(await assertionOf('user-ana'))).payload;
    expect(again.jti).not.toBe(payload.jti);
  });

  it('gives no assertion for a tenant whose platform does not sign', async () => {
    const response = await askAssertion({ userId: 'user-carla' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ assertion: null });
  });

  it('refuses an unknown attendant and other origins', async () => {
    const unknown = await askAssertion({ userId: 'user-zeca' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Atendente não encontrado' });
    expect((await askAssertion({})).status).toBe(404);

    const foreign = await askAssertion({ userId: 'user-ana' }, { origin: 'http://127.0.0.1:4999' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const own = await askAssertion({ userId: 'user-ana' }, { origin: sim.url });
    expect(own.status).toBe(200);
  });
});
