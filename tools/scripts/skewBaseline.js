#!/usr/bin/env node
// The earlier release the skew journeys run beside the tree (apps/e2e/src/journeys/skew-matrix):
// the front ends of a real commit of this repository, built once and kept in a cache.
//
// SKEW_BASELINE_REF (default below) names the commit. Its files come out of git (git archive, as
// the benches' BENCH_BASELINE_REF: tools/scripts/gitRef.js) into a cache outside the checkout, so
// a clean clone on the same machine (CI) finds it: SKEW_CACHE_DIR, else
// $XDG_CACHE_HOME/crm-panel/skew or ~/.cache/crm-panel/skew, one folder per commit. Its
// dependencies: this checkout's node_modules when its package-lock.json is this checkout's, else
// an install of its own lock file there (`npm install` with the lock file: `npm ci` fails against
// this registry mirror, .ci/run). Each front end is built with that commit's own build commands (its apps/e2e
// project's builds, as `npm test` builds them), plus its notes built for contract 2.0.0 (its
// CRM_PANEL_LIB_VERSIONS knob): a remote of another contract major. A stamp file marks the cache
// whole; a warm run reads it and builds nothing, and asks git nothing when the ref is a whole
// hash. A shallow clone (CI may make one) that lacks the commit fetches it alone from its origin.
//
// `node tools/scripts/skewBaseline.js [--lanes=n]` fills the cache, n builds at a time (2; `npm
// test` runs it with 1 beside lint and the builds); the journey calls the same function and finds
// it filled.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { root, workspaceEnv } = require('./env');
const { journeys } = require('./checks');
const { archiveRef, linkRefModules } = require('./gitRef');

/**
 * The first commit with versioned libs, the contract version and releases, as main stood before
 * the api's wire contract (api-client 1.0.0 sending no contract header, crm-model 1.0.0): the
 * panel's release 1.0.0.
 */
const DEFAULT_REF = '4128d3deab5c564110e3cfc33e2f83f124bf4744';
/** A whole commit hash: the cache is found by it without asking git, and a shallow clone fetches it. */
const FULL_COMMIT = /^[0-9a-f]{40}$/;
function cacheDir() {
  if (process.env.SKEW_CACHE_DIR) return path.resolve(process.env.SKEW_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'crm-panel/skew');
}
const STAMP = 'built.json';
/** The remote built for another contract major, and the major. */
const OTHER_CONTRACT = { app: 'notes', contract: '2.0.0' };

const readText = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

/** One build command, its output kept for the error; resolves to its code and output. */
function run(args, { cwd, env }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(output).toString() }));
  });
}

