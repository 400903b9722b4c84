import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { HOST_PROTOCOL } from '@crm-panel/contracts';
import { ACME, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { screenshot, trackPageErrors } from '@e2e/support/browser';
import { pickDeal } from '@e2e/support/dealTabs';
import { openMarianaNotes } from '@e2e/support/federationPages';
import { HostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';
import { panelFrame } from '@e2e/support/panelShots';
import { E2E_PORTS } from '@e2e/support/stack';
import { serveStatic, type StaticServer } from '../../../../tools/scripts/serve';
import { FRONTENDS, startStack, type Stack } from '../../../../tools/scripts/stack';

// A developer points one remote of their own panel at another address (their dev server, a
// preview release), as single-spa's import-map-overrides: a localStorage entry set from devtools
// (apps/shell remoteOverrides.ts), honoured only for the origins the operator lists in the runtime
// configuration (PANEL_OVERRIDE_ORIGINS, read by `npm start`'s shell server), shown by a banner
// while active. A link a customer can be sent (the panel's own address, with the entry in its
// query or fragment) sets nothing.

const root = path.resolve(__dirname, '../../../..');
const OVERRIDES_KEY = 'crm-panel:remote-overrides';
const BANNER = 'Substituição de módulos ativa';

const world = journeyWorld(readyAnaWithMariana);
/** The preview of notes, on an origin the operator allows, and one on an origin it does not. */
const previewPort = E2E_PORTS.shell + 12;
const strangerPort = E2E_PORTS.shell + 13;
const previewOrigin = `http://127.0.0.1:${previewPort}`;
const strangerOrigin = `http://127.0.0.1:${strangerPort}`;
let preview: StaticServer | undefined;
let stranger: StaticServer | undefined;
let frontends: Stack | undefined;
const operatorSetting = process.env.PANEL_OVERRIDE_ORIGINS;

beforeAll(async () => {
  // The operator allows the preview's origin; the panel's front ends are `npm start`'s, which
  // write it into runtime-config.json. The worker starts its own again for the next file.
  process.env.PANEL_OVERRIDE_ORIGINS = previewOrigin;
  for (const name of FRONTENDS) await world.stack.stopService(name);
  frontends = await startStack({ ports: E2E_PORTS, services: FRONTENDS, quiet: true });
  const notesBuild = path.join(root, 'dist/apps/notes');
  preview = await serveStatic({ dir: notesBuild, port: previewPort });
  stranger = await serveStatic({ dir: notesBuild, port: strangerPort });
});

afterAll(async () => {
  await frontends?.stop();
  // The chat message one journey sends stays in host-sim's conversation: stopped, host-sim is
  // started again from its seed by the next file's lease, so no other file sees it.
  await world.stack.stopService('host-sim');
  await preview?.close();
  await stranger?.close();
  if (operatorSetting === undefined) delete process.env.PANEL_OVERRIDE_ORIGINS;
  else process.env.PANEL_OVERRIDE_ORIGINS = operatorSetting;
});

/**
 * What a page of the host does that these journeys read: its uncaught errors, its console
 * warnings, every request to the preview's origin, and which of the notes servers (the preview,
 * the stranger, the deployed notes) its scripts came from.
 */
function watch(page: Page) {
  const errors = trackPageErrors(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const scriptOrigins: string[] = [];
  const previewRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === previewOrigin) previewRequests.push(request.url());
    if (request.resourceType() === 'script' && url.pathname !== '/') scriptOrigins.push(url.origin);
  });
  const fromNotesServers = () =>
    [...new Set(scriptOrigins)].filter((origin) =>
      [previewOrigin, strangerOrigin, world.stack.url('notes')]
        .map((url) => new URL(url).origin)
        .includes(origin),
    );
  return { errors, warnings, previewRequests, fromNotesServers };
}

/**
 * The host with Mariana's chat and her deal's notes tab open; `override`: what the developer put
 * in the panel's localStorage from devtools beforehand (set in the panel's frame, its origin).
 */
async function openNotes(override?: Record<string, string>) {
  const page: Page = await world.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const watched = watch(page);
  if (override) {
    // Once, in the panel's frame (its storage is the frame's own, partitioned under the host):
    // a reload keeps what the page then did with it ('Remover substituições' removes it).
    await page.addInitScript(
      ([port, key, value]) => {
        if (window.location.port !== port || window.sessionStorage.getItem('e2e-override-set'))
          return;
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e-override-set', '1');
      },
      [String(E2E_PORTS.shell), OVERRIDES_KEY, JSON.stringify(override)] as const,
    );
  }
  const sim = new HostSim(page, world.stack);
  const notes = await openMarianaNotes(sim);
  await notes.getByRole('button', { name: 'Adicionar Nota' }).waitFor();
  return { page, sim, notes, ...watched };
}

