// Bundle sizes, measured as a browser sees them (gzip -9): the JS a browser downloads to show the
// main panel (host-sim, Ana signed in, Mariana's chat on 'Geral'; recorded in headless Chromium)
// against the size targets and the React floor, the copies of the federation runtime it
// holds, each entry point against its budget (apps/e2e/src/support/bundleBudgets.ts, the same
// figures the bundle-budget journey checks), every shared singleton with its figure, each remote
// (remoteEntry + exposed chunks, from its mf-manifest.json) and a one-remote page (the note view).
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');
const tsx = require('tsx/cjs/api');
const { startStack, portsWithOffset } = require('../tools/scripts/stack');
const { REMOTES } = require('../tools/scripts/ports');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('../tools/scripts/chromium');
const {
  gz,
  kb,
  entryPointSizes,
  sharedFigures,
  floorBytes,
  libraryShares,
  unmappedShares,
} = require('../tools/scripts/bundleBytes');

const { readyAnaWithMariana } = tsx.require('../apps/e2e/src/support/apiSetup.ts', __filename);
const { measureMainPanel } = tsx.require('../apps/e2e/src/support/mainPanelBytes.ts', __filename);
const budgets = tsx.require('../apps/e2e/src/support/bundleBudgets.ts', __filename);

const root = path.resolve(__dirname, '..');
/** The main panel's JS within 200 KB and 3× the floor (on the way to 2.5×). */
const TARGET_MAIN_PANEL_GZ = 200 * 1024;
const TARGET_RATIO = 3;
const NEXT_RATIO = 2.5;

function remoteFiles(name) {
  const dir = path.join(root, 'dist/apps', name);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  const exposed = manifest.exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async]);
  const entry = manifest.metaData.remoteEntry.name;
  return { dir, entry, exposed: [...new Set(exposed)] };
}

function remoteSizes() {
  return Object.fromEntries(
    REMOTES.map((name) => {
      const { dir, entry, exposed } = remoteFiles(name);
      const entryGz = gz(fs.readFileSync(path.join(dir, entry)));
      const exposedGz = exposed.reduce((sum, f) => sum + gz(fs.readFileSync(path.join(dir, f))), 0);
      return [name, { remoteEntryGz: entryGz, exposedGz, totalGz: entryGz + exposedGz }];
    }),
  );
}

async function browserDownload() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-bundle-size-'));
  const stack = await startStack({
    // Ports shifted by 2000, or by BENCH_PORT_OFFSET so two runs on one machine do not collide.
    ports: portsWithOffset(Number(process.env.BENCH_PORT_OFFSET ?? 2000)),
    quiet: true,
    env: { DATA_DIR: dataDir, SESSION_STARTS_PER_MINUTE: '100000' },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    await readyAnaWithMariana(stack);
    const mainPanel = await measureMainPanel(browser, stack);
    const floor = await floorBytes(browser);
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    // A page with no guard and no api call (the note view, a host modal route): the shell's own
    // start-up JS plus one remote. The main panel's total is measured by panel-speed through
    // host-sim, signed in.
    const query = new URLSearchParams({
      body: '<p>Nota de medição</p>',
      registeredAt: '2026-01-02T10:00:00Z',
      dealName: 'Negociação de medição',
    });
    await page.goto(`${stack.url('shell')}/note-view-modal?${query}`);
    await page.getByText('Nota de medição').waitFor({ timeout: 30000 });
    const files = [];
    for (const response of scripts) {
      const body = await response.body();
      files.push({ url: response.url(), origin: new URL(response.url()).port, gz: gz(body) });
    }
    const shellPort = String(stack.ports.shell);
    const shellInitial = files.filter((f) => f.origin === shellPort);
    return {
      mainPanel,
      floor,
      requests: files.length,
      shellInitialGz: shellInitial.reduce((s, f) => s + f.gz, 0),
      noteViewTotalGz: files.reduce((s, f) => s + f.gz, 0),
      reactDomDownloads: (
        await Promise.all(scripts.map(async (r) => (await r.text()).includes('__reactContainer$')))
      ).filter(Boolean).length,
    };
  } finally {
    await browser.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Marks of the benchmark's sequential baseline that the product once carried (a URL switch and a
 * gate in the api client). The baseline now lives in the bench alone: none may be in a bundle.
 */
const BASELINE_MARKS = [
  'baseline=sequential',
  'crm-panel:baseline',
  'readBaselineMode',
  'sequential',
];

function baselineTraces() {
  const traces = [];
  for (const name of ['shell', ...REMOTES]) {
    const dir = path.join(root, 'dist/apps', name);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const mark of BASELINE_MARKS)
        if (text.includes(mark)) traces.push(`${name}/${file}: ${mark}`);
    }
  }
  return traces;
}

/** Whether a downloaded file opens with the minifier's 'For license information' comment. */
function licenseBanner({ app, file }) {
  const text = fs.readFileSync(path.join(root, 'dist/apps', app, file), 'utf8');
  return text.startsWith('/*! For license information');
}

const holds = (ok) => (ok ? 'holds' : 'does not hold');
const withBudget = (bytes, budget) =>
  `${kb(bytes)} (budget ${budget ? kb(budget) : '—'}${budget && bytes > budget ? ', OVER' : ''})`;

