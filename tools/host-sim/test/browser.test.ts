import fs from 'node:fs';
import path from 'node:path';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';
import { HOST_SIM_AUDIENCE, HOST_SIM_ISSUER, JWKS_PATH } from '@host-sim/identity/issuer';
import { findAttendance } from '@host-sim/world/attendances';
import { startHostSim, type RunningHostSim } from '@host-sim/server';
import { serveTestPanel, type TestServer } from './panel/servePanel';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

// host-sim in a real browser, with a tiny test panel (served here) in place of the shell.

const SCREENSHOTS = path.resolve(__dirname, '../../../test-results/host-sim');

/** Mariana Costa's attendance as host-sim's world holds it (what every integration sends). */
const MARIANA = findAttendance('at-1001')?.attendance;

let browser: Browser;
let panelServer: TestServer;
let foreignServer: TestServer;
let sim: RunningHostSim;
let page: Page;
let pageErrors: Error[];

beforeAll(async () => {
  panelServer = await serveTestPanel();
  foreignServer = await serveTestPanel();
  sim = await startHostSim({ port: 0, host: '127.0.0.1', panelUrl: panelServer.url });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // MessagePort's close event (off by default in Chromium): host-sim forgets a Novus plugin's
    // registration when the page that made it goes (novusHost.ts, README 'Novus (plugin)').
    args: [...CHROMIUM_ARGS, '--enable-blink-features=MessagePortCloseEvent'],
  });
});

afterAll(async () => {
  await browser?.close();
  await sim?.close();
  await panelServer?.close();
  await foreignServer?.close();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
});

afterEach(async () => {
  const name = expect.getState().currentTestName?.replace(/[^\w-]+/g, '-') ?? 'teste';
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  await page.close();
  expect(pageErrors).toEqual([]);
});

/** Sends apiRequest with these args from the test panel; the host's raw reply. */
async function callProxy(frame: FrameLocator, args: unknown): Promise<unknown> {
  const raw = frame.locator('#raw');
  await raw.evaluate((element) => {
    element.textContent = '';
  });
  await frame.locator('#proxy-request').fill(JSON.stringify(args));
  await frame.getByRole('button', { name: 'Chamar proxy' }).click();
  await waitFor(async () => (await raw.innerText()) !== '', 'a resposta do proxy');
  return JSON.parse(await raw.innerText()) as unknown;
}

/** Waits until the element's text contains `expected`. */
async function hasText(locator: Located, expected: string): Promise<void> {
  try {
    await waitFor(async () => (await locator.innerText()).includes(expected), expected);
  } catch {
    const actual = await locator.innerText().catch(() => '(ausente)');
    throw new Error(`esperava '${expected}', havia '${actual}'`);
  }
}

function panel(): FrameLocator {
  return page.frameLocator('iframe[title="Painel CRM"]');
}

async function openSim(query: string): Promise<FrameLocator> {
  await page.goto(`${sim.url}/${query}`);
  const frame = panel();
  await hasText(frame.locator('#user'), 'user-ana/tenant-acme');
  return frame;
}

async function attendanceFields(frame: FrameLocator): Promise<unknown> {
  return JSON.parse(await frame.locator('#attendance').innerText()) as unknown;
}

type Located = ReturnType<Page['locator']>;

/**
 * Clicks 'Pedir identidade' in a frame of the test panel and returns what the host answered: the
 * value getIdentityAssertion resolved (global) or the raw reply message (postMessage).
 */
async function askIdentity(frame: FrameLocator): Promise<unknown> {
  const shown = frame.locator('#assertion');
  await frame.getByRole('button', { name: 'Pedir identidade' }).click();
  await waitFor(async () => {
    const text = await shown.innerText();
    return text !== 'aguardando' && text !== 'nenhuma';
  }, 'a resposta de getIdentityAssertion');
  return JSON.parse(await shown.innerText()) as unknown;
}