/**
 * The panel as deployed, after whatever came before: its notes area shows the deployed notes'
 * button, with no banner (it renders with the panel's first screen), nothing asked of the
 * preview's origin (allowed by the operator: an override that got in would load it), and nothing
 * where the panel reads overrides (its frame's localStorage).
 */
async function expectDeployedNotes(
  sim: HostSim,
  watched: Pick<ReturnType<typeof watch>, 'previewRequests' | 'fromNotesServers'>,
) {
  await sim.panel
    .getByRole('region', { name: 'Notas' })
    .getByRole('button', { name: 'Adicionar Nota' })
    .waitFor();
  expect(await sim.panel.getByRole('status', { name: BANNER }).count()).toBe(0);
  expect(watched.previewRequests).toEqual([]);
  expect(watched.fromNotesServers()).toEqual([new URL(world.stack.url('notes')).origin]);
  const frame = await panelFrame(sim.page);
  expect(await frame.evaluate((key) => window.localStorage.getItem(key), OVERRIDES_KEY)).toBeNull();
}

/** The panel page loaded again inside the host, and Mariana's notes tab chosen again. */
async function reopenNotes(sim: HostSim, navigate: (frame: Frame) => Promise<unknown>) {
  await navigate(await panelFrame(sim.page));
  await pickDeal(sim, ACME.deals.implantacao.name);
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
}

test('a developer points notes at an allowed origin: the panel loads it from there and says so in a banner', async () => {
  const entry = `${previewOrigin}/mf-manifest.json`;
  const { page, sim, errors, fromNotesServers } = await openNotes({ notes: entry });
  const banner = sim.panel.getByRole('status', { name: BANNER });
  await banner.waitFor();
  expect(await banner.innerText()).toContain(
    `Substituição ativa neste navegador: notes vem de ${entry}.`,
  );
  expect(fromNotesServers()).toEqual([previewOrigin]);
  await screenshot(page, 'remote-overrides-banner');

  // 'Remover substituições' ends it: the panel reloads with the deployed notes, no banner.
  // The link of the page before the reload may still answer: the banner going is the reload.
  await banner.getByRole('button', { name: 'Remover substituições' }).click();
  await banner.waitFor({ state: 'detached', timeout: 15_000 });
  await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
  expect(await sim.panel.getByRole('status', { name: BANNER }).count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('an origin the operator does not allow is refused: the deployed notes load, no banner, a console line says why', async () => {
  const entry = `${strangerOrigin}/mf-manifest.json`;
  const { page, sim, errors, warnings, fromNotesServers } = await openNotes({ notes: entry });
  expect(await sim.panel.getByRole('status', { name: BANNER }).count()).toBe(0);
  expect(fromNotesServers()).toEqual([new URL(world.stack.url('notes')).origin]);
  expect(warnings).toContainEqual(
    `[federação] substituição de notes por ${entry} ignorada: origem não permitida.`,
  );
  expect(errors).toEqual([]);
  await page.close();
});

test("a link a customer can be sent sets no override: the panel's address with the entry in its query or fragment", async () => {
  const page = await world.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const previewRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(previewOrigin)) previewRequests.push(request.url());
  });
  const entry = encodeURIComponent(JSON.stringify({ notes: `${previewOrigin}/mf-manifest.json` }));
  for (const link of [
    `${world.stack.url('shell')}/?${OVERRIDES_KEY}=${entry}&overrides=${entry}`,
    `${world.stack.url('shell')}/#${OVERRIDES_KEY}=${entry}`,
  ]) {
    const configRead = page.waitForResponse(/runtime-config\.json/);
    await page.goto(link);
    await configRead;
    // The panel has started (the banner renders with its first screen) and shows none.
    await page.locator('#root > *').first().waitFor();
    expect(await page.getByRole('status', { name: BANNER }).count()).toBe(0);
    expect(previewRequests).toEqual([]);
  }
  // Nothing was written where the panel reads overrides (its origin's localStorage).
  await page.goto(`${world.stack.url('shell')}/build-info.json`);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), OVERRIDES_KEY)).toBeNull();
  await page.close();
});

