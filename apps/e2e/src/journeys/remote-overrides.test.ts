import path from 'node:path';
import type { Page } from 'playwright-core';
import { ACME, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { screenshot, trackPageErrors } from '@e2e/support/browser';
import { pickDeal } from '@e2e/support/dealTabs';
import { HostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';
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
  await preview?.close();
  await stranger?.close();
  if (operatorSetting === undefined) delete process.env.PANEL_OVERRIDE_ORIGINS;
  else process.env.PANEL_OVERRIDE_ORIGINS = operatorSetting;
});

/**
 * The host with Mariana's chat and her deal's notes tab open; `override`: what the developer put
 * in the panel's localStorage from devtools beforehand (set in the panel's frame, its origin).
 */
async function openNotes(override?: Record<string, string>) {
  const page: Page = await world.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors = trackPageErrors(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const notesScripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.pathname !== '/') notesScripts.push(url.origin);
  });
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
  await sim.open();
  await sim.openAttendance('Mariana Costa');
  const panel = sim.panel;
  await pickDeal(sim, ACME.deals.implantacao.name);
  await panel.getByRole('tab', { name: 'Notas' }).click();
  await panel
    .getByRole('region', { name: 'Notas' })
    .getByRole('button', { name: 'Adicionar Nota' })
    .waitFor();
  const fromNotesServers = () =>
    [...new Set(notesScripts)].filter((origin) =>
      [previewOrigin, strangerOrigin, world.stack.url('notes')]
        .map((url) => new URL(url).origin)
        .includes(origin),
    );
  return { page, sim, errors, warnings, fromNotesServers };
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
  await banner.getByRole('button', { name: 'Remover substituições' }).click();
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
