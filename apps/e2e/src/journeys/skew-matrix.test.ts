import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FrameLocator, Page, Request, Response } from 'playwright-core';
import { ACME, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { screenshot, trackPageErrors } from '@e2e/support/browser';
import { pickDeal } from '@e2e/support/dealTabs';
import { tasksProductsAndIntegration } from '@e2e/support/everyRemote';
import { deployForThisPage, openMarianaNotes } from '@e2e/support/federationPages';
import { HostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';
import { E2E_PORTS } from '@e2e/support/stack';
import {
  deploy,
  readDeployed,
  readRelease,
  release,
  releasePath,
  type ReleaseRecord,
  rollback,
} from '../../../../tools/scripts/releases';
import { serveStatic, type StaticServer } from '../../../../tools/scripts/serve';
import { skewBaseline, type SkewBaseline } from '../../../../tools/scripts/skewBaseline';
import { FRONTENDS, startStack, type Stack } from '../../../../tools/scripts/stack';

// The skew matrix: a real earlier release of this repository (tools/scripts/skewBaseline.js: the
// front ends of SKEW_BASELINE_REF, built once from its own files into a cache) released as 1.0.0,
// today's tree as 1.1.0, both through `npm run release`'s code, and the panel served as `npm
// start` serves what `npm run deploy` / `rollback` chose (tools/scripts/stack.js, releasesDir).
// What differs between the two: 1.1.0's api-client names its wire contract on every call
// (x-panel-contract), and its apps need crm-model ^2.0.0 and ui ^2.0.0 (new theme tokens);
// 1.0.0's sends no header and carries crm-model and ui 1.0.0. So the new shell serves the old
// remotes its api-client (one per page) while they keep their own crm-model and ui 1.0.0, and
// under the old shell the new remotes run on the old api-client (the api must take its calls
// without the header) with their own crm-model and ui 2.0.0 (stateless libs the page has only an
// older copy of; each remote's area renders with its own theme). The api is today's in both
// directions: it ships first.

const root = path.resolve(__dirname, '../../../..');
const REMOTES = FRONTENDS.filter((name) => name !== 'shell');
const OLD = '1.0.0';
const NEW = '1.1.0';
const REMOTE_LOAD_ERROR = 'Não foi possível carregar este módulo.';
const OTHER_CONTRACT_MESSAGE =
  'Este módulo foi feito para outra versão do painel (contrato 2.x; este painel aceita 1.x) e ' +
  'não pode ser aberto aqui. Avise o administrador.';
const SHARED_LIB_MESSAGE =
  'Este módulo foi publicado com uma versão incompatível com o painel aberto e não pode ser ' +
  'carregado agora. Tente novamente em instantes; se continuar, avise o administrador.';
/** The contracts lib the new shell carries: the page's copy. */
const PAGE_CONTRACTS = (
  JSON.parse(fs.readFileSync(path.join(root, 'libs/contracts/package.json'), 'utf8')) as {
    version: string;
  }
).version;

const world = journeyWorld(readyAnaWithMariana);
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-skew-releases-'));
const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-skew-other-contract-'));
let baseline: SkewBaseline;
let frontends: Stack | undefined;

beforeAll(async () => {
  // Cold: the earlier release is built here (`npm test` builds it beside lint, so it is warm).
  baseline = await skewBaseline({ log: () => undefined });
  const builtFrom = () => ({ commit: baseline.commit, uncommittedChanges: false });
  for (const app of FRONTENDS) {
    release(app, { dist: baseline.dist(app), dir: releasesDir, version: OLD, source: builtFrom });
    release(app, { dist: path.join(root, 'dist/apps', app), dir: releasesDir, version: NEW });
    deploy(app, OLD, { dir: releasesDir });
  }
  // The worker's front ends (each serving its dist build) give way to `npm start`'s, serving
  // what is deployed in releasesDir; the worker starts its own again for the next file.
  for (const name of FRONTENDS) await world.stack.stopService(name);
  frontends = await startStack({ ports: E2E_PORTS, services: FRONTENDS, releasesDir, quiet: true });
}, 900_000);

afterAll(async () => {
  await frontends?.stop();
  await otherContract?.server.close();
  fs.rmSync(releasesDir, { recursive: true, force: true });
  fs.rmSync(otherDir, { recursive: true, force: true });
});

interface Opened {
  page: Page;
  sim: HostSim;
  errors: Error[];
  /** Every script the page downloaded from a remote's server, by remote. */
  scripts: Map<string, string[]>;
  /**
   * Every call to the api through api-client's transport: its path and the contract header it
   * carried. The live stream (/api/events) is read by its own fetch, not the transport, and
   * names no contract: the api reads it as 1.0.0.
   */
  apiCalls: { path: string; contract: string | undefined }[];
}

async function openMariana(): Promise<Opened> {
  const page = await world.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors = trackPageErrors(page);
  const scripts = new Map<string, string[]>();
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    const remote = REMOTES.find((name) => url.port === String(E2E_PORTS[name]));
    if (remote && response.request().resourceType() === 'script') {
      scripts.set(remote, [...(scripts.get(remote) ?? []), url.pathname]);
    }
  });
  const apiCalls: Opened['apiCalls'] = [];
  const apiOrigin = new URL(world.stack.url('api')).origin;
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin !== apiOrigin || !['fetch', 'xhr'].includes(request.resourceType())) return;
    if (url.pathname === '/api/events') return;
    apiCalls.push({ path: url.pathname, contract: request.headers()['x-panel-contract'] });
  });
  const sim = new HostSim(page, world.stack);
  await sim.open();
  await sim.openAttendance('Mariana Costa');
  await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
  return { page, sim, errors, scripts, apiCalls };
}

