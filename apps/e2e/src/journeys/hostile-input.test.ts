import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { consentedSignInOverHttp } from '@crm-panel/api/testing';
import { consentOverHttp } from '@crm-panel/crm-sandbox';
import { HOST_PROTOCOL, type HostAttendance } from '@crm-panel/contracts';
import {
  ACME,
  ANA,
  acceptTerms,
  BRUNO,
  callApi,
  readyAnaWithMariana,
  SIGNED_OUT,
} from '@e2e/support/apiSetup';
import { launchBrowser, screenshot, trackPageErrors } from '@e2e/support/browser';
import { eventually } from '@e2e/support/eventually';
import { HostSim } from '@e2e/support/hostSim';
import { startE2eStack, type Stack } from '@e2e/support/stack';

/**
 * What an attacker can throw at the panel: HTML and script in CRM notes, host-protocol messages
 * from a window that is not the host, and a forged OAuth `state`.
 */

let stack: Stack;
let browser: Browser;
/** A page on an origin of its own (127.0.0.1 and a free port): the attacker's. */
let foreign: http.Server;
let foreignOrigin: string;

beforeAll(async () => {
  stack = await startE2eStack();
  await readyAnaWithMariana(stack);
  await acceptTerms(stack, BRUNO);
  browser = await launchBrowser();
  foreign = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Página externa</title></head><body><p>Página externa</p></body></html>',
    );
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => foreign?.close(resolve));
  await stack?.stop();
});

async function frameOf(page: Page, selector: string): Promise<Frame> {
  const handle = await page.locator(selector).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`sem frame em ${selector}`);
  return frame;
}

// ---------------------------------------------------------------------------------------------
// 1. XSS payloads stored as CRM notes

/** Where a payload that ran would report: a request here is a failure too. */
const MARKER = 'http://127.0.0.1:9/xss-marker';

/** Each one tries to call __xss(n), open a dialog or reach the marker URL. */
const PAYLOADS: string[] = [
  `<script>__xss(1)</script>`,
  `<img src=x onerror="__xss(2)">`,
  `<svg onload="__xss(3)"><circle r="5"></circle></svg>`,
  `<svg><script>__xss(4)</script></svg>`,
  `<a href="javascript:__xss(5)">Clique aqui 5</a>`,
  `<iframe srcdoc="<script>parent.__xss(6)</script>"></iframe>`,
  `<iframe src="javascript:parent.__xss(7)"></iframe>`,
  `<img src=x onerror=__xss(8)//`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;__xss(9)">Entidades 9</a>`,
  `<a href="jav&#x09;ascript:__xss(10)">Tabulação 10</a>`,
  `<div style="background-image:url('${MARKER}/11')">Estilo 11</div><p style="width:expression(__xss(11))">IE 11</p>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=__xss(12)></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=__xss(13)>"></p></noscript>`,
  `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=__xss(14) src>">`,
  `<object data="javascript:__xss(15)"></object><embed src="javascript:__xss(15)">`,
  `<base href="${MARKER}/16/"><a href="relativo">Relativo 16</a>`,
  `<meta http-equiv="refresh" content="0;url=javascript:__xss(17)">`,
  `<details open ontoggle="__xss(18)"><summary>Detalhes 18</summary></details>`,
  `<input autofocus onfocus="__xss(19)">`,
  `<link rel="stylesheet" href="${MARKER}/20.css"><style>@import '${MARKER}/20b.css';</style>`,
  `<svg><a xlink:href="javascript:__xss(21)"><text x="20" y="20">SVG 21</text></a></svg>`,
  `"><script>alert(22)</script></textarea><script>alert(22)</script>`,
  `<img src="${MARKER}/23.png" alt="rastreio 23">`,
  `<scr<script>ipt>__xss(24)</scr</script>ipt>`,
  `<video><source onerror="__xss(25)"></video><audio src=x onerror=__xss(25)></audio>`,
  `<body onload=__xss(26)><p>Corpo 26</p>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgyNyk8L3NjcmlwdD4=">Dados 27</a>`,
  `<img src=x:x onerror=alert(28)>`,
  `<!--><img src=x onerror=__xss(29)>-->`,
  `<svg><style><img src=x onerror=__xss(30)></style></svg>`,
];

