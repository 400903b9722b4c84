// Releases, deploys and rollbacks of the shell and the remotes, each app on its own.
//
// releases/<app>/<version>/   one immutable release: the app's build (its mf-manifest.json,
//                             remoteEntry.js, hashed chunks, build-info.json) and release.json,
//                             the record of what it was built from (git commit, lib versions,
//                             contract and federation runtime versions)
// releases/deployed.json      what the panel loads: per app, the version deployed and the ones
//                             before it (for rollback). Replaced whole (write, then rename), so a
//                             reader sees the old file or the new one, never half of one.
//
// `npm start` serves the deployed version of each app (the others from dist/apps, so a fresh
// clone with nothing released still runs): tools/scripts/stack.js.
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { root } = require('./env');
const { REMOTES } = require('./ports');

const APPS = ['shell', ...REMOTES];
const DEPLOYED = 'deployed.json';

class ReleaseError extends Error {}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function releasesDir() {
  return path.resolve(root, process.env.RELEASES_DIR || 'releases');
}

function checkApp(app) {
  if (!APPS.includes(app)) {
    throw new ReleaseError(`App desconhecido: "${app}". Use um de: ${APPS.join(', ')}.`);
  }
}

const major = (version) => Number(String(version).split('.')[0]);

/** Writes `value` as `file` whole: a temporary file beside it, then a rename over it. */
function writeJsonAtomically(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/** `{ apps: { [app]: { version, previous: string[] } } }`; empty when nothing was deployed. */
function readDeployed(dir = releasesDir()) {
  const file = path.join(dir, DEPLOYED);
  return fs.existsSync(file) ? readJson(file) : { apps: {} };
}

function releasePath(app, version, dir = releasesDir()) {
  return path.join(dir, app, version);
}

/** The record of release `app@version` (release.json), or null when there is none. */
function readRelease(app, version, dir = releasesDir()) {
  const file = path.join(releasePath(app, version, dir), 'release.json');
  return fs.existsSync(file) ? readJson(file) : null;
}

function git(args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The commit the tree is at, and whether files differ from it (a release says so). */
function sourceOf() {
  const commit = git(['rev-parse', 'HEAD']);
  const status = git(['status', '--porcelain']);
  return { commit, uncommittedChanges: status === null ? null : status !== '' };
}

function buildApp(app) {
  const result = spawnSync(
    process.execPath,
    [require.resolve('nx/bin/nx.js'), 'run', `${app}:build`, '--output-style=static'],
    { cwd: root, stdio: 'inherit', env: require('./env').workspaceEnv() },
  );
  if (result.status !== 0) throw new ReleaseError(`O build de ${app} falhou; nada foi liberado.`);
}

/**
 * Makes release `app@<apps/<app>/package.json version>` from the app's build (`dist`, built
 * here with Nx unless given). A version is released once: its folder never changes again.
 */
function release(app, { dist, dir = releasesDir(), version, source = sourceOf } = {}) {
  checkApp(app);
  version ??= readJson(path.join(root, 'apps', app, 'package.json')).version;
  const target = releasePath(app, version, dir);
  if (fs.existsSync(target)) {
    throw new ReleaseError(
      `A release ${app} ${version} já existe e não muda. Aumente a versão em apps/${app}/package.json.`,
    );
  }
  let from = dist;
  if (!from) {
    buildApp(app);
    from = path.join(root, 'dist/apps', app);
  }
  const infoFile = path.join(from, 'build-info.json');
  if (!fs.existsSync(infoFile)) throw new ReleaseError(`${from} não tem build-info.json.`);
  const info = readJson(infoFile);
  if (info.app !== app || info.version !== version) {
    throw new ReleaseError(
      `O build em ${from} é de ${info.app} ${info.version}, não de ${app} ${version}.`,
    );
  }
  const claimed = Object.entries(info.overriddenLibVersions ?? {});
  if (claimed.length > 0) {
    // A test build (CRM_PANEL_LIB_VERSIONS, tools/webpack/sharedLibs.js) claims lib versions that
    // were never released: a panel would hold it to ranges no real lib meets.
    throw new ReleaseError(
      `O build em ${from} foi feito com CRM_PANEL_LIB_VERSIONS e diz trazer versões de libs que não existem (${claimed.map(([lib, claimedVersion]) => `${lib} ${claimedVersion}`).join(', ')}): serve só para testes e não vira release. Faça o build sem essa variável.`,
    );
  }
  const record = { ...info, ...source(), releasedAt: new Date().toISOString() };
  // Copied beside the target and renamed into place: a release folder is whole or absent.
  const temporary = path.join(dir, app, `.${version}.${process.pid}.tmp`);
  fs.rmSync(temporary, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(temporary), { recursive: true });
  fs.cpSync(from, temporary, { recursive: true });
  fs.writeFileSync(path.join(temporary, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
  fs.renameSync(temporary, target);
  return { app, version, path: target, record };
}

/** Where `npm start` takes an app never deployed from: its build. */
const DIST = path.join(root, 'dist/apps');

/** The build-info of what the panel runs for `app`: its deployed release, else its build. */
function runningInfo(app, deployed, dir, dist = DIST) {
  const version = deployed.apps[app]?.version;
  if (version) return readRelease(app, version, dir);
  const file = path.join(dist, app, 'build-info.json');
  return fs.existsSync(file) ? readJson(file) : null;
}

/**
 * Why the panel cannot take `record` for `app` beside what runs now; null when it can. A remote
 * must share the shell's contract major and federation runtime major (the shell provides the
 * runtime to the page). A shell must share the runtime major of every remote deployed; a remote
 * of another contract major is refused in its own area, so it is said, not refused.
 */
function incompatibility(app, record, deployed, dir, dist) {
  if (app !== 'shell') {
    const shell = runningInfo('shell', deployed, dir, dist);
    if (!shell) return null;
    if (major(record.contract) !== major(shell.contract)) {
      return `${app} ${record.version} foi feito para o contrato ${record.contract}; o shell em uso (${shell.version}) aceita ${major(shell.contract)}.x.`;
    }
    if (major(record.federationRuntime) !== major(shell.federationRuntime)) {
      return `${app} ${record.version} usa o runtime de federação ${record.federationRuntime}; o shell em uso (${shell.version}) fornece ${shell.federationRuntime}.`;
    }
    return null;
  }
  for (const remote of REMOTES) {
    const info = runningInfo(remote, deployed, dir, dist);
    if (info && major(info.federationRuntime) !== major(record.federationRuntime)) {
      return `shell ${record.version} fornece o runtime de federação ${record.federationRuntime}; ${remote} em uso (${info.version}) usa ${info.federationRuntime}.`;
    }
  }
  return null;
}

/** Remotes in use built for another contract major than shell `record` (refused in their areas). */
function remotesOfAnotherContract(record, deployed, dir, dist) {
  return REMOTES.filter((remote) => {
    const info = runningInfo(remote, deployed, dir, dist);
    return info && major(info.contract) !== major(record.contract);
  });
}

function switchTo(app, version, { deployed, dir, dist, previous }) {
  const record = readRelease(app, version, dir);
  if (!record) {
    throw new ReleaseError(
      `Não existe a release ${app} ${version} (rode npm run release -- ${app}).`,
    );
  }
  const why = incompatibility(app, record, deployed, dir, dist);
  if (why) throw new ReleaseError(`Deploy recusado: ${why}`);
  const next = {
    ...deployed,
    apps: { ...deployed.apps, [app]: { version, previous } },
  };
  writeJsonAtomically(path.join(dir, DEPLOYED), next);
  const warnings =
    app === 'shell'
      ? remotesOfAnotherContract(record, next, dir, dist).map(
          (remote) =>
            `${remote} em uso foi feito para outro contrato: o painel mostra o aviso na área dele até o deploy de uma versão para ${major(record.contract)}.x.`,
        )
      : [];
  return { app, version, record, warnings };
}

/** Points the panel at release `app@version`; the version before it is kept for rollback. */
function deploy(app, version, { dir = releasesDir(), dist = DIST } = {}) {
  checkApp(app);
  const deployed = readDeployed(dir);
  const current = deployed.apps[app];
  if (current?.version === version) {
    throw new ReleaseError(`${app} ${version} já é a versão em uso.`);
  }
  const previous = current ? [...current.previous, current.version] : [];
  return switchTo(app, version, { deployed, dir, dist, previous });
}

/** Points the panel back at the version deployed before the current one. */
function rollback(app, { dir = releasesDir(), dist = DIST } = {}) {
  checkApp(app);
  const deployed = readDeployed(dir);
  const current = deployed.apps[app];
  const before = current?.previous.at(-1);
  if (!before) {
    throw new ReleaseError(`${app} não tem uma versão anterior para voltar.`);
  }
  return switchTo(app, before, {
    deployed,
    dir,
    dist,
    previous: current.previous.slice(0, -1),
  });
}

/** Runs a command's function and prints its outcome; exit code 1 on a refusal. */
function runCommand(work, describe) {
  try {
    const outcome = work();
    console.log(describe(outcome));
    for (const warning of outcome.warnings ?? []) console.warn(`Aviso: ${warning}`);
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

module.exports = {
  APPS,
  DEPLOYED,
  ReleaseError,
  releasesDir,
  readDeployed,
  readRelease,
  releasePath,
  release,
  deploy,
  rollback,
  runCommand,
};