test('a chat message carrying an override, imported into a note and its link opened inside the panel, sets nothing', async () => {
  const watched = await openNotes();
  const { page, sim, notes } = watched;
  // The panel's own address as the host embeds it (with its host parameters), plus the entry in
  // its query and its fragment: the link most likely to work, were the URL ever read.
  const overrides = JSON.stringify({ notes: `${previewOrigin}/mf-manifest.json` });
  const link = new URL((await panelFrame(page)).url());
  link.searchParams.set(OVERRIDES_KEY, overrides);
  link.hash = `${OVERRIDES_KEY}=${encodeURIComponent(overrides)}`;
  const message =
    `Suporte: para ver a versão nova, rode localStorage.setItem('${OVERRIDES_KEY}', ` +
    `'${overrides}') ou abra ${link.href}`;
  // The message arrives in Mariana's chat (host-sim's composer posts it to the conversation).
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(message);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await page.getByRole('list', { name: 'Mensagens' }).getByText(message).waitFor();

  // Imported into a note of the deal: the panel reads it, stores it and shows it.
  await notes.getByRole('button', { name: 'Adicionar Nota' }).click();
  await sim.modal.getByRole('radio', { name: 'Importar do chat' }).check();
  const picker = sim.modal.getByRole('list', { name: 'Mensagens do atendimento' });
  await picker.getByRole('checkbox', { name: /Suporte: para ver a versão nova/ }).check();
  await sim.modal.getByRole('button', { name: 'Importar mensagens selecionadas' }).click();
  await sim.modal.getByRole('button', { name: 'Salvar Nota' }).click();
  await notes.getByText('Nota criada com sucesso!').waitFor();
  await notes
    .getByRole('listitem')
    .filter({ hasText: 'Suporte: para ver a versão nova' })
    .waitFor();
  await expectDeployedNotes(sim, watched);

  // The panel loaded again, the note on screen: still the deployed notes.
  await reopenNotes(sim, (frame) => frame.goto(frame.url()));
  await notes
    .getByRole('listitem')
    .filter({ hasText: 'Suporte: para ver a versão nova' })
    .waitFor();
  await expectDeployedNotes(sim, watched);

  // The link opened inside the host's panel frame: the panel runs, connected to the host, with
  // the entry in its address, and takes nothing from it.
  await reopenNotes(sim, (frame) => frame.goto(link.href));
  expect((await panelFrame(page)).url()).toBe(link.href);
  await expectDeployedNotes(sim, watched);
  await screenshot(page, 'remote-overrides-chat-message');
  expect(watched.errors).toEqual([]);
  await page.close();
});

test('a message from the host frame shaped like an override is refused: nothing stored, nothing loaded, no banner after a reload', async () => {
  const watched = await openNotes();
  const { page, sim } = watched;
  const frame = await panelFrame(page);
  // The panel's frame hears the messages in the order they were posted: the last one says all
  // before it were delivered.
  await frame.evaluate(() => {
    Reflect.set(
      window,
      '__e2eDelivered',
      new Promise<void>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data === 'e2e: fim das mensagens') resolve();
        });
      }),
    );
  });
  const entry = `${previewOrigin}/mf-manifest.json`;
  // From the host page itself (the panel's parent, at the origin the panel trusts), to the panel's
  // origin: every shape an override could be sent in.
  await page.evaluate(
    ([panelOrigin, key, notesEntry, protocol]) => {
      const panel = document.querySelector<HTMLIFrameElement>('iframe[title="Painel CRM"]');
      const target = panel?.contentWindow;
      if (!target) throw new Error('o painel não foi encontrado');
      const overrides = { notes: notesEntry };
      const json = JSON.stringify(overrides);
      for (const message of [
        { [key]: overrides },
        { [key]: json },
        { type: 'remoteOverrides', overrides },
        { command: 'setRemoteOverrides', args: overrides },
        { protocol, type: 'remoteOverrides', data: overrides },
        { protocol, command: 'localStorage.setItem', args: { key, value: json } },
        { key, newValue: json, storageArea: 'localStorage' },
        `${key}=${json}`,
        json,
        'e2e: fim das mensagens',
      ]) {
        target.postMessage(message, panelOrigin);
      }
    },
    [new URL(world.stack.url('shell')).origin, OVERRIDES_KEY, entry, HOST_PROTOCOL] as const,
  );
  await frame.evaluate(() => Reflect.get(window, '__e2eDelivered'));
  // The panel goes on as it was…
  await expectDeployedNotes(sim, watched);
  // …and loaded again, nothing was kept for it to take.
  await reopenNotes(sim, (panel) => panel.goto(panel.url()));
  await expectDeployedNotes(sim, watched);
  expect(watched.errors).toEqual([]);
  await page.close();
});