/** Padding that makes a note longer than the 200-character preview, so it opens with 'Ver mais'. */
const longNote = (index: number, payload: string) =>
  `<p>Nota hostil ${String(index + 1).padStart(2, '0')}: ${'texto de enchimento para passar do limite da prévia. '.repeat(5)}</p>${payload}`;

interface Traps {
  fired: { tag: string; url: string }[];
  dialogs: string[];
  markerRequests: string[];
}

/** A context where a payload that runs is recorded, wherever it runs (every page and frame). */
async function trappedContext(): Promise<{ context: BrowserContext; traps: Traps }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1100 } });
  const traps: Traps = { fired: [], dialogs: [], markerRequests: [] };
  await context.exposeBinding('__xss', (source, tag: unknown) => {
    traps.fired.push({ tag: String(tag), url: source.frame.url() });
  });
  await context.route(`${MARKER}/**`, async (route) => {
    traps.markerRequests.push(route.request().url());
    await route.fulfill({ status: 204 });
  });
  context.on('page', (opened) => {
    opened.on('dialog', (dialog) => {
      traps.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
  });
  return { context, traps };
}

/**
 * What a rendered note must never hold, and what no element of the whole document may carry:
 * script-capable elements, event handler attributes, URLs other than http(s)/mailto, styles.
 */
async function unsafeMarkup(frame: Frame, noteSelector: string): Promise<string[]> {
  return frame.evaluate((selector) => {
    const found: string[] = [];
    const describe = (el: Element) => el.outerHTML.slice(0, 120);
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        // Browsers ignore whitespace and control characters inside a URL's scheme.
        const value = Array.from(attr.value)
          .filter((char) => char.charCodeAt(0) > 32)
          .join('')
          .toLowerCase();
        if (name.startsWith('on')) found.push(`atributo ${name}: ${describe(el)}`);
        if (/^(javascript|vbscript|data:text\/html)/.test(value) && name !== 'content') {
          found.push(`URL ${name}=${attr.value}: ${describe(el)}`);
        }
      }
    }
    // The bundles are <script src>; an inline script or a srcdoc frame can only be injected.
    for (const el of Array.from(document.querySelectorAll('script:not([src]), iframe[srcdoc]'))) {
      found.push(`elemento injetado ${el.tagName.toLowerCase()}: ${describe(el)}`);
    }
    const notes = Array.from(document.querySelectorAll(selector));
    if (notes.length === 0) found.push(`nenhuma nota em ${selector}`);
    for (const note of notes) {
      const forbidden =
        'script, iframe, frame, object, embed, base, meta, link, style, img, svg, math, form, ' +
        'input, textarea, video, audio, source, noscript, template, details, [style]';
      for (const el of Array.from(note.querySelectorAll(forbidden))) {
        found.push(`elemento ${el.tagName.toLowerCase()}: ${describe(el)}`);
      }
      for (const link of Array.from(note.querySelectorAll('[href], [src], [action]'))) {
        const url = link.getAttribute('href') ?? link.getAttribute('src') ?? '';
        if (!/^(https?:\/\/|mailto:)/i.test(url)) found.push(`URL ${url}: ${describe(link)}`);
      }
    }
    return found;
  }, noteSelector);
}

const NOTES_TAB = '[data-remote="notes/NotesTab"]';
const NOTE_VIEW = 'article[aria-label="Conteúdo da nota"]';
const dealId = ACME.deals.licencas.id;

