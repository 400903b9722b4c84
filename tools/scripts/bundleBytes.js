// Bytes of the built panel, as a browser sees them (gzip -9 of each JS file), computed once for
// the bundle-size bench (bench/bundle-size.js) and the size budget (apps/e2e bundle-budget test).
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { REMOTES } = require('./ports');

const root = path.resolve(__dirname, '../..');
const distDir = (name) => path.join(root, 'dist/apps', name);

const gz = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/** What the main panel renders for a linked chat on its 'Geral' tab (apps/shell ChatPanel). */
const MAIN_PANEL_MODULES = ['contacts/ContactHeader', 'deal/DealToolbar', 'deal/DealGeneralTab'];

/** Strings only one copy of a library carries: counted per downloaded file. */
const MARKS = {
  // The federation runtime (runtime-core): one of its hooks' names, once per copy of the runtime
  // (its error codes, 'RUNTIME-00…', are also in each remote's bundler runtime, which takes
  // runtime-core from the page).
  federationRuntime: 'beforeInitContainer',
  // React DOM's client bundle (the root container's internal key).
  reactDom: '__reactContainer$',
};

function readManifest(name) {
  return JSON.parse(fs.readFileSync(path.join(distDir(name), 'mf-manifest.json'), 'utf8'));
}

const fileGz = (name, file) => gz(fs.readFileSync(path.join(distDir(name), file)));

/**
 * The files each exposed module of a remote's mf-manifest.json loads: the chunks it loads first
 * (`sync`) and those it may load later (`async`), less those only the container's shared modules
 * load (`providers`, see entryPointSizes) and less a sibling exposed module's first files.
 * The manifest lists those too, as async chunks of every exposed module that reaches, through a
 * shared module's fallback, a consume chunk (a chunk of no file) that the sibling loads at its
 * start: the manifest plugin adds the files of every named chunk group (an exposed module's is
 * named `__federation_expose_<name>`) that holds any of its async chunks. E.g. host-bridge's
 * fallback consumes @crm-panel/contracts, whose consume chunk deal/DealCreateForm loads first, so
 * DealToolbar and DealGeneralTab listed DealCreateForm's file. No exposed module loads a sibling
 * (none imports anything lazily; the container alone loads them).
 */
function exposedFiles(manifest, providers) {
  const firstFiles = new Map(manifest.exposes.map((e) => [e.name, e.assets.js.sync]));
  return Object.fromEntries(
    manifest.exposes.map((expose) => {
      const { sync, async } = expose.assets.js;
      const siblings = new Set(
        manifest.exposes
          .filter((other) => other !== expose)
          .flatMap((other) => firstFiles.get(other.name))
          .filter((f) => !sync.includes(f)),
      );
      const later = async.filter((f) => !providers.has(f) && !siblings.has(f));
      return [expose.name, [...new Set([...sync, ...later])]];
    }),
  );
}

/**
 * Each entry point of the built panel, gzip -9: each remote's remoteEntry.js, and each exposed
 * module with the chunks its manifest lists for it (sync and async; shared modules excluded).
 */
function entryPointSizes() {
  const remoteEntries = {};
  const exposed = {};
  for (const name of REMOTES) {
    const manifest = readManifest(name);
    remoteEntries[name] = fileGz(name, manifest.metaData.remoteEntry.name);
    // The manifest also lists, as an exposed module's async chunks, chunks only the container's
    // shared modules load (a split vendor chunk of its api-client fallback, axios): those come
    // with the shared module (from the shell, in the panel), not with the exposed module.
    const providers = new Set(
      Object.values(providedFiles(name, manifest.metaData.remoteEntry.name)).flat(),
    );
    for (const [expose, files] of Object.entries(exposedFiles(manifest, providers))) {
      exposed[`${name}/${expose}`] = files.reduce((sum, f) => sum + fileGz(name, f), 0);
    }
  }
  return { remoteEntries, exposed };
}

/**
 * The files a container downloads to provide each shared module, read from its share-scope
 * registration in the entry file (`"<key>":[{version:…,get:()=>Promise.all([x.e(24),x.e(312)])`):
 * the manifests list only part of them (split vendor chunks are left out).
 */
