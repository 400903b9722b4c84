// Releases, deploys and rollbacks (releases.js) and what the panel is served after each
// (stack.js's runtime configuration and static servers).
const { test, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { release, deploy, rollback, readDeployed, ReleaseError } = require('./releases');
const { runtimeConfig, portsWithOffset } = require('./stack');
const { serveStatic } = require('./serve');
const { buildInfo } = require('../webpack/federation');

let dir;
let builds;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-releases-'));
  builds = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-builds-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(builds, { recursive: true, force: true });
});

/**
 * A build's output as federation.js writes it: its files and build-info.json (`info`, else one
 * of that contract and runtime).
 */
function built(
  app,
  version,
  {
    contract = '1.0.0',
    federationRuntime = '2.9.2',
    info = { app, version, contract, federationRuntime, libs: {}, needs: {} },
  } = {},
) {
  const out = path.join(builds, `${app}-${version}-${contract}-${federationRuntime}`);
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'index.html'), `<title>${app} ${version}</title>`);
  fs.writeFileSync(path.join(out, 'mf-manifest.json'), JSON.stringify({ name: app, version }));
  fs.writeFileSync(path.join(out, `main.${version.replace(/\./g, '')}0000a.js`), `// ${version}`);
  fs.writeFileSync(path.join(out, 'build-info.json'), JSON.stringify(info));
  return out;
}

/**
 * The build-info.json a build of `app` gets with CRM_PANEL_LIB_VERSIONS set to `claimed` (unset
 * when null).
 */
function buildInfoClaiming(app, claimed) {
  const before = process.env.CRM_PANEL_LIB_VERSIONS;
  if (claimed) process.env.CRM_PANEL_LIB_VERSIONS = JSON.stringify(claimed);
  else delete process.env.CRM_PANEL_LIB_VERSIONS;
  try {
    return buildInfo(app);
  } finally {
    if (before === undefined) delete process.env.CRM_PANEL_LIB_VERSIONS;
    else process.env.CRM_PANEL_LIB_VERSIONS = before;
  }
}

const source = () => ({ commit: 'abc123', uncommittedChanges: false });
const releaseOf = (app, version, options) =>
  release(app, { dist: built(app, version, options), dir, version, source });

test('a release is a versioned folder with its build and the record of what it was built from', () => {
  const made = releaseOf('notes', '1.2.0');
  assert.equal(made.path, path.join(dir, 'notes', '1.2.0'));
  const record = JSON.parse(fs.readFileSync(path.join(made.path, 'release.json'), 'utf8'));
  assert.equal(record.commit, 'abc123');
  assert.equal(record.contract, '1.0.0');
  assert.equal(record.federationRuntime, '2.9.2');
  assert.deepEqual(record.libs, {});
  assert.ok(fs.existsSync(path.join(made.path, 'mf-manifest.json')));
  assert.deepEqual(
    fs.readdirSync(path.join(dir, 'notes')),
    ['1.2.0'],
    'no temporary folder is left beside it',
  );
});

test('a released version never changes: releasing it again is refused', () => {
  releaseOf('notes', '1.2.0');
  assert.throws(
    () => releaseOf('notes', '1.2.0'),
    new ReleaseError(
      'A release notes 1.2.0 já existe e não muda. Aumente a versão em apps/notes/package.json.',
    ),
  );
});

test('a build of another app or version is not released under this name', () => {
  assert.throws(
    () => release('notes', { dist: built('tasks', '1.0.0'), dir, version: '1.0.0', source }),
    /O build em .* é de tasks 1\.0\.0, não de notes 1\.0\.0\./,
  );
  assert.throws(() => release('agenda', { dir }), /App desconhecido: "agenda"/);
});

test('a build that claims lib versions of its own (CRM_PANEL_LIB_VERSIONS) says so, and is never released', () => {
  const info = buildInfoClaiming('notes', { '@crm-panel/host-bridge': '2.0.0' });
  assert.deepEqual(info.overriddenLibVersions, { '@crm-panel/host-bridge': '2.0.0' });
  assert.equal(info.libs['@crm-panel/host-bridge'], '2.0.0');
  assert.equal(info.needs['@crm-panel/host-bridge'], '^2.0.0');
  const dist = built('notes', info.version, { info });
  assert.throws(
    () => release('notes', { dist, dir, version: info.version, source }),
    new ReleaseError(
      `O build em ${dist} foi feito com CRM_PANEL_LIB_VERSIONS e diz trazer versões de libs que não existem (@crm-panel/host-bridge 2.0.0): serve só para testes e não vira release. Faça o build sem essa variável.`,
    ),
  );
  assert.equal(fs.existsSync(path.join(dir, 'notes')), false, 'nothing of it is left in releases');
});

test("a build of the libs' own versions carries no such mark and is released", () => {
  const info = buildInfoClaiming('notes', null);
  assert.equal('overriddenLibVersions' in info, false);
  const made = release('notes', {
    dist: built('notes', info.version, { info }),
    dir,
    version: info.version,
    source,
  });
  assert.deepEqual(made.record.libs, info.libs);
});