test('the traps catch a payload that does run (the check can fail)', async () => {
  const { context, traps } = await trappedContext();
  const page = await context.newPage();
  const sim = new HostSim(page, stack);
  await sim.open('user-ana');
  const panel = await frameOf(page, 'iframe[title="Painel CRM"]');
  // An unsafe sink on purpose, in the very frame the notes render in.
  await panel.evaluate((html) => {
    const probe = document.createElement('div');
    probe.innerHTML = html;
    document.body.append(probe);
  }, `<img src=x onerror="__xss('controle')"><img src="${MARKER}/controle.png"><img src=x onerror="alert('controle')">`);
  const deadline = Date.now() + 5_000;
  while (traps.dialogs.length === 0 || traps.fired.length === 0 || !traps.markerRequests.length) {
    if (Date.now() > deadline) break;
    await page.waitForTimeout(50);
  }
  expect(traps.fired.map((f) => f.tag)).toEqual(['controle']);
  expect(traps.dialogs).toEqual(['alert: controle']);
  expect(traps.markerRequests).toEqual([`${MARKER}/controle.png`]);
  expect(await unsafeMarkup(panel, 'div:has(> img)')).not.toEqual([]);
  await context.close();
});

test(`${PAYLOADS.length} XSS payloads stored as notes run neither in the notes tab nor in the note view`, async () => {
  // Stored through the api as Ana, short (rendered as HTML in the timeline) and long (previewed
  // as text; 'Ver mais' renders the HTML in the note view modal).
  const bodies = [...PAYLOADS, ...PAYLOADS.map((payload, index) => longNote(index, payload))];
  for (const description of bodies) {
    const created = await callApi(stack, ANA, 'POST', `/api/rdstation/deals/${dealId}/notes`, {
      description,
      user_id: ACME.users.ana.id,
    });
    expect(created.status).toBe(201);
  }
  // They reach the browser untouched: the panel is the line of defence.
  const stored = await callApi(
    stack,
    ANA,
    'GET',
    `/api/rdstation/deals/${dealId}/notes?limit=200&page=1&order=registered_at&direction=desc`,
  );
  const descriptions = (stored.json.data as { data: { description: string }[] }).data.map(
    (note) => note.description,
  );
  for (const description of bodies) expect(descriptions).toContain(description);

  const { context, traps } = await trappedContext();
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  page.setDefaultTimeout(15_000);
  const sim = new HostSim(page, stack);
  await sim.open('user-ana');
  await sim.openAttendance('Mariana Costa');
  await sim.panel.getByRole('combobox', { name: /Negociação/ }).fill('Licenças adicionais');
  await sim.panel.getByRole('option', { name: ACME.deals.licencas.name }).click();
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
  const notesTab = sim.panel.locator(NOTES_TAB);
  await notesTab.getByText('Nota hostil 01:').waitFor();
  await notesTab.getByText(`Nota hostil ${PAYLOADS.length}:`).waitFor();
  await notesTab.getByText('Clique aqui 5').waitFor();
  await page.waitForTimeout(1_000);
  await screenshot(page, 'hostile-notes-tab');

  const panel = await frameOf(page, 'iframe[title="Painel CRM"]');
  expect(await unsafeMarkup(panel, `${NOTES_TAB} ol > li > div`)).toEqual([]);
  expect(traps).toEqual({ fired: [], dialogs: [], markerRequests: [] });

  for (let index = 0; index < PAYLOADS.length; index += 1) {
    const label = `Nota hostil ${String(index + 1).padStart(2, '0')}:`;
    await notesTab
      .getByRole('listitem')
      .filter({ hasText: label })
      .getByRole('button', { name: 'Ver mais' })
      .click();
    await sim.modal.locator(NOTE_VIEW).getByText(label).waitFor();
    const modal = await frameOf(page, 'iframe.modal-frame');
    await modal.waitForTimeout(100);
    if (index === 0) await screenshot(page, 'hostile-note-view');
    expect({ payload: PAYLOADS[index], found: await unsafeMarkup(modal, NOTE_VIEW) }).toEqual({
      payload: PAYLOADS[index],
      found: [],
    });
    await sim.modal.getByRole('button', { name: 'Fechar' }).click();
    await page.locator('iframe.modal-frame').waitFor({ state: 'detached' });
  }
  await page.waitForTimeout(500);
  expect(traps).toEqual({ fired: [], dialogs: [], markerRequests: [] });
  expect(errors).toEqual([]);
  await context.close();
});