function providedFiles(name, entryFile) {
  const dir = distDir(name);
  const text = fs.readFileSync(path.join(dir, entryFile), 'utf8');
  const chunkFiles = new Map(
    fs
      .readdirSync(dir)
      .map((f) => /^(\d+)\.[0-9a-f]{8}\.js$/.exec(f))
      .filter(Boolean)
      .map((m) => [m[1], m[0]]),
  );
  const provided = {};
  // Keys that are identifiers (zustand, react) come unquoted from the minifier.
  // A remote's entry registers them as calls instead: `l("<key>","<version>",()=>Promise.all(…))`.
  const registration =
    /(?:(?:"([^"]+)"|([A-Za-z_$][\w$]*)):\[\{version:"[^"]*",get:|\w\("([^"]+)","[^"]*",)\(\)=>(Promise\.all\(\[[^\]]*\]\)|\w+\.e\(\d+\))/g;
  for (const [, quoted, bare, called, loads] of text.matchAll(registration)) {
    const key = quoted ?? bare ?? called;
    const ids = [...loads.matchAll(/\.e\((\d+)\)/g)].map((m) => m[1]);
    provided[key] = ids.map((id) => chunkFiles.get(id)).filter(Boolean);
  }
  return provided;
}

/**
 * Every shared module with a figure: its size as the shell provides it (else the first remote
 * that does), the containers that use it, and the bytes a page showing all of them would
 * download again if it were not shared (size × (users − 1)).
 */
function sharedFigures() {
  const byKey = new Map();
  for (const name of ['shell', ...REMOTES]) {
    const manifest = readManifest(name);
    const entryFile =
      name === 'shell'
        ? fs.readdirSync(distDir(name)).find((f) => /^main\.[0-9a-f]{8}\.js$/.test(f))
        : manifest.metaData.remoteEntry.name;
    const provided = providedFiles(name, entryFile);
    for (const shared of manifest.shared) {
      const files = provided[shared.name] ?? [];
      const entry = byKey.get(shared.name) ?? { name: shared.name, users: [], gz: 0, from: '' };
      entry.users.push(name);
      if (!entry.from && files.length) {
        entry.from = name;
        entry.gz = files.reduce((sum, f) => sum + fileGz(name, f), 0);
      }
      byKey.set(shared.name, entry);
    }
  }
  return [...byKey.values()]
    .map((e) => ({ ...e, savedGz: e.gz * (e.users.length - 1) }))
    .sort((a, b) => b.gz - a.gz);
}

/**
 * Records the JS a page downloads from the panel's own servers. `ports` maps a port to its app
 * (shell or a remote); `summary()` gzips what arrived so far.
 */
function recordScripts(page, ports) {
  const responses = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const app = ports[new URL(response.url()).port];
    if (app) responses.push({ app, response });
  });
  return {
    count: () => responses.length,
    async summary() {
      const files = [];
      for (const { app, response } of responses) {
        const body = await response.body();
        const text = body.toString('utf8');
        files.push({
          app,
          file: path.basename(new URL(response.url()).pathname),
          gz: gz(body),
          federationRuntime: text.includes(MARKS.federationRuntime),
          reactDom: text.includes(MARKS.reactDom),
        });
      }
      const byAppGz = {};
      for (const f of files) byAppGz[f.app] = (byAppGz[f.app] ?? 0) + f.gz;
      return {
        totalGz: files.reduce((sum, f) => sum + f.gz, 0),
        scripts: files.length,
        byAppGz,
        federationRuntimeCopies: files.filter((f) => f.federationRuntime).length,
        reactDomCopies: files.filter((f) => f.reactDom).length,
        files,
      };
    },
  };
}