/**
 * Every remote at work: contacts (the header), deal (the picker, the general tab), notes (a note
 * written in the host's modal), tasks, products, credentials (the integration manager, in the
 * host's modal).
 */
async function workEveryRemote({ sim, page }: Opened, note: string) {
  const panel = sim.panel;
  // Chosen again, through the deal remote's picker (the chat remembers the deal chosen before).
  await pickDeal(sim, ACME.deals.implantacao.name, true);
  await panel.getByRole('heading', { name: 'Dados da negociação' }).waitFor();
  await panel.getByRole('tab', { name: 'Notas' }).click();
  const notes = panel.getByRole('region', { name: 'Notas' });
  await notes.getByRole('button', { name: 'Adicionar Nota' }).click();
  const form = sim.modal.getByRole('form', { name: 'Adicionar Nota' });
  await form.getByRole('textbox', { name: /Conteúdo da nota/ }).fill(note);
  await form.getByRole('button', { name: 'Salvar Nota' }).click();
  await notes.getByText('Nota criada com sucesso!').waitFor();
  await notes.getByRole('listitem').filter({ hasText: note }).waitFor();
  await tasksProductsAndIntegration(sim);
  expect(await panel.getByText(REMOTE_LOAD_ERROR).count()).toBe(0);
  expect(await page.getByText(REMOTE_LOAD_ERROR).count()).toBe(0);
}

/** The version of the shell the panel's page came from (its release's build-info.json). */
async function shellVersion(): Promise<string> {
  const info = (await (await fetch(`${world.stack.url('shell')}/build-info.json`)).json()) as {
    version: string;
  };
  return info.version;
}

/** Every remote's scripts came from its release `version` (`/releases/<version>/` of its server). */
function expectRemotesFrom(scripts: Opened['scripts'], versions: Record<string, string>) {
  for (const remote of REMOTES) {
    const paths = scripts.get(remote) ?? [];
    expect([remote, paths.length > 0]).toEqual([remote, true]);
    const elsewhere = paths.filter((p) => !p.startsWith(`/releases/${versions[remote]}/`));
    expect([remote, elsewhere]).toEqual([remote, []]);
  }
}

/**
 * The panel served by shell release `shell` with every remote of release `remotes`: each remote at
 * work (a note `note` written), saved as screenshot `shot`, every remote's scripts from its release.
 */
async function everyRemoteAtWork(
  versions: { shell: string; remotes: string },
  note: string,
  shot: string,
): Promise<Opened> {
  expect(await shellVersion()).toBe(versions.shell);
  const opened = await openMariana();
  await workEveryRemote(opened, note);
  await screenshot(opened.page, shot);
  expectRemotesFrom(
    opened.scripts,
    Object.fromEntries(REMOTES.map((name) => [name, versions.remotes])),
  );
  expect(opened.apiCalls.length).toBeGreaterThan(5);
  return opened;
}