// ---------------------------------------------------------------------------------------------
// 2. postMessage from a foreign origin

const JOAO: HostAttendance = {
  atendimentoId: 'at-1002',
  canalId: 'canal-whatsapp-acme',
  descricao: 'Pedido de orçamento',
  contato: {
    id: 'contato-joao',
    nome: 'João Pereira',
    nomeSecundario: null,
    numero: '+5521998765432',
  },
};
const MARIANA: HostAttendance = {
  atendimentoId: 'at-1001',
  canalId: 'canal-whatsapp-acme',
  descricao: 'Dúvida sobre a proposta comercial',
  contato: {
    id: 'contato-mariana',
    nome: 'Mariana Costa',
    nomeSecundario: null,
    numero: '+5511987654321',
  },
};

describe.each(['global', 'postMessage'] as const)('host-sim in %s mode', (mode) => {
  test('host-protocol messages from a foreign frame are ignored by the panel and refused by the host', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(15_000);
    const errors = trackPageErrors(page);
    const sim = new HostSim(page, stack);
    await sim.open('user-ana', mode);
    await sim.openAttendance('Mariana Costa');
    const contact = sim.panel.getByRole('link', { name: /Mariana Costa/ });
    await contact.waitFor();
    await page.getByText('Ambiente').click();
    const refused = page.getByTestId('refused-count');
    expect(await refused.textContent()).toBe('0');

    // A third-party frame in the host page (an ad, a widget) speaking the host protocol.
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.title = 'Anúncio';
      frame.src = src;
      document.body.append(frame);
    }, `${foreignOrigin}/anuncio`);
    const intruder = await frameOf(page, 'iframe[title="Anúncio"]');
    await intruder.waitForLoadState();
    await intruder.evaluate(
      ({ protocol, attendance, formUrl }) => {
        const replies: unknown[] = [];
        Object.assign(window, { replies });
        const others = Array.from({ length: parent.frames.length }, (_, i) => parent.frames[i]);
        for (const target of others) {
          if (!target || target === window) continue;
          target.postMessage(
            {
              protocol,
              type: 'initialized',
              data: { userInfo: { userId: 'user-bruno', systemKey: 'tenant-acme' }, attendance },
            },
            '*',
          );
          target.postMessage({ protocol, type: 'hostReady' }, '*');
          target.postMessage({ protocol, event: 'attendanceOpen', payload: attendance }, '*');
          target.postMessage({ protocol, event: 'attendanceClose', payload: null }, '*');
        }
        const ask = (message: unknown) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => replies.push(event.data);
          parent.postMessage(message, '*', [channel.port2]);
        };
        ask({ protocol, command: 'initialize', args: { pluginId: 'intruso' } });
        ask({ protocol, command: 'getInfoUser', args: null });
        ask({
          protocol,
          command: 'openModal',
          args: { url: formUrl, title: 'Intruso', width: 600, height: 600 },
        });
      },
      {
        protocol: HOST_PROTOCOL,
        attendance: JOAO,
        formUrl: `${stack.url('shell')}/credentials-manager-modal`,
      },
    );

    await page.waitForFunction(
      () => document.querySelector('[data-testid="refused-count"]')?.textContent === '3',
    );
    await page.waitForTimeout(500);
    await screenshot(page, `hostile-foreign-frame-${mode}`);
    expect(await refused.textContent()).toBe('3');
    expect(
      await intruder.evaluate(() => (window as unknown as { replies: unknown[] }).replies),
    ).toEqual([]);
    expect(await page.locator('iframe.modal-frame').count()).toBe(0);
    expect(await contact.isVisible()).toBe(true);
    expect(await sim.panel.getByText('João Pereira').count()).toBe(0);
    expect(new URL((await frameOf(page, 'iframe[title="Painel CRM"]')).url()).pathname).toBe('/');

    // The same message from the host page itself is acted on: the check above can fail.
    await page.evaluate(
      ({ protocol, attendance }) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Painel CRM"]');
        frame?.contentWindow?.postMessage(
          {
            protocol,
            type: 'initialized',
            data: { userInfo: { userId: 'user-ana', systemKey: 'tenant-acme' }, attendance },
          },
          new URL(frame.src).origin,
        );
      },
      { protocol: HOST_PROTOCOL, attendance: JOAO },
    );
    await sim.panel.getByText('João Pereira').first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

