// Another commit of this repository beside the checkout, to run or build it: the api of
// BENCH_BASELINE_REF for the benches (bench/api-latency.js, bench/capacity.js) and the earlier
// release the skew journeys run beside the tree (tools/scripts/skewBaseline.js).
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { root } = require('./env');

/** The full commit `ref` names (a tag, a branch, a short hash); an error when it names none. */
function commitOf(ref) {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `${ref} não é um commit deste repositório (um clone raso não o tem: git fetch --unshallow).`,
    );
  }
  return result.stdout.trim();
}

/** The files `paths` (all of them when empty) of `ref`, written under `dir` (git archive). */
function archiveRef(ref, dir, paths = []) {
  const archive = spawnSync('git', ['archive', '--format=tar', ref, ...paths], {
    cwd: root,
    maxBuffer: 1 << 30,
  });
  if (archive.status !== 0) throw new Error(`git archive ${ref}: ${archive.stderr}`);
  fs.mkdirSync(dir, { recursive: true });
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
}

/**
 * The runtime dependencies of `ref` that this checkout no longer has (e.g. better-sqlite3, which
 * the api used before libsql), each at the version `ref` pinned: installed once into a cache under
 * node_modules/.cache (from the npm registry; better-sqlite3 compiles there, ~2 min, the first
 * time only), so the baseline runs on the driver it ran on, not on a stand-in. Its node_modules.
 */
function refOnlyModules(ref) {
  const show = spawnSync('git', ['show', `${ref}:package.json`], { cwd: root, encoding: 'utf8' });
  if (show.status !== 0) throw new Error(`git show ${ref}:package.json: ${show.stderr}`);
  const missing = Object.fromEntries(
    Object.entries(JSON.parse(show.stdout).dependencies ?? {})
      .filter(([name]) => !fs.existsSync(path.join(root, 'node_modules', name, 'package.json')))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const key = Object.entries(missing)
    .map(([name, version]) => `${name}@${version}`)
    .join(' ');
  const cache = path.join(root, 'node_modules/.cache/bench-baseline-deps');
  const stamp = path.join(cache, 'installed.txt');
  const installed = fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === key;
  if (key && !installed) {
    fs.rmSync(cache, { recursive: true, force: true });
    fs.mkdirSync(cache, { recursive: true });
    const manifest = { name: 'bench-baseline-deps', private: true, dependencies: missing };
    fs.writeFileSync(path.join(cache, 'package.json'), JSON.stringify(manifest, null, 2));
    console.log(`baseline ${ref}: instalando o que este checkout não tem (${key})…`);
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], {
      cwd: cache,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (npm.status !== 0) throw new Error(`npm install (${key}): ${npm.stderr.slice(-2000)}`);
    fs.writeFileSync(stamp, key);
  }
  return path.join(cache, 'node_modules');
}

/**
 * `target` as a folder of links to the packages of `sources` (the first that has a name wins;
 * scopes are merged), so the baseline sees this checkout's packages and its own missing ones
 * without either folder being changed.
 */
function linkModules(target, sources) {
  fs.mkdirSync(target, { recursive: true });
  const present = sources.filter((source) => fs.existsSync(source));
  const names = new Set(present.flatMap((source) => fs.readdirSync(source)));
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const from = present.map((source) => path.join(source, name)).filter(fs.existsSync);
    if (name.startsWith('@') && from.length > 1) linkModules(path.join(target, name), from);
    else fs.symlinkSync(from[0], path.join(target, name));
  }
}

/** `dir/node_modules` for `ref`: this checkout's packages, and those only `ref` has. */
function linkRefModules(ref, dir) {
  linkModules(path.join(dir, 'node_modules'), [
    path.join(root, 'node_modules'),
    refOnlyModules(ref),
  ]);
}

module.exports = { commitOf, archiveRef, refOnlyModules, linkModules, linkRefModules };