async function run() {
  const remotes = remoteSizes();
  const entryPoints = entryPointSizes();
  const shared = sharedFigures();
  const traces = baselineTraces();
  const browser = await browserDownload();
  const main = browser.mainPanel;
  const ratio = Math.round((main.totalGz / browser.floor.downloadedGz) * 100) / 100;
  const shares = libraryShares(main.files);
  const unmapped = unmappedShares(main.files);
  const shareOf = (...owners) => owners.reduce((sum, owner) => sum + (shares[owner] ?? 0), 0);
  const rows = [
    [
      'main panel (Mariana, Geral): JS downloaded (KB gz) / script files',
      `${withBudget(main.totalGz, budgets.MAIN_PANEL_BUDGET)} / ${main.scripts}`,
    ],
    [
      'main panel by origin (KB gz)',
      Object.entries(main.byAppGz)
        .map(([app, bytes]) => `${app} ${kb(bytes)}`)
        .join(', '),
    ],
    [
      'main panel by library, from the source maps (KB gz: what the panel would lose without it)',
      Object.entries(shares)
        .map(([owner, bytes]) => `${owner} ${kb(bytes)}`)
        .join(', '),
    ],
    [
      'main panel: the router (react-router + react-router-dom) / axios (B gz)',
      `${shareOf('react-router', 'react-router-dom')} / ${shareOf('axios')}`,
    ],
    ['main panel: bytes no source map accounts for (B gz)', shareOf('(no source map)')],
    [
      'main panel: bytes no source map accounts for, by kind (B gz; bundleBytes unmappedByKind)',
      Object.entries(unmapped)
        .map(([kind, bytes]) => `${kind} ${bytes}`)
        .join(', '),
    ],
    ...Object.entries(budgets.MAIN_PANEL_WINS).map(([what, bytes]) => [
      `main panel: won back, ${what} (B gz, measured when won)`,
      bytes,
    ]),
    [
      'budgets: main panel / shell start-up, before the runtime wins → now (B gz)',
      `${budgets.MAIN_PANEL_BUDGET_BEFORE_RUNTIME_WINS} → ${budgets.MAIN_PANEL_BUDGET} / ${budgets.SHELL_STARTUP_BUDGET_BEFORE_RUNTIME_WINS} → ${budgets.SHELL_STARTUP_BUDGET}`,
    ],
    [
      'main panel: added by the live stream on axios (B gz, measured when moved)',
      budgets.LIVE_STREAM_ON_AXIOS,
    ],
    [
      "shared modules one container alone uses (each is that container's code instead)",
      shared
        .filter((s) => s.users.length === 1)
        .map((s) => `${s.name} (${s.users[0]})`)
        .join(', ') || 'none',
    ],
    [
      "main panel: files opening with a license banner line (the licenses are in '<file>.LICENSE.txt')",
      main.files.filter((f) => licenseBanner(f)).length,
    ],
    ['floor (React + ReactDOM, one line): JS downloaded (KB gz)', kb(browser.floor.downloadedGz)],
    ['ratio main panel / floor', `${ratio}×`],
    [
      `target: main panel ≤ ${kb(TARGET_MAIN_PANEL_GZ)} KB`,
      holds(main.totalGz <= TARGET_MAIN_PANEL_GZ),
    ],
    [`target: ≤ ${TARGET_RATIO}× the floor`, holds(ratio <= TARGET_RATIO)],
    [`next: ≤ ${NEXT_RATIO}× the floor`, holds(ratio <= NEXT_RATIO)],
    [
      'target: federation runtime once per page (copies downloaded on the main panel)',
      `${main.federationRuntimeCopies} → ${holds(main.federationRuntimeCopies <= 1)}`,
    ],
    ['react-dom copies downloaded on the main panel', main.reactDomCopies],
    [
      'shell start-up on the main panel: its code + the shared modules it provides (KB gz)',
      withBudget(main.byAppGz.shell ?? 0, budgets.SHELL_STARTUP_BUDGET),
    ],
    ...Object.entries(entryPoints.remoteEntries).map(([name, bytes]) => [
      `${name}: remoteEntry.js (KB gz)`,
      withBudget(bytes, budgets.REMOTE_ENTRY_BUDGET[name]),
    ]),
    ...Object.entries(entryPoints.exposed).map(([id, bytes]) => [
      `${id}: exposed module + its chunks (KB gz)`,
      withBudget(bytes, budgets.EXPOSED_MODULE_BUDGET[id]),
    ]),
    ...shared.map((s) => [
      `shared ${s.name} (KB gz, from ${s.from || 'none'})`,
      `${kb(s.gz)}; used by ${s.users.length} (${s.users.join(' ')}); unshared, a page of all would add ${kb(s.savedGz)}`,
    ]),
    ...Object.entries(remotes).map(([name, s]) => [
      `${name}: remoteEntry + exposed (gz)`,
      `${kb(s.remoteEntryGz)} + ${kb(s.exposedGz)} = ${kb(s.totalGz)}`,
    ]),
    ['note view page (shell + notes): shell-origin JS (gz)', kb(browser.shellInitialGz)],
    ['note view page (shell + notes): total JS (gz)', kb(browser.noteViewTotalGz)],
    ['note view page: script requests', browser.requests],
    ['react-dom downloads (note view)', browser.reactDomDownloads],
    ['benchmark baseline in the product bundles', traces.length === 0 ? 'none' : traces.join(', ')],
  ];
  return {
    name: 'bundle-size',
    unit: 'KB gzip -9',
    remotes,
    entryPoints,
    libraryShares: shares,
    unmappedShares: unmapped,
    shared,
    browser,
    baselineTraces: traces,
    rows,
  };
}

module.exports = { run };