test('a foreign page that frames the panel as if it were the host gets no user and no data', async () => {
  const hostOrigin = `http://localhost:${stack.ports['host-sim']}`;
  const panelUrl = `${stack.url('shell')}/?hostOrigin=${encodeURIComponent(hostOrigin)}`;

  async function frameAndForge(context: BrowserContext, pageUrl: string, times: number) {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const identified: string[] = [];
    page.on('request', (request) => {
      const user = request.headers()['x-user-id'];
      if (user) identified.push(`${user} ${new URL(request.url()).pathname}`);
    });
    await page.goto(pageUrl);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.title = 'Painel embutido';
      frame.src = src;
      frame.width = '600';
      frame.height = '800';
      document.body.append(frame);
    }, panelUrl);
    await page.locator('iframe[title="Painel embutido"]').waitFor();
    const panel = await frameOf(page, 'iframe[title="Painel embutido"]');
    // Forged host answers every 100 ms, whenever the panel starts listening.
    await page.evaluate(
      async ({ protocol, attendance, times }) => {
        const frame = document.querySelector('iframe');
        for (let i = 0; i < times; i += 1) {
          frame?.contentWindow?.postMessage(
            {
              protocol,
              type: 'initialized',
              data: { userInfo: { userId: 'user-ana', systemKey: 'tenant-acme' }, attendance },
            },
            '*',
          );
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      { protocol: HOST_PROTOCOL, attendance: MARIANA, times },
    );
    return { page, panel, identified };
  }

  const foreignContext = await browser.newContext({ viewport: { width: 800, height: 900 } });
  // 6 s of forged answers: longer than the panel's 50 × 100 ms wait for the host user info.
  const attack = await frameAndForge(foreignContext, `${foreignOrigin}/embutir`, 60);
  await attack.page.waitForTimeout(1_000);
  await screenshot(attack.page, 'hostile-foreign-framer');
  const panelText = await attack.panel.evaluate(() => document.body.innerText);
  expect(panelText).not.toContain('Mariana Costa');
  expect(panelText).not.toContain('Ana Paula Ferreira');
  expect(attack.identified).toEqual([]);
  await foreignContext.close();

  // The same script run by a page of the host's own origin (a real one: host-sim's health check)
  // is trusted to say who is there, and the panel asks for a session: but tenant-acme's host
  // signs its attendants, and this page cannot sign, so the api gives no session and no data.
  const hostContext = await browser.newContext({ viewport: { width: 800, height: 900 } });
  const trusted = await frameAndForge(hostContext, `${hostOrigin}/health`, 20);
  await eventually(async () => trusted.identified.includes('user-ana /api/session'), true);
  await trusted.page.waitForTimeout(1_000);
  const trustedText = await trusted.panel.evaluate(() => document.body.innerText);
  expect(trustedText).not.toContain('Mariana Costa');
  expect(trustedText).not.toContain('Ana Paula Ferreira');
  expect(trusted.identified.filter((call) => call.includes('/api/rdstation/deals'))).toEqual([]);
  await hostContext.close();
});

// ---------------------------------------------------------------------------------------------
// 3. A forged OAuth state