test('the new shell runs every remote of the earlier release, main panel and modals, on its own api-client', async () => {
  deploy('shell', NEW, { dir: releasesDir });
  const opened = await everyRemoteAtWork(
    { shell: NEW, remotes: OLD },
    'Nota escrita pelo shell novo com os remotes anteriores.',
    'skew-new-shell-old-remotes',
  );
  // The old remotes' calls went through the page's one api-client, the new shell's: every call
  // names the contract (1.0.0's own copy would send none).
  expect(opened.apiCalls.filter((call) => call.contract !== '1.0.0')).toEqual([]);
  expect(opened.errors).toEqual([]);
  await opened.page.close();
});

test('the earlier shell runs every remote of the tree, main panel and modals, and the api takes its calls', async () => {
  for (const remote of REMOTES) deploy(remote, NEW, { dir: releasesDir });
  deploy('shell', OLD, { dir: releasesDir });
  const opened = await everyRemoteAtWork(
    { shell: OLD, remotes: NEW },
    'Nota escrita pelo shell anterior com os remotes novos.',
    'skew-old-shell-new-remotes',
  );
  // The new remotes ran on the old shell's api-client (no second copy, no header), and today's
  // api served its calls: a call without the header is of contract 1.0.0.
  expect(opened.apiCalls.filter((call) => call.contract !== undefined)).toEqual([]);
  expect(opened.errors).toEqual([]);
  await opened.page.close();
});

test('a rollback of one remote brings its previous release back, the others stay', async () => {
  deploy('shell', NEW, { dir: releasesDir });
  expect(rollback('notes', { dir: releasesDir }).version).toBe(OLD);
  const opened = await openMariana();
  const panel = opened.sim.panel;
  await pickDeal(opened.sim, ACME.deals.implantacao.name);
  await panel.getByRole('tab', { name: 'Notas' }).click();
  await panel.getByRole('button', { name: 'Adicionar Nota' }).waitFor();
  await panel.getByRole('tab', { name: 'Tarefas' }).click();
  await panel.getByRole('button', { name: 'Adicionar' }).waitFor();
  expect(opened.scripts.get('notes')?.every((p) => p.startsWith(`/releases/${OLD}/`))).toBe(true);
  expect(opened.scripts.get('tasks')?.every((p) => p.startsWith(`/releases/${NEW}/`))).toBe(true);
  expect(opened.errors).toEqual([]);
  await opened.page.close();
});

/**
 * A test build written as a release folder by hand: `npm run release` refuses a build made with
 * CRM_PANEL_LIB_VERSIONS (it claims lib versions no real lib has), and this one claims contracts
 * 2.0.0 on purpose. The folder is what a release of it would be: the build and its release.json.
 */
function releaseTestBuild(app: string, dist: string, dir: string, version: string) {
  const target = releasePath(app, version, dir);
  fs.cpSync(dist, target, { recursive: true });
  const info: unknown = JSON.parse(fs.readFileSync(path.join(dist, 'build-info.json'), 'utf8'));
  const record = { ...(info as object), releasedAt: new Date().toISOString() };
  fs.writeFileSync(path.join(target, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
  return readRelease(app, version, dir);
}

/** The earlier release's notes built for contract 2.0.0, released and served on a port of its own. */
let otherContract:
  { made: { path: string; record: ReleaseRecord }; server: StaticServer } | undefined;
async function otherContractNotes() {
  if (!otherContract) {
    const other = baseline.otherContract;
    const record = releaseTestBuild(other.app, other.dist, otherDir, OLD);
    if (!record) throw new Error(`release.json de ${other.app} ${OLD} ilegível`);
    const made = { path: releasePath(other.app, OLD, otherDir), record };
    const server = await serveStatic({ dir: made.path, port: E2E_PORTS.shell + 11 });
    otherContract = { made, server };
  }
  return otherContract;
}

/**
 * The panel (new shell) with the earlier release's notes of contract 2.x in its runtime
 * configuration, written by hand: `contract`, what the configuration says it was built for
 * (undefined: it says nothing, as a configuration written before contracts were listed). Its notes
 * area opened; every script of that notes build the page asked for, and its console errors.
 */
async function openWithOtherContractNotes(contract: string | undefined) {
  const { server } = await otherContractNotes();
  // Under the new shell whatever ran before (the contract check is the new shell's).
  if (readDeployed(releasesDir).apps.shell?.version !== NEW)
    deploy('shell', NEW, { dir: releasesDir });
  expect(await shellVersion()).toBe(NEW);
  const page = await world.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors = trackPageErrors(page);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const notesScripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(server.url).origin && url.pathname.endsWith('.js'))
      notesScripts.push(url.pathname);
  });
  // A contract left undefined is left out of the JSON: the configuration says nothing of it.
  await deployForThisPage(page, { notes: `${server.url}/mf-manifest.json` }, { notes: contract });
  const sim = new HostSim(page, world.stack);
  const notes = await openMarianaNotes(sim);
  return { page, sim, panel: sim.panel, notes, errors, consoleErrors, notesScripts };
}