test('deploy switches what the panel loads, and rollback goes back, one step at a time', () => {
  releaseOf('shell', '1.0.0');
  releaseOf('notes', '1.0.0');
  releaseOf('notes', '1.1.0');
  deploy('shell', '1.0.0', { dir, dist: builds });
  deploy('notes', '1.0.0', { dir, dist: builds });
  deploy('notes', '1.1.0', { dir, dist: builds });
  assert.deepEqual(readDeployed(dir).apps.notes, { version: '1.1.0', previous: ['1.0.0'] });
  const back = rollback('notes', { dir, dist: builds });
  assert.equal(back.version, '1.0.0');
  assert.deepEqual(readDeployed(dir).apps.notes, { version: '1.0.0', previous: [] });
  assert.throws(
    () => rollback('notes', { dir, dist: builds }),
    new ReleaseError('notes não tem uma versão anterior para voltar.'),
  );
  assert.throws(
    () => deploy('notes', '9.9.9', { dir, dist: builds }),
    new ReleaseError('Não existe a release notes 9.9.9 (rode npm run release -- notes).'),
  );
  // Nothing but deployed.json beside the releases: the write went through a rename.
  assert.deepEqual(fs.readdirSync(dir).sort(), ['deployed.json', 'notes', 'shell']);
});

test('deploy refuses a remote of another contract major than the deployed shell', () => {
  releaseOf('shell', '1.0.0');
  releaseOf('notes', '2.0.0', { contract: '2.0.0' });
  releaseOf('notes', '1.5.0', { contract: '1.4.0' });
  deploy('shell', '1.0.0', { dir, dist: builds });
  assert.throws(
    () => deploy('notes', '2.0.0', { dir, dist: builds }),
    new ReleaseError(
      'Deploy recusado: notes 2.0.0 foi feito para o contrato 2.0.0; o shell em uso (1.0.0) aceita 1.x.',
    ),
  );
  assert.equal(readDeployed(dir).apps.notes, undefined);
  // Another minor of the shell's major is taken.
  assert.equal(deploy('notes', '1.5.0', { dir, dist: builds }).version, '1.5.0');
});

test('deploy refuses a remote of another federation runtime major, and a shell likewise', () => {
  releaseOf('shell', '1.0.0');
  releaseOf('tasks', '1.1.0', { federationRuntime: '3.0.0' });
  releaseOf('tasks', '1.0.0');
  deploy('shell', '1.0.0', { dir, dist: builds });
  assert.throws(
    () => deploy('tasks', '1.1.0', { dir, dist: builds }),
    new ReleaseError(
      'Deploy recusado: tasks 1.1.0 usa o runtime de federação 3.0.0; o shell em uso (1.0.0) fornece 2.9.2.',
    ),
  );
  deploy('tasks', '1.0.0', { dir, dist: builds });
  releaseOf('shell', '2.0.0', { federationRuntime: '3.1.0' });
  assert.throws(
    () => deploy('shell', '2.0.0', { dir, dist: builds }),
    new ReleaseError(
      'Deploy recusado: shell 2.0.0 fornece o runtime de federação 3.1.0; tasks em uso (1.0.0) usa 2.9.2.',
    ),
  );
  assert.equal(readDeployed(dir).apps.shell.version, '1.0.0');
});

test('a shell of a new contract major deploys, and says which remotes its areas will refuse', () => {
  releaseOf('shell', '1.0.0');
  releaseOf('notes', '1.0.0');
  deploy('shell', '1.0.0', { dir, dist: builds });
  deploy('notes', '1.0.0', { dir, dist: builds });
  releaseOf('shell', '2.0.0', { contract: '2.0.0' });
  const done = deploy('shell', '2.0.0', { dir, dist: builds });
  assert.deepEqual(done.warnings, [
    'notes em uso foi feito para outro contrato: o painel mostra o aviso na área dele até o deploy de uma versão para 2.x.',
  ]);
});

test('the panel is served what is deployed; an open page still gets the files of its version', async () => {
  releaseOf('shell', '1.0.0');
  releaseOf('notes', '1.0.0');
  releaseOf('notes', '1.1.0', { contract: '1.1.0' });
  deploy('shell', '1.0.0', { dir, dist: builds });
  deploy('notes', '1.0.0', { dir, dist: builds });
  const ports = portsWithOffset(0);
  assert.equal(
    runtimeConfig(ports, { releasesDir: dir }).remotes.notes,
    `http://localhost:${ports.notes}/releases/1.0.0/mf-manifest.json`,
  );
  const server = await serveStatic({
    dir: path.join(builds, 'unused'),
    port: 0,
    mounts: { '/releases/': path.join(dir, 'notes') },
    overrides: { '/runtime-config.json': () => runtimeConfig(ports, { releasesDir: dir }) },
  });
  try {
    const config = async () => (await fetch(`${server.url}/runtime-config.json`)).json();
    assert.equal((await config()).contracts.notes, '1.0.0');
    deploy('notes', '1.1.0', { dir, dist: builds });
    const after = await config();
    assert.equal(
      after.remotes.notes,
      `http://localhost:${ports.notes}/releases/1.1.0/mf-manifest.json`,
    );
    assert.equal(after.contracts.notes, '1.1.0');
    // The page opened before the deploy keeps loading 1.0.0's files.
    const old = await fetch(`${server.url}/releases/1.0.0/main.1000000a.js`);
    assert.equal(old.status, 200);
    assert.equal(await old.text(), '// 1.0.0');
    rollback('notes', { dir, dist: builds });
    assert.equal((await config()).remotes.notes.endsWith('/releases/1.0.0/mf-manifest.json'), true);
    assert.equal((await fetch(`${server.url}/releases/../deployed.json`)).status, 404);
  } finally {
    await server.close();
  }
});
