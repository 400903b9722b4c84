// Bundle sizes, measured as a browser sees them: the gzipped JS of the shell's initial load, of
// each remote (remoteEntry + exposed chunks, read from its mf-manifest.json), and what a browser
// downloads for a one-remote page (recorded in headless Chromium).
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { chromium } = require('playwright-core');
const { startStack, portsWithOffset } = require('../tools/scripts/stack');
const { REMOTES } = require('../tools/scripts/ports');

const root = path.resolve(__dirname, '..');
const gz = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

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
  const stack = await startStack({
    ports: portsWithOffset(2000),
    quiet: true,
    services: ['shell', ...REMOTES],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
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

async function run() {
  const remotes = remoteSizes();
  const traces = baselineTraces();
  const browser = await browserDownload();
  const rows = [
    ['shell: initial JS (gz)', kb(browser.shellInitialGz)],
    ...Object.entries(remotes).map(([name, s]) => [
      `${name}: remoteEntry + exposed (gz)`,
      `${kb(s.remoteEntryGz)} + ${kb(s.exposedGz)} = ${kb(s.totalGz)}`,
    ]),
    ['note view page (shell + notes): total JS (gz)', kb(browser.noteViewTotalGz)],
    ['note view page: script requests', browser.requests],
    ['react-dom downloads', browser.reactDomDownloads],
    ['benchmark baseline in the product bundles', traces.length === 0 ? 'none' : traces.join(', ')],
  ];
  return {
    name: 'bundle-size',
    unit: 'KB gzip -9',
    remotes,
    browser,
    baselineTraces: traces,
    rows,
  };
}

module.exports = { run };