/** The commands `lanes` at a time; throws with the first failure's output. */
async function runAll(commands, cwd, lanes) {
  const queue = [...commands];
  const lane = async () => {
    while (queue.length) {
      const { name, args, env = {} } = queue.shift();
      const { code, output } = await run(args, { cwd, env: workspaceEnv(env) });
      if (code !== 0) throw new Error(`${name} (release anterior) falhou:\n${output.slice(-4000)}`);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

const git = (args, cwd) => spawnSync('git', args, { cwd, encoding: 'utf8' });
const revParse = (ref, cwd) => {
  const found = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd);
  return found.status === 0 ? found.stdout.trim() : null;
};

/**
 * The commit `ref` names in the clone at `cwd`. A shallow clone (CI may make one) lacks the
 * earlier release: given as a whole hash it is fetched alone from the clone's own origin
 * (`git fetch --depth=1 origin <hash>`: the repository, nothing else); otherwise, or when that
 * fails, the error says what to do.
 */
function baselineCommit(ref, cwd = root) {
  const found = revParse(ref, cwd);
  if (found) return found;
  if (git(['rev-parse', '--is-shallow-repository'], cwd).stdout.trim() !== 'true') {
    throw new Error(`Release anterior ${ref}: não é um commit deste repositório.`);
  }
  const keep = `ou mantenha ${cacheDir()} entre execuções (com a release anterior já construída)`;
  if (!FULL_COMMIT.test(ref)) {
    throw new Error(
      `Release anterior ${ref}: este clone é raso e só busca um commit pelo hash inteiro ` +
        `(40 dígitos em SKEW_BASELINE_REF). Rode git fetch --unshallow, ${keep}.`,
    );
  }
  const fetched = git(['fetch', '--quiet', '--no-tags', '--depth=1', 'origin', ref], cwd);
  const commit = fetched.status === 0 ? revParse(ref, cwd) : null;
  if (!commit) {
    throw new Error(
      `Release anterior ${ref}: este clone é raso e não a tem, e buscá-la em origin falhou ` +
        `(${fetched.stderr.trim().slice(-300)}). Rode git fetch --unshallow, ${keep}.`,
    );
  }
  return commit;
}

/** The ref's dependencies: this checkout's when the lock files agree, else its own `npm ci`. */
function installDependencies(ref, dir) {
  if (
    readText(path.join(dir, 'package-lock.json')) === readText(path.join(root, 'package-lock.json'))
  ) {
    linkRefModules(ref, dir);
    return 'as deste checkout (mesmo package-lock.json)';
  }
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (npm.status !== 0) throw new Error(`npm install em ${dir}: ${npm.stderr.slice(-2000)}`);
  return 'as do package-lock.json dele';
}

/**
 * The earlier release's builds, from the cache or built now: `{ ref, commit, dir, dist(app),
 * otherContract: { app, contract, dist } }`; `log` hears what a cold run does.
 */
async function skewBaseline({
  ref = process.env.SKEW_BASELINE_REF || DEFAULT_REF,
  log = console.log,
  lanes = 2,
} = {}) {
  // A warm cache of a whole hash needs nothing from git (a shallow clone has not the commit).
  const cached = FULL_COMMIT.test(ref) && fs.existsSync(path.join(cacheDir(), ref, STAMP));
  const commit = cached ? ref : baselineCommit(ref);
  const dir = path.join(cacheDir(), commit);
  const otherDist = path.join(dir, 'dist/contract-2', OTHER_CONTRACT.app);
  const result = {
    ref,
    commit,
    dir,
    dist: (app) => path.join(dir, 'dist/apps', app),
    otherContract: { ...OTHER_CONTRACT, dist: otherDist },
  };
  if (fs.existsSync(path.join(dir, STAMP))) return result;

  const started = Date.now();
  // Built beside its place and renamed into it: the cache holds a whole build or none, and two
  // runs at once (two checkouts on one machine) each keep their own until one wins the rename.
  const work = `${dir}.${process.pid}.tmp`;
  fs.rmSync(work, { recursive: true, force: true });
  archiveRef(commit, work);
  const dependencies = installDependencies(ref, work);
  log(
    `release anterior ${ref} (${commit.slice(0, 7)}): dependências ${dependencies}; construindo…`,
  );
  const { builds } = journeys(work);
  const otherContract = builds.find((build) => build.name === `build ${OTHER_CONTRACT.app}`);
  await runAll(
    [
      ...builds,
      {
        name: `build ${OTHER_CONTRACT.app} (contrato ${OTHER_CONTRACT.contract})`,
        args: otherContract.args,
        env: {
          CRM_PANEL_LIB_VERSIONS: JSON.stringify({
            '@crm-panel/contracts': OTHER_CONTRACT.contract,
          }),
          CRM_PANEL_DIST_DIR: path.join(work, 'dist/contract-2', OTHER_CONTRACT.app),
        },
      },
    ],
    work,
    lanes,
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  fs.writeFileSync(
    path.join(work, STAMP),
    `${JSON.stringify({ ref, commit, dependencies, seconds, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  try {
    fs.renameSync(work, dir);
  } catch (error) {
    if (!fs.existsSync(path.join(dir, STAMP))) throw error;
    fs.rmSync(work, { recursive: true, force: true });
  }
  log(`release anterior ${ref}: pronta em ${seconds} s (${dir})`);
  return result;
}

module.exports = { skewBaseline, baselineCommit, DEFAULT_REF };

if (require.main === module) {
  // `--lanes=1` in `npm test`'s pool, whose two lanes already keep both cores busy.
  const lanes = Number(/^--lanes=(\d+)$/.exec(process.argv[2] ?? '')?.[1] ?? 2);
  skewBaseline({ lanes }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