/** Resolves once no new script has arrived for `quietMs` (a page's lazy loads are over). */
async function scriptsSettled(recorder, { quietMs = 1500, timeoutMs = 30000 } = {}) {
  const started = Date.now();
  let seen = -1;
  let since = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (recorder.count() !== seen) {
      seen = recorder.count();
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The floor: React + ReactDOM rendering one line, built by webpack in production mode. */
async function floorBytes(browser) {
  const webpack = require('webpack');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-floor-'));
  try {
    fs.writeFileSync(
      path.join(dir, 'entry.js'),
      [
        "import { createElement } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        "createRoot(document.getElementById('root')).render(createElement('p', null, 'Olá, mundo'));",
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Piso</title>' +
        '<div id="root"></div><script src="floor.js"></script></html>',
    );
    const stats = await new Promise((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './entry.js',
          output: { path: dir, filename: 'floor.js' },
          resolve: { modules: [path.join(root, 'node_modules')] },
          devtool: false,
          performance: { hints: false },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'entry.js');
    const builtGz = files.reduce((sum, f) => sum + gz(fs.readFileSync(path.join(dir, f))), 0);

    // And as a browser gets it: the page loaded, its line on screen, its scripts gzipped.
    const server = http.createServer((req, res) => {
      const file = path.join(dir, req.url === '/' ? 'index.html' : path.basename(req.url));
      if (!fs.existsSync(file)) return res.writeHead(404).end();
      res.writeHead(200, {
        'content-type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript',
      });
      res.end(fs.readFileSync(file));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r));
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      await page.getByText('Olá, mundo').waitFor();
      let downloadedGz = 0;
      for (const response of scripts) downloadedGz += gz(await response.body());
      return { builtGz, downloadedGz, scripts: scripts.length };
    } finally {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A source map's `mappings` decoded: for each generated line, its segments as [column, source]
 * (source undefined for a segment that maps to no source), in column order.
 */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push([column, fields.length > 1 ? source : undefined]);
    }
    lines.push(segments);
  }
  return lines;
}

/**
 * What a source of a map belongs to: an npm package, a workspace project, or webpack's runtime
 * (`webpack://<app>/webpack/…`, the container entry and the federation glue webpack writes).
 */
function ownerOf(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const [, app = '', rest = source] = /^webpack:\/\/([^/]*)\/(.*)$/.exec(source) ?? [];
  const project = /^(?:\.\.\/)*(apps|libs)\/([\w-]+)\//.exec(rest);
  if (project) return `${project[1]}/${project[2]}`;
  // A file of the app being built, relative to its folder (the build's context).
  if (rest.startsWith('./')) return `apps/${app}`;
  if (/^(webpack\/|external )/.test(rest)) return '(webpack runtime)';
  return '(other sources)';
}

/** Bytes of a generated file that no source map accounts for. */
const UNMAPPED = '(no source map)';

/**
 * Each owner's pieces of one built file, by its source map (`<file>.map` beside it, as a
 * `hidden-source-map` build writes them): owner → the file's text with that owner's code cut out.
 */
function piecesByOwner(text, map) {
  const owners = map.sources.map(ownerOf);
  const kept = new Map();
  const lines = text.split('\n');
  const decoded = decodeMappings(map.mappings);
  const cut = (owner, lineIndex, from, to) => {
    if (to <= from) return;
    if (!kept.has(owner))
      kept.set(
        owner,
        lines.map((line) => [{ from: 0, to: line.length }]),
      );
    const ranges = kept.get(owner)[lineIndex];
    const last = ranges[ranges.length - 1];
    // Cut [from, to) out of the last kept range (segments come in column order).
    if (from >= last.to) return;
    ranges.pop();
    if (from > last.from) ranges.push({ from: last.from, to: from });
    if (to < last.to) ranges.push({ from: to, to: last.to });
  };
  lines.forEach((line, index) => {
    const segments = decoded[index] ?? [];
    let at = 0;
    let owner = UNMAPPED;
    for (const [column, source] of segments) {
      cut(owner, index, at, column);
      at = column;
      owner = source === undefined ? UNMAPPED : (owners[source] ?? UNMAPPED);
    }
    cut(owner, index, at, line.length);
  });
  const without = new Map();
  for (const [owner, byLine] of kept) {
    without.set(
      owner,
      byLine
        .map((ranges, i) => ranges.map((r) => lines[i].slice(r.from, r.to)).join(''))
        .join('\n'),
    );
  }
  return without;
}

/**
 * What each library (npm package, workspace project, webpack's runtime, code no source map
 * accounts for) adds to a set of built files, gzip -9: for each file, its size less its size
 * without that library's code, summed over the files. `files`: [{ app, file }] under dist/apps;
 * files without a `.map` beside them are counted under '(no source map)' whole.
 */
function libraryShares(files) {
  return sharesOf(files, UNMAPPED, piecesByOwner);
}

/**
 * What each part of a set of built files weighs, gzip -9: for each file, its size less its size
 * without that part, summed over the files. `piecesOf(text, map)` gives [part, the text without
 * it]; a file without a `.map` beside it counts whole under `withoutMap`.
 */
function sharesOf(files, withoutMap, piecesOf) {
  const shares = {};
  for (const { app, file } of files) {
    const jsPath = path.join(distDir(app), file);
    const text = fs.readFileSync(jsPath, 'utf8');
    const whole = gz(Buffer.from(text));
    const mapPath = `${jsPath}.map`;
    if (!fs.existsSync(mapPath)) {
      shares[withoutMap] = (shares[withoutMap] ?? 0) + whole;
      continue;
    }
    const map = JSON.parse(fs.readFileSync(mapPath, 'utf8'));
    for (const [part, rest] of piecesOf(text, map)) {
      shares[part] = (shares[part] ?? 0) + whole - gz(Buffer.from(rest));
    }
  }
  return Object.fromEntries(Object.entries(shares).sort((a, b) => b[1] - a[1]));
}

/**
 * What the code no source map accounts for is, by its shape: the glue webpack writes around the
 * modules (each chunk file's `push([[ids],{ … }])`, each module's `123(e,t,n){ … }`, an empty
 * module's `123(){}`, and a module's export map `n.r(t),n.d(t,{name:()=>local, …})`, which a
 * shared module keeps for every export), and the text of template literals the minifier leaves
 * unmapped (styled-components' CSS: code, counted here only because no segment maps it).
 */
const UNMAPPED_KINDS = [
  [
    'chunk wrappers',
    /"use strict";\(self\.webpackChunk\w+=self\.webpackChunk\w+\|\|\[\]\)\.push\(\[\[[\d,]+\],\{|\}\]\);?$/g,
  ],
  ['empty modules', /[,{]?\d+\(\)\{\}/g],
  // `n.d(t,{a:()=>r, b:()=>({…})})` (a value may hold one level of braces; the map may cut it
  // where a value is mapped), or the array form `n.d(t,["a",0,r,…])`, cut the same way.
  [
    'export maps',
    /[\w$]+\.r\([\w$]+\),?|[\w$]+\.d\([\w$]+,(?:\{(?:[^{}]|\{[^{}]*\})*(?:\}\);?|$)|\[[^\]]*\]\);?)|[\w$]+\.d\([\w$]+,\[|"[\w$]+",0,/g,
  ],
  ['module wrappers', /[,}]?\d+\([\w$]*(?:,[\w$]+)*\)\{/g],
];
const TEMPLATE_TEXT = 'template literal text (CSS)';
const OTHER_UNMAPPED = 'other';
const WITHOUT_MAP = 'files without a source map';

/** The ranges of one file no segment of its map covers: [{ line, from, to }]. */
function unmappedRanges(text, map) {
  const decoded = decodeMappings(map.mappings);
  return text.split('\n').flatMap((line, index) => {
    const segments = decoded[index] ?? [];
    if (!segments.length) return line.length ? [{ line: index, from: 0, to: line.length }] : [];
    const ranges = segments[0][0] > 0 ? [{ line: index, from: 0, to: segments[0][0] }] : [];
    segments.forEach(([column, source], k) => {
      const to = k + 1 < segments.length ? segments[k + 1][0] : line.length;
      if (source === undefined && to > column) ranges.push({ line: index, from: column, to });
    });
    return ranges;
  });
}

/** One file's unmapped ranges by kind (UNMAPPED_KINDS first, the rest by its look). */
function unmappedByKind(text, map) {
  const lines = text.split('\n');
  const byKind = {};
  const add = (kind, range) => (byKind[kind] ??= []).push(range);
  for (const range of unmappedRanges(text, map)) {
    const piece = lines[range.line].slice(range.from, range.to);
    const taken = new Array(piece.length).fill(false);
    for (const [kind, pattern] of UNMAPPED_KINDS) {
      for (const match of piece.matchAll(pattern)) {
        const end = match.index + match[0].length;
        if (!match[0].length || taken.slice(match.index, end).some(Boolean)) continue;
        taken.fill(true, match.index, end);
        add(kind, { line: range.line, from: range.from + match.index, to: range.from + end });
      }
    }
    for (let at = 0; at < piece.length;) {
      if (taken[at]) {
        at += 1;
        continue;
      }
      let end = at;
      while (end < piece.length && !taken[end]) end += 1;
      const rest = piece.slice(at, end);
      add(/^\s|:\s|;\s*$/.test(rest) ? TEMPLATE_TEXT : OTHER_UNMAPPED, {
        line: range.line,
        from: range.from + at,
        to: range.from + end,
      });
      at = end;
    }
  }
  return byKind;
}

/** `text` without `ranges` ([{ line, from, to }], not overlapping). */
function cutRanges(text, ranges) {
  const byLine = new Map();
  for (const r of ranges) byLine.set(r.line, [...(byLine.get(r.line) ?? []), r]);
  return text
    .split('\n')
    .map((line, index) => {
      let kept = '';
      let at = 0;
      for (const r of (byLine.get(index) ?? []).sort((a, b) => a.from - b.from)) {
        kept += line.slice(at, r.from);
        at = r.to;
      }
      return kept + line.slice(at);
    })
    .join('\n');
}

/**
 * The bytes no source map accounts for in a set of built files, gzip -9, by kind
 * (unmappedByKind): for each file, its size less its size without that kind, summed.
 */
function unmappedShares(files) {
  return sharesOf(files, WITHOUT_MAP, (text, map) =>
    Object.entries(unmappedByKind(text, map)).map(([kind, ranges]) => [
      kind,
      cutRanges(text, ranges),
    ]),
  );
}

module.exports = {
  libraryShares,
  unmappedByKind,
  unmappedShares,
  exposedFiles,
  ownerOf,
  decodeMappings,
  piecesByOwner,
  UNMAPPED,
  floorBytes,
  gz,
  kb,
  MARKS,
  MAIN_PANEL_MODULES,
  entryPointSizes,
  sharedFigures,
  recordScripts,
  scriptsSettled,
};