test('a forged state on the OAuth callback is refused with a pt-BR page and signs no one in', async () => {
  const callbackBase = `http://127.0.0.1:${stack.ports.api}/api/rdstation/auth/callback`;
  const authStatus = async () =>
    (await callApi(stack, BRUNO, 'GET', '/api/rdstation/auth/status')).json;
  const notSignedIn = SIGNED_OUT;
  const refusedPage = async (url: string, cookie = '') => {
    const answer = await fetch(url, { headers: cookie ? { cookie } : {} });
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      body: await answer.text(),
    };
  };
  /** Bruno's sign-in window: auth/start → auth/begin (its cookie and secret) → the CRM's consent. */
  const signInWindow = async () => {
    const start = await callApi(stack, BRUNO, 'GET', '/api/rdstation/auth/start');
    return consentedSignInOverHttp(
      String(start.json.authUrl),
      ACME.users.bruno.email,
      consentOverHttp,
    );
  };

  // Outside the sign-in window (no cookie of its own), any callback is refused.
  const elsewhere = await refusedPage(`${callbackBase}?code=x&state=forged`);
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.type).toMatch(/^text\/html/);
  expect(elsewhere.body).toContain('<html lang="pt-BR">');
  expect(elsewhere.body).toMatch(/<h1[^>]*>Não foi possível autenticar<\/h1>/);
  expect(elsewhere.body).toContain(
    'Este login foi iniciado em outra janela ou navegador. Feche esta janela e inicie o login novamente pelo painel.',
  );
  // In the sign-in window, a forged state.
  const forgedWindow = await signInWindow();
  const forged = await refusedPage(
    `${callbackBase}?code=x&state=forged&window_proof=${encodeURIComponent(forgedWindow.windowProof ?? '')}`,
    forgedWindow.cookie,
  );
  expect(forged.status).toBe(400);
  expect(forged.body).toContain(
    'Link de autenticação inválido, expirado ou já utilizado. Feche esta janela e inicie o login novamente.',
  );
  expect(await authStatus()).toEqual(notSignedIn);

  // A real code from the CRM, with the state swapped or altered: still refused.
  const window = await signInWindow();
  const callback = window.callback;
  // RD documents no `state` on its redirect, and the strict sandbox sends none: the state the api
  // sent to the CRM is what a CRM that echoes it would add.
  expect(callback.searchParams.has('state')).toBe(false);
  const realState = new URL(window.consentUrl).searchParams.get('state') ?? '';
  expect(realState).not.toBe('');
  for (const state of [
    'forged',
    `${realState.slice(0, -1)}${realState.endsWith('A') ? 'B' : 'A'}`,
  ]) {
    const tampered = new URL(callback);
    tampered.searchParams.set('state', state);
    tampered.searchParams.set('window_proof', window.windowProof ?? '');
    expect((await refusedPage(tampered.toString(), window.cookie)).status).toBe(400);
  }
  // The real state in another browser (without the window's cookie).
  expect((await refusedPage(callback.toString())).status).toBe(400);
  expect(await authStatus()).toEqual(notSignedIn);

  // The browser shows the refusal page.
  const page = await browser.newPage();
  await page.goto(`${callbackBase}?code=x&state=forged`);
  await page.getByRole('heading', { name: 'Não foi possível autenticar' }).waitFor();
  await page.getByRole('button', { name: 'Fechar janela' }).waitFor();
  await screenshot(page, 'hostile-oauth-forged-state');
  await page.close();

  // Control: the untouched callback in its window (its cookie and secret) signs Bruno in, whose
  // e-mail the host signs (no confirmation to ask); replaying it is refused.
  const untouched = new URL(callback);
  untouched.searchParams.set('window_proof', window.windowProof ?? '');
  expect((await refusedPage(untouched.toString(), window.cookie)).status).toBe(200);
  expect(await authStatus()).toMatchObject({ authenticated: true, method: 'oauth' });
  expect((await refusedPage(untouched.toString(), window.cookie)).status).toBe(400);
});