/** The assertion inside an answer of askIdentity, verified against host-sim's JWKS. */
async function verifiedClaims(mode: string, answer: unknown): Promise<JWTPayload> {
  const reply = answer as { protocol?: unknown; ok?: unknown; data?: unknown };
  const jwt = mode === 'global' ? answer : reply.data;
  if (mode === 'postMessage')
    expect(reply).toMatchObject({ protocol: 'crm-panel-host/1', ok: true });
  if (typeof jwt !== 'string') throw new Error(`sem asserção: ${JSON.stringify(answer)}`);
  const { payload } = await jwtVerify(jwt, createRemoteJWKSet(new URL(`${sim.url}${JWKS_PATH}`)), {
    issuer: HOST_SIM_ISSUER,
    audience: HOST_SIM_AUDIENCE,
    algorithms: ['EdDSA'],
  });
  return payload;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`tempo esgotado: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each([
  ['global', 'global'],
  ['postMessage', 'postMessage'],
])('host-sim with the %s integration', (mode, shownMode) => {
  it('gives the panel its identity and the attendance events', async () => {
    const frame = await openSim(`?modo=${mode}`);
    await hasText(frame.locator('#mode'), shownMode);
    const src = await page.locator('iframe[title="Painel CRM"]').getAttribute('src');
    expect(src).toBe(
      mode === 'global'
        ? `${panelServer.url}/?hostSdk=${encodeURIComponent(`${sim.url}/sdk/crm-panel-host.js`)}`
        : `${panelServer.url}/?hostOrigin=${encodeURIComponent(sim.url)}`,
    );
    expect(await page.locator('.panel').boundingBox()).toMatchObject({ width: 420 });

    await page.getByRole('button', { name: /Mariana Costa/ }).click();
    await hasText(frame.locator('#events'), 'open at-1001');
    expect(await attendanceFields(frame)).toEqual(MARIANA);
    await page.getByRole('heading', { name: 'Mariana Costa' }).waitFor();
    await waitFor(
      async () => (await page.locator('.bubble').count()) === 9,
      'as mensagens do atendimento',
    );
    expect(await page.locator('.media-label').allTextContents()).toEqual([
      'Imagem · planilha-vendas.jpg',
      'Áudio · 0:42',
    ]);

    await page.getByRole('button', { name: /Visitante sem contato/ }).click();
    await hasText(frame.locator('#events'), 'open at-1003');
    expect(await attendanceFields(frame)).toEqual({
      atendimentoId: 'at-1003',
      canalId: 'canal-webchat-acme',
      descricao: 'Visitante do site sem cadastro',
    });

    await page.getByRole('button', { name: 'Encerrar atendimento' }).click();
    await hasText(frame.locator('#events'), 'close at-1003');
    await hasText(frame.locator('#attendance'), 'nenhum');
  });

  it('opens a form as a modal and hands its closeModal result back to the panel', async () => {
    const frame = await openSim(`?modo=${mode}`);
    await frame.getByRole('button', { name: 'Abrir formulário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Nota' });
    await dialog.waitFor();
    const form = page.frameLocator('iframe[title="Formulário: Adicionar Nota"]');
    await hasText(form.locator('#route'), '/note-create-modal?d-1');
    await hasText(form.locator('#user'), 'user-ana/tenant-acme');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await hasText(frame.locator('#result'), '{"success":true,"dealId":"d-123"}');

    await frame.getByRole('button', { name: 'Abrir formulário' }).click();
    await page.getByRole('dialog', { name: 'Adicionar Nota' }).waitFor();
    await page.getByRole('button', { name: 'Fechar' }).click();
    await hasText(frame.locator('#result'), '{"success":false}');
  });

  it('answers getIdentityAssertion for the panel and its forms, null when the host does not sign', async () => {
    const frame = await openSim(`?modo=${mode}`);
    const note = page.getByTestId('identity-signing');
    expect(await note.innerText()).toBe('Identidade assinada pelo host');

    const ana = await verifiedClaims(mode, await askIdentity(frame));
    expect(ana).toMatchObject({ sub: 'user-ana', tenant: 'tenant-acme', role: 'admin' });
    expect((ana.exp ?? 0) - (ana.iat ?? 0)).toBe(300);
    expect(Math.abs((ana.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60);

    await frame.getByRole('button', { name: 'Abrir formulário' }).click();
    await page.getByRole('dialog', { name: 'Adicionar Nota' }).waitFor();
    const form = page.frameLocator('iframe[title="Formulário: Adicionar Nota"]');
    await hasText(form.locator('#user'), 'user-ana/tenant-acme');
    const fromForm = await verifiedClaims(mode, await askIdentity(form));
    expect(fromForm).toMatchObject({ sub: 'user-ana', tenant: 'tenant-acme', role: 'admin' });
    expect(fromForm.jti).not.toBe(ana.jti);
    await page.getByRole('button', { name: 'Fechar' }).click();
    await hasText(frame.locator('#result'), '{"success":false}');

    await page.getByLabel('Atendente').selectOption('user-bruno');
    await hasText(frame.locator('#user'), 'user-bruno/tenant-acme');
    const bruno = await verifiedClaims(mode, await askIdentity(frame));
    expect(bruno).toMatchObject({ sub: 'user-bruno', tenant: 'tenant-acme', role: 'attendant' });

    await page.getByLabel('Atendente').selectOption('user-carla');
    await hasText(frame.locator('#user'), 'user-carla/tenant-beta');
    expect(await note.innerText()).toBe('Host não assina a identidade');
    expect(await askIdentity(frame)).toEqual(
      mode === 'global' ? null : { protocol: 'crm-panel-host/1', ok: true, data: null },
    );
  });
});

describe('host-sim with the Novus (plugin) integration', () => {
  const events = async (frame: FrameLocator) =>
    (await frame.locator('#events li').allInnerTexts()).join(' | ');

  it('takes the registry, answers getInfoUser and re-emits open and focus events', async () => {
    const frame = await openSim('?modo=novus');
    await hasText(frame.locator('#mode'), 'novus');
    const src = await page.locator('iframe[title="Painel CRM"]').getAttribute('src');
    expect(src).toBe(
      `${panelServer.url}/?hostOrigin=${encodeURIComponent(sim.url)}` +
        '&hostProtocol=novus&hostTenant=tenant-acme&hostAssertion=getIdentityAssertion',
    );
    expect(await page.getByLabel('Novus (plugin)').isChecked()).toBe(true);
    // The example never shows the frame's attributes: by default the stricter reading, a frame
    // that opens no window and may not send the host's page elsewhere.
    expect(await page.locator('iframe[title="Painel CRM"]').getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms allow-modals',
    );
    await hasText(page.locator('.panel-title'), 'Painel de teste');
    expect(await page.locator('.panel').getAttribute('data-events')).toBe(
      'aoAbrirAtendimento aoFocarAtendimento aoFecharAtendimento',
    );
    expect(JSON.parse(await frame.locator('#user-raw').innerText())).toEqual({
      id: 'user-ana',
      nome: 'Ana Souza',
      email: 'ana.ferreira@acmesolucoes.com.br',
    });

    await page.getByRole('button', { name: /Mariana Costa/ }).click();
    await hasText(frame.locator('#events'), 'aoAbrirAtendimento at-1001');
    expect(await attendanceFields(frame)).toEqual(MARIANA);
    await page.getByRole('button', { name: /João Pereira/ }).click();
    await hasText(frame.locator('#events'), 'aoAbrirAtendimento at-1002');
    await page.getByRole('button', { name: /Mariana Costa/ }).click();
    await hasText(frame.locator('#events'), 'aoFocarAtendimento at-1001');
    expect(await page.locator('[data-atendimento-id="at-1002"]').getAttribute('data-state')).toBe(
      'aberto',
    );
    expect(await page.locator('[data-atendimento-id="at-1001"]').getAttribute('data-state')).toBe(
      'focado',
    );

    // A plugin that (re)loads late gets the retained last event, focus included.
    await frame.locator('body').evaluate(() => window.location.reload());
    await hasText(frame.locator('#events'), 'aoFocarAtendimento at-1001');
    expect(await events(frame)).toBe('aoFocarAtendimento at-1001');

    await page.getByRole('button', { name: 'Encerrar atendimento' }).click();
    await hasText(frame.locator('#events'), 'aoFecharAtendimento at-1001');
    await hasText(frame.locator('#attendance'), 'nenhum');
    await frame.locator('body').evaluate(() => window.location.reload());
    await hasText(frame.locator('#user'), 'user-ana/tenant-acme');
    await page.waitForTimeout(300);
    expect(await events(frame)).toBe('');
  });

  it('answers getInfoUser as { codigoAtendente, nome } under novusUsuario=codigo', async () => {
    await page.goto(`${sim.url}/?modo=novus&novusUsuario=codigo`);
    const raw = panel().locator('#user-raw');
    await waitFor(async () => (await raw.innerText()) !== '', 'a resposta do getInfoUser');
    expect(JSON.parse(await raw.innerText())).toEqual({
      codigoAtendente: 'user-ana',
      nome: 'Ana Souza',
    });
    await hasText(page.locator('.panel-title'), 'Painel de teste');
  });

  it('names the other loopback origin in the plugin URL under novusOrigem=outra: nothing reaches the page', async () => {
    await page.goto(`${sim.url}/?modo=novus&novusOrigem=outra`);
    const other = new URL(sim.url);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const src = await page.locator('iframe[title="Painel CRM"]').getAttribute('src');
    expect(new URL(src ?? '').searchParams.get('hostOrigin')).toBe(other.origin);
    // The panel posts to an origin that is not its parent: the browser drops it, no plugin
    // registers and getInfoUser never answers.
    await panel().locator('#mode').waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('.panel').getAttribute('data-plugin-id')).toBeNull();
    expect(await panel().locator('#user-raw').innerText()).toBe('');
    // 'Ambiente' names the origin the plugin URL carries.
    expect(await page.locator('body').textContent()).toContain(
      `Novus: origem na URL do plugin (?novusOrigem=outra)${other.origin}`,
    );
  });

  it('frames the panel by the novusMoldura knob: livre has no sandbox, sem-janelas allows a top navigation on a click', async () => {
    const frameSandbox = () => page.locator('iframe[title="Painel CRM"]').getAttribute('sandbox');
    await openSim('?modo=novus&novusMoldura=livre');
    expect(await frameSandbox()).toBeNull();
    await openSim('?modo=novus&novusMoldura=sem-janelas');
    expect(await frameSandbox()).toBe(
      'allow-scripts allow-same-origin allow-forms allow-modals allow-top-navigation-by-user-activation',
    );
    // Only Novus frames its plugin so; the other integrations keep a plain frame.
    await openSim('?modo=postMessage');
    expect(await frameSandbox()).toBeNull();
  });

  it('opens a modal with openModal at the URL as given and delivers close_custom_modal to the panel', async () => {
    const frame = await openSim('?modo=novus');
    await frame.getByRole('button', { name: 'Abrir formulário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Nota' });
    await dialog.waitFor();
    // Strict reading: no host parameter is added; the form page finds its host from what its
    // panel's frame remembered (the test panel keeps it in sessionStorage, as the real one does).
    expect(
      await page.locator('iframe[title="Formulário: Adicionar Nota"]').getAttribute('src'),
    ).toBe(`${panelServer.url}/note-create-modal?dealId=d-1`);
    const form = page.frameLocator('iframe[title="Formulário: Adicionar Nota"]');
    await hasText(form.locator('#mode'), 'novus');
    await hasText(form.locator('#user'), 'user-ana/tenant-acme');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await hasText(frame.locator('#result'), '{"success":true,"dealId":"d-123"}');

    await frame.getByRole('button', { name: 'Abrir formulário' }).click();
    await page.getByRole('dialog', { name: 'Adicionar Nota' }).waitFor();
    await page.getByRole('button', { name: 'Fechar' }).click();
    await hasText(frame.locator('#result'), '{"success":false}');
  });

  it('answers getInfoChannels, refuses apiRequest like an unlisted proxy host, signs per tenant', async () => {
    const frame = await openSim('?modo=novus');
    await frame.getByRole('button', { name: 'Pedir canais' }).click();
    await hasText(frame.locator('#raw'), 'canal-whatsapp-acme');
    const channels = JSON.parse(await frame.locator('#raw').innerText()) as { data: unknown[] };
    expect(channels.data).toContainEqual(expect.objectContaining({ id: 'canal-webchat-acme' }));
    expect(
      await callProxy(frame, { host: 'meuerp', method: 'GET', endpoint: 'v1/pedidos' }),
    ).toEqual({ error: 'Host not allowed' });

    const ana = (await askIdentity(frame)) as { data?: unknown };
    expect(typeof ana.data).toBe('string');

    await page.getByLabel('Atendente').selectOption('user-carla');
    await hasText(frame.locator('#user'), 'user-carla/tenant-beta');
    const src = await page.locator('iframe[title="Painel CRM"]').getAttribute('src');
    expect(src).toContain('hostTenant=tenant-beta');
    expect(src).not.toContain('hostAssertion');
  });
  it("serves the chat's messages through apiRequest on publica, and refuses any other request", async () => {
    const frame = await openSim('?modo=novus&mensagensPeloProxy=1');
    const template = 'api/chat/{chatId}/messages?channelId={channelId}';
    const src = await page.locator('iframe[title="Painel CRM"]').getAttribute('src');
    expect(new URL(src ?? '').searchParams.get('hostChatMessages')).toBe(template);

    await page.getByRole('button', { name: /Mariana Costa/ }).click();
    await waitFor(async () => (await page.locator('.bubble').count()) === 9, 'a conversa');
    const shownIds = await page
      .locator('.bubble')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-message-id')));
    const shownTexts = await page.locator('.bubble-text').allInnerTexts();

    const chat = {
      host: 'publica',
      method: 'GET',
      endpoint: 'api/chat/at-1001/messages',
      query: { channelId: 'canal-whatsapp-acme' },
    };
    const answer = (await callProxy(frame, chat)) as {
      data: { messages: { IdMessage: string; text: string; senderName: string }[] };
    };
    expect(answer.data.messages.map((m) => m.IdMessage)).toEqual(shownIds);
    expect(answer.data.messages.map((m) => m.text).filter((text) => text !== '')).toEqual(
      shownTexts,
    );
    expect(answer.data.messages[0]).toMatchObject({ senderName: 'Mariana Costa' });

    const refusals: [unknown, string][] = [
      [{ ...chat, host: 'meuerp' }, 'Host not allowed'],
      [{ ...chat, endpoint: 'v1/contatodechat/contato-mariana' }, 'Endpoint not allowed'],
      [{ ...chat, endpoint: 'api/chat/at-1001/messages/../x' }, 'Endpoint not allowed'],
      [{ ...chat, method: 'POST' }, 'Method not allowed'],
      [{ ...chat, query: { channelId: 'canal-whatsapp-acme', limite: 1 } }, 'Endpoint not allowed'],
      [{ ...chat, query: {} }, 'Endpoint not allowed'],
      [{ ...chat, body: { texto: 'x' } }, 'Endpoint not allowed'],
      [
        { ...chat, secretRefs: { 'X-Api-Key': { secret: 'erp.chave', in: 'header' } } },
        'Secret not found: erp.chave',
      ],
      // The API's own error answers are relayed by their status only.
      [
        {
          ...chat,
          endpoint: 'api/chat/at-2001/messages',
          query: { channelId: 'canal-whatsapp-beta' },
        },
        'proxy 403',
      ],
      [{ ...chat, query: { channelId: 'canal-webchat-acme' } }, 'proxy 404'],
    ];
    for (const [request, error] of refusals) {
      expect(await callProxy(frame, request)).toEqual({ error });
    }
  });

  it('forces each proxy error of the example with novusProxyErro', async () => {
    const chat = {
      host: 'publica',
      method: 'GET',
      endpoint: 'api/chat/at-1001/messages',
      query: { channelId: 'canal-whatsapp-acme' },
    };
    const forced: [string, string][] = [
      ['host', 'Host not allowed'],
      ['endpoint', 'Endpoint not allowed'],
      ['metodo', 'Method not allowed'],
      ['sessao', 'Unauthorized'],
      ['segredo', 'Secret not found: chaveApiPublica'],
      ['401', 'proxy 401'],
      ['502', 'proxy 502'],
    ];
    for (const [knob, error] of forced) {
      const frame = await openSim(`?modo=novus&novusProxyErro=${knob}`);
      expect(await callProxy(frame, chat)).toEqual({ error });
    }
    // An unknown value forces nothing: the allowed request is answered.
    const frame = await openSim('?modo=novus&novusProxyErro=qualquer');
    const answer = (await callProxy(frame, chat)) as { data?: { messages?: unknown[] } };
    expect(answer.data?.messages).toHaveLength(9);
  });

  it('adds the host parameters to the modal URL only with novusModalParametros=1', async () => {
    const frame = await openSim('?modo=novus&mensagensPeloProxy=1&novusModalParametros=1');
    await frame.getByRole('button', { name: 'Abrir formulário' }).click();
    await page.getByRole('dialog', { name: 'Adicionar Nota' }).waitFor();
    const formSrc = new URL(
      (await page.locator('iframe[title="Formulário: Adicionar Nota"]').getAttribute('src')) ?? '',
    );
    expect(formSrc.pathname).toBe('/note-create-modal');
    expect(Object.fromEntries(formSrc.searchParams)).toEqual({
      dealId: 'd-1',
      hostOrigin: sim.url,
      hostProtocol: 'novus',
      hostTenant: 'tenant-acme',
      hostAssertion: 'getIdentityAssertion',
      hostChatMessages: 'api/chat/{chatId}/messages?channelId={channelId}',
    });
    const form = page.frameLocator('iframe[title="Formulário: Adicionar Nota"]');
    await hasText(form.locator('#user'), 'user-ana/tenant-acme');
  });

  it("draws the widgetbar item's icon_url as <img alt='' aria-hidden>, the generic piece without one", async () => {
    const icon = page.locator('.panel-icon');
    await openSim('?modo=novus');
    await hasText(page.locator('.panel-title'), 'Painel de teste');
    expect(await icon.getAttribute('data-icon')).toBe('plugin');
    const img = icon.locator('img');
    expect(await img.getAttribute('alt')).toBe('');
    expect(await img.getAttribute('aria-hidden')).toBe('true');
    expect(await img.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    await waitFor(
      () => img.evaluate((element: HTMLImageElement) => element.complete),
      'o ícone carregado',
    );
    expect(await img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(
      0,
    );

    // A relative icon_url resolves against the host's page, not the plugin's: the image fails.
    const relativePanel = await startHostSim({
      port: 0,
      host: '127.0.0.1',
      panelUrl: `${panelServer.url}?icone=icone.svg`,
    });
    try {
      await page.goto(`${relativePanel.url}/?modo=novus`);
      await hasText(page.locator('.panel-title'), 'Painel de teste');
      const broken = page.locator('.panel-icon img');
      expect(await broken.getAttribute('src')).toBe('icone.svg');
      await waitFor(
        () => broken.evaluate((element: HTMLImageElement) => element.complete),
        'a tentativa de carregar o ícone',
      );
      expect(await broken.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(0);
    } finally {
      await relativePanel.close();
    }

    const withoutIcon = await startHostSim({
      port: 0,
      host: '127.0.0.1',
      panelUrl: `${panelServer.url}?icone=`,
    });
    try {
      await page.goto(`${withoutIcon.url}/?modo=novus`);
      await hasText(page.locator('.panel-title'), 'Painel de teste');
      expect(await page.locator('.panel-icon').getAttribute('data-icon')).toBe('generico');
      expect(await page.locator('.panel-icon img').count()).toBe(0);
      expect(await page.locator('.panel-icon svg').getAttribute('aria-hidden')).toBe('true');
    } finally {
      await withoutIcon.close();
    }
  });

  it('answers under each reading knob: novusResposta, novusUsuario, novusAtendimento, novusModalRegistra', async () => {
    // novusResposta=payload: every reply carries its value under `payload`, none under `data`.
    let frame = await openSim('?modo=novus&novusResposta=payload');
    await frame.getByRole('button', { name: 'Pedir canais' }).click();
    await hasText(frame.locator('#raw'), 'canal-whatsapp-acme');
    const channels = JSON.parse(await frame.locator('#raw').innerText()) as Record<string, unknown>;
    expect(Object.keys(channels)).toEqual(['payload']);
    expect(channels.payload).toContainEqual(expect.objectContaining({ id: 'canal-webchat-acme' }));

    // novusUsuario=aninhado: getInfoUser's reply in PascalCase under `usuario`.
    await page.goto(`${sim.url}/?modo=novus&novusUsuario=aninhado`);
    frame = panel();
    await hasText(frame.locator('#user-raw'), 'IdUsuario');
    expect(JSON.parse(await frame.locator('#user-raw').innerText())).toEqual({
      usuario: {
        IdUsuario: 'user-ana',
        Nome: 'Ana Souza',
        Email: 'ana.ferreira@acmesolucoes.com.br',
      },
    });

    // novusAtendimento=pascal: the attendance event with PascalCase ids.
    frame = await openSim('?modo=novus&novusAtendimento=pascal');
    await page.getByRole('button', { name: /Mariana Costa/ }).click();
    await hasText(frame.locator('#events'), 'aoAbrirAtendimento');
    expect(await attendanceFields(frame)).toEqual({
      IdAtendimento: 'at-1001',
      IdCanal: 'canal-whatsapp-acme',
      Descricao: MARIANA?.descricao,
      contato: {
        Id: MARIANA?.contato?.id,
        Nome: 'Mariana Costa',
        Apelido: MARIANA?.contato?.nomeSecundario,
        Telefone: '+5511987654321',
      },
    });

    // novusModalRegistra: strict, the form page's initialize is refused and counted; with 1 it
    // registers (its widgetbar item takes the header) and nothing is refused.
    const refusedCount = page.getByTestId('refused-count');
    for (const [query, refused] of [
      ['?modo=novus', '1'],
      ['?modo=novus&novusModalRegistra=1', '0'],
    ] as const) {
      frame = await openSim(query);
      await hasText(page.locator('.panel-title'), 'Painel de teste');
      await frame.getByRole('button', { name: 'Abrir formulário' }).click();
      const form = page.frameLocator('iframe[title="Formulário: Adicionar Nota"]');
      await hasText(form.locator('#user'), 'user-ana/tenant-acme');
      await waitFor(
        async () => (await refusedCount.textContent()) === refused,
        `${refused} mensagem recusada`,
      );
      await page.waitForTimeout(300);
      expect(await refusedCount.textContent()).toBe(refused);
    }
  });

  it('answers no command of a plugin that did not send initialize first', async () => {
    // novusHost.ts NOT_INITIALIZED (client code, not imported by the node-side tests).
    const NOT_INITIALIZED = 'Plugin não inicializado: initialize precisa ser a primeira mensagem';
    const strict = await startHostSim({
      port: 0,
      host: '127.0.0.1',
      panelUrl: `${panelServer.url}?semInitialize=1`,
    });
    try {
      await page.goto(`${strict.url}/?modo=novus`);
      const frame = panel();
      await hasText(frame.locator('#user-raw'), NOT_INITIALIZED);
      await frame.getByRole('button', { name: 'Pedir canais' }).click();
      await hasText(frame.locator('#raw'), NOT_INITIALIZED);
      expect(JSON.parse(await frame.locator('#raw').innerText())).toEqual({
        error: NOT_INITIALIZED,
      });
      await hasText(frame.locator('#user'), 'sem usuário');
    } finally {
      await strict.close();
    }
  });
});

describe('host-sim with a Novus plugin that reloads in its frame', () => {
  // novusHost.ts NOT_INITIALIZED (client code, not imported by the node-side tests).
  const NOT_INITIALIZED = 'Plugin não inicializado: initialize precisa ser a primeira mensagem';

  /** The same frame navigates to the test panel with (or without) `semInitialize`. */
  async function navigatePanel(frame: FrameLocator, skipInitialize: boolean): Promise<void> {
    await frame.locator('body').evaluate((_body, skip) => {
      const url = new URL(window.location.href);
      if (skip) url.searchParams.set('semInitialize', '1');
      else url.searchParams.delete('semInitialize');
      window.location.href = url.toString();
    }, skipInitialize);
  }

  it("forgets the old page's registration when its channel closes: the new page must initialize", async () => {
    const frame = await openSim('?modo=novus');
    await hasText(frame.locator('#user-raw'), 'user-ana');
    await hasText(page.locator('.panel-title'), 'Painel de teste');

    await navigatePanel(frame, true);
    // getInfoUser goes out as the new page's script runs, before anything else.
    await hasText(frame.locator('#user-raw'), NOT_INITIALIZED);
    await frame.getByRole('button', { name: 'Pedir canais' }).click();
    await hasText(frame.locator('#raw'), NOT_INITIALIZED);
    expect(await page.locator('.panel-title').innerText()).toBe('CRM');
    expect(await page.locator('.panel').getAttribute('data-plugin-id')).toBeNull();

    // A chat opened meanwhile reaches the plugin once a page registers again (the retained event).
    await page.getByRole('button', { name: /Mariana Costa/ }).click();
    await navigatePanel(frame, false);
    await hasText(frame.locator('#events'), 'aoAbrirAtendimento at-1001');
    await hasText(frame.locator('#user-raw'), 'user-ana');
    await hasText(page.locator('.panel-title'), 'Painel de teste');
  });
});

describe('host-sim', () => {
  it('switches identities and reloads the panel with the new one', async () => {
    const frame = await openSim('');
    await page.getByRole('button', { name: /Mariana Costa/ }).click();
    await page.getByLabel('Atendente').selectOption('user-carla');
    await hasText(frame.locator('#user'), 'user-carla/tenant-beta');
    expect(await page.locator('iframe[title="Painel CRM"]').getAttribute('data-user-id')).toBe(
      'user-carla',
    );
    expect(await frame.locator('#events').innerText()).toBe('');
    expect(await page.locator('.attendance-name').allInnerTexts()).toEqual([
      'Ricardo Nunes',
      'Patrícia Lima',
    ]);
    expect(new URL(page.url()).searchParams.get('usuario')).toBe('user-carla');

    await page.getByLabel('Atendente').selectOption('user-bruno');
    await hasText(frame.locator('#user'), 'user-bruno/tenant-acme');
  });

  it("sends the attendant's reply from the composer", async () => {
    await openSim('?usuario=user-ana');
    await page.getByRole('button', { name: /João Pereira/ }).click();
    await waitFor(async () => (await page.locator('.bubble').count()) === 5, 'a conversa');
    await page.getByLabel('Mensagem').fill('Orçamento enviado por e-mail!');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await waitFor(async () => (await page.locator('.bubble').count()) === 6, 'a resposta');
    const last = page.locator('.bubble').last();
    expect(await last.locator('.bubble-sender').textContent()).toBe('Ana Souza');
    expect(await last.locator('.bubble-text').textContent()).toBe('Orçamento enviado por e-mail!');
  });

  it('widens the panel on request', async () => {
    await openSim('');
    await page.getByRole('button', { name: 'Expandir painel' }).click();
    await waitFor(
      async () => (await page.locator('.panel').boundingBox())?.width === 760,
      'painel largo',
    );
    await page.getByRole('button', { name: 'Recolher painel' }).click();
    await waitFor(
      async () => (await page.locator('.panel').boundingBox())?.width === 420,
      'painel estreito',
    );
  });

  it('ignores protocol messages from a foreign origin or a frame it did not create', async () => {
    const frame = await openSim('');
    const panelOrigin = new URL(panelServer.url).origin;
    const refused = page.getByTestId('refused-count');
    expect(await refused.textContent()).toBe('0');

    await page.evaluate(
      ([src]) => {
        const intruder = document.createElement('iframe');
        intruder.title = 'Intruso';
        intruder.src = src ?? '';
        document.body.append(intruder);
      },
      [`${foreignServer.url}/intruder?panelOrigin=${encodeURIComponent(panelOrigin)}`],
    );
    const foreign = page.frameLocator('iframe[title="Intruso"]');
    await hasText(foreign.locator('#status'), 'enviado');
    await waitFor(async () => (await refused.textContent()) === '2', 'duas recusas');

    // Same origin as the panel, but a frame the host never registered.
    await frame.locator('body').evaluate(
      (body, src) => {
        const nested = document.createElement('iframe');
        nested.title = 'Intruso interno';
        nested.src = src;
        body.append(nested);
      },
      `/intruder?panelOrigin=${encodeURIComponent(panelOrigin)}`,
    );
    const nested = frame.frameLocator('iframe[title="Intruso interno"]');
    await hasText(nested.locator('#status'), 'enviado');
    await waitFor(async () => (await refused.textContent()) === '4', 'quatro recusas');

    await page.waitForTimeout(500);
    expect(await foreign.locator('#received').innerText()).toBe('nada');
    expect(await nested.locator('#received').innerText()).toBe('nada');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await hasText(frame.locator('#user'), 'user-ana/tenant-acme');
  });
});