/** The areas other than notes work: the tasks tab and the deal's general tab. */
async function restOfPanelWorks(panel: FrameLocator) {
  await panel.getByRole('tab', { name: 'Tarefas' }).click();
  await panel.getByRole('button', { name: 'Adicionar' }).waitFor();
  await panel.getByRole('tab', { name: 'Geral' }).click();
  await panel.getByRole('heading', { name: 'Dados da negociação' }).waitFor();
}

test('a remote built for another contract major: deploy refuses it, and loaded anyway it shows its message in its area while the rest works', async () => {
  const { made } = await otherContractNotes();
  expect(made.record.contract).toBe(baseline.otherContract.contract);
  // `npm run deploy` refuses it beside the shell this tree builds (contract 1.x)…
  expect(() => deploy(made.record.app, OLD, { dir: otherDir })).toThrow(
    `Deploy recusado: notes ${OLD} foi feito para o contrato 2.0.0; o shell em uso (${NEW}) aceita 1.x.`,
  );
  // …and a runtime configuration that names it anyway (written by hand) gets it refused in the
  // notes area by the shell, before any of its code runs.
  const { page, panel, notes, errors, notesScripts } = await openWithOtherContractNotes(
    made.record.contract,
  );
  await notes.getByText(OTHER_CONTRACT_MESSAGE).waitFor();
  await screenshot(page, 'skew-other-contract-major');
  expect(await notes.getByRole('button', { name: 'Adicionar Nota' }).count()).toBe(0);
  expect(notesScripts).toEqual([]);
  await restOfPanelWorks(panel);
  expect(errors).toEqual([]);
  await page.close();
});

test('an earlier remote that needs another major of a stateful lib, its contract unsaid: the shared-versions rule refuses the area that would run on it, naming both versions', async () => {
  // The same notes build (it needs @crm-panel/contracts ^2.0.0: the lib that carries the router,
  // one per page) in a configuration that does not say its contract, so the shell's contract check
  // cannot see it (an override, or a configuration written before contracts were listed). Its tab
  // takes nothing from contracts at run time and runs; its note form does (the modal's router):
  // the rule of tools/webpack/sharedVersions.mjs refuses it there, never the page's contracts 1.x
  // under code built for 2.x.
  const { page, sim, panel, notes, errors, consoleErrors } =
    await openWithOtherContractNotes(undefined);
  await notes.getByRole('button', { name: 'Adicionar Nota' }).click();
  await sim.modal.getByText(SHARED_LIB_MESSAGE).waitFor();
  await sim.modal.getByRole('button', { name: 'Tentar novamente' }).waitFor();
  await screenshot(page, 'skew-old-remote-stateful-lib-major');
  expect(await sim.modal.getByRole('button', { name: 'Salvar Nota' }).count()).toBe(0);
  // Each entry of the lib it asks for, refused with both versions named.
  const refusal = (key: string) =>
    `[federação] notes foi construído com ${key} 2.0.0 (precisa de ^2.0.0), mas a página já usa ` +
    `${key} ${PAGE_CONTRACTS} (carregado por shell). Esta biblioteca guarda estado e é uma só ` +
    'por página: a área de notes foi recusada em vez de misturar as duas versões.';
  expect(consoleErrors.filter((line) => line.startsWith('[federação]')).sort()).toEqual([
    refusal('@crm-panel/contracts'),
    refusal('@crm-panel/contracts/router'),
  ]);
  await page.keyboard.press('Escape');
  await restOfPanelWorks(panel);
  expect(errors).toEqual([]);
  await page.close();
});
