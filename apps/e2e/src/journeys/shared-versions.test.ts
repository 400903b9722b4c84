import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readyAnaWithMariana } from '@e2e/support/apiSetup';
import { screenshot, trackPageErrors } from '@e2e/support/browser';
import { generalTabLoaded } from '@e2e/support/dealTabs';
import { deployForThisPage, openMarianaNotes } from '@e2e/support/federationPages';
import { HostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';
import { E2E_PORTS } from '@e2e/support/stack';
import { serveStatic, type StaticServer } from '../../../../tools/scripts/serve';

/** The host-bridge the shell's build carries: the page's copy, by its package.json. */
const PAGE_HOST_BRIDGE = (
  JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../../../../libs/host-bridge/package.json'), 'utf8'),
  ) as { version: string }
).version;
/** The next major of the page's host-bridge: what the remote below is released with. */
const NEXT_MAJOR = `${Number(PAGE_HOST_BRIDGE.split('.')[0]) + 1}.0.0`;

// A notes remote released with the next major of host-bridge (a lib that holds the page's host
// connection and attendance: one per page) meets a shell that runs the current one. The federation runtime
// plugin (tools/webpack/sharedVersions.mjs) must refuse it in the notes area, with both versions
// in the console, and never run notes on the shell's copy or a second copy.

const root = path.resolve(__dirname, '../../../..');
const SHARED_LIB_ERROR =
  'Este módulo foi publicado com uma versão incompatível com o painel aberto e não pode ser ' +
  'carregado agora. Tente novamente em instantes; se continuar, avise o administrador.';

const world = journeyWorld(readyAnaWithMariana);
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-notes-host-bridge-2-'));
let notesServer: StaticServer;

beforeAll(() => {
  // A real build of today's notes, as if host-bridge had been released at its next major and notes had
  // moved to it (tools/webpack/sharedLibs.js, CRM_PANEL_LIB_VERSIONS).
  const build = spawnSync(
    process.execPath,
    [
      require.resolve('webpack-cli/bin/cli.js'),
      '--config',
      'apps/notes/webpack.config.js',
      '--mode',
      'production',
      '--no-devtool',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        CRM_PANEL_LIB_VERSIONS: JSON.stringify({ '@crm-panel/host-bridge': NEXT_MAJOR }),
        CRM_PANEL_DIST_DIR: buildDir,
      },
    },
  );
  if (build.status !== 0) throw new Error(`build de notes falhou:\n${build.stdout}${build.stderr}`);
}, 300_000);

beforeAll(async () => {
  // A port of this worker's band the stack does not use (support/stack.ts).
  notesServer = await serveStatic({ dir: buildDir, port: E2E_PORTS.shell + 11 });
});

afterAll(async () => {
  await notesServer?.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

/** The panel with notes deployed at `notesEntry` (the shell's runtime-config.json says so). */
async function openNotesAt(notesEntry: string) {
  const page: Page = await world.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors = trackPageErrors(page);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await deployForThisPage(page, { notes: notesEntry });
  const sim = new HostSim(page, world.stack);
  const notes = await openMarianaNotes(sim);
  return { page, sim, notes, errors, consoleErrors };
}

test('a remote that needs another major of a stateful lib is refused in its own area, naming both versions', async () => {
  const { page, sim, notes, errors, consoleErrors } = await openNotesAt(
    `${notesServer.url}/mf-manifest.json`,
  );
  const panel = sim.panel;
  await notes.getByText(SHARED_LIB_ERROR).waitFor();
  await notes.getByRole('button', { name: 'Tentar novamente' }).waitFor();
  expect(await notes.getByRole('button', { name: 'Adicionar Nota' }).count()).toBe(0);
  expect(consoleErrors).toContainEqual(
    expect.stringContaining(
      `[federação] notes foi construído com @crm-panel/host-bridge ${NEXT_MAJOR} (precisa de ^${NEXT_MAJOR}), ` +
        `mas a página já usa @crm-panel/host-bridge ${PAGE_HOST_BRIDGE} (carregado por shell).`,
    ),
  );
  await screenshot(page, 'shared-versions-refused');

  // The rest of the panel keeps working: the other tabs and the deal's data.
  await panel.getByRole('tab', { name: 'Tarefas' }).click();
  await panel.getByRole('button', { name: 'Adicionar' }).waitFor();
  await panel.getByRole('tab', { name: 'Geral' }).click();
  await generalTabLoaded(panel);
  expect(errors).toEqual([]);
  await page.close();
});

test('the same remote built with the compatible lib loads beside it (the refusal is the version, not the build)', async () => {
  const { page, sim, notes, errors } = await openNotesAt(
    `${world.stack.url('notes')}/mf-manifest.json`,
  );
  await notes.getByRole('button', { name: 'Adicionar Nota' }).waitFor();
  expect(await sim.panel.getByText(SHARED_LIB_ERROR).count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});
