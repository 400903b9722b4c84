// The federation runtime plugin's decisions, through its resolveShare hook as the runtime calls
// it (runtime-core's getRegisteredShare), with runtime-core's own semver.
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import sharedVersionsPlugin, { PLUGIN_NAME } from './sharedVersionsPlugin.mjs';

const ONE_PER_PAGE = ['@crm-panel/api-client', '@crm-panel/contracts', '@crm-panel/host-bridge'];

/** A registration as the runtime keeps it in the share scope. */
const registered = (version, from, loaded = false) => ({
  version,
  from,
  loaded,
  get: () => async () => ({ version, from }),
});

/** What container `from` asks for: its own version of the lib and the range it declared. */
const asking = (from, version, requiredVersion) => ({
  from,
  version,
  shareConfig: { singleton: true, requiredVersion, strictVersion: false },
});

function resolve(plugin, pkgName, shareInfo, scope) {
  const args = {
    pkgName,
    shareInfo,
    shareScopeMap: { default: scope },
    scope: 'default',
    version: '',
    resolver: () => 'the runtime default',
  };
  return plugin.resolveShare(args).resolver();
}

/** The registration the plugin hands container `shareInfo.from` for `pkgName` (undefined: its own). */
const chosenFor = (pkgName, shareInfo, scope) =>
  resolve(sharedVersionsPlugin({ onePerPage: ONE_PER_PAGE }), pkgName, shareInfo, scope)?.shared;

test('a stateful lib: another version in the page is refused, naming both versions', (t) => {
  const errors = t.mock.method(console, 'error', () => undefined);
  const plugin = sharedVersionsPlugin({ onePerPage: ONE_PER_PAGE });
  const scope = {
    '@crm-panel/host-bridge': {
      '1.0.0': registered('1.0.0', 'shell', true),
      '2.0.0': registered('2.0.0', 'notes'),
    },
  };
  assert.throws(
    () => resolve(plugin, '@crm-panel/host-bridge', asking('notes', '2.0.0', '^2.0.0'), scope),
    (error) => {
      assert.equal(error.code, 'INCOMPATIBLE_SHARED_LIB');
      assert.deepEqual(error.details, {
        container: 'notes',
        pkgName: '@crm-panel/host-bridge',
        ownVersion: '2.0.0',
        need: '^2.0.0',
        pageVersion: '1.0.0',
        pageFrom: 'shell',
      });
      return true;
    },
  );
  assert.equal(errors.mock.callCount(), 1);
  assert.equal(
    errors.mock.calls[0].arguments[0],
    '[federação] notes foi construído com @crm-panel/host-bridge 2.0.0 (precisa de ^2.0.0), mas a ' +
      'página já usa @crm-panel/host-bridge 1.0.0 (carregado por shell). Esta biblioteca guarda ' +
      'estado e é uma só por página: a área de notes foi recusada em vez de misturar as duas versões.',
  );
});

test("a stateful lib: a compatible copy in the page is used, never the remote's own", () => {
  const page = registered('1.0.0', 'shell', true);
  const scope = {
    '@crm-panel/api-client': { '1.0.0': page, '1.3.0': registered('1.3.0', 'notes') },
  };
  assert.equal(chosenFor('@crm-panel/api-client', asking('notes', '1.3.0', '^1.0.0'), scope), page);
});

test("a stateful lib: any entry of the lib loaded counts (the router is the contracts' copy)", () => {
  mock.method(console, 'error', () => undefined);
  const plugin = sharedVersionsPlugin({ onePerPage: ONE_PER_PAGE });
  const scope = {
    '@crm-panel/contracts': { '1.0.0': registered('1.0.0', 'shell', true) },
    '@crm-panel/contracts/router': {
      '1.0.0': registered('1.0.0', 'shell'),
      '2.0.0': registered('2.0.0', 'deal'),
    },
  };
  assert.throws(
    () => resolve(plugin, '@crm-panel/contracts/router', asking('deal', '2.0.0', '^2.0.0'), scope),
    /contracts\/router 1\.0\.0 \(carregado por shell\)/,
  );
  mock.restoreAll();
});

test('a stateful lib nobody loaded yet: the highest registered version in range', () => {
  const newest = registered('1.4.0', 'deal');
  const scope = {
    '@crm-panel/host-bridge': {
      '1.2.0': registered('1.2.0', 'shell'),
      '1.4.0': newest,
      '2.0.0': registered('2.0.0', 'tasks'),
    },
  };
  assert.equal(
    chosenFor('@crm-panel/host-bridge', asking('shell', '1.2.0', '^1.2.0'), scope),
    newest,
  );
});

test("a stateless lib with no compatible copy loaded: the remote's own build", () => {
  const plugin = sharedVersionsPlugin({ onePerPage: ONE_PER_PAGE });
  const own = registered('2.0.0', 'notes');
  const scope = { '@crm-panel/ui': { '1.0.0': registered('1.0.0', 'shell', true), '2.0.0': own } };
  assert.equal(chosenFor('@crm-panel/ui', asking('notes', '2.0.0', '^2.0.0'), scope), own);
  // Not registered in the scope at all: undefined sends the runtime to the container's own getter.
  assert.equal(
    resolve(plugin, '@crm-panel/format', asking('notes', '2.0.0', '^2.0.0'), {
      '@crm-panel/format': { '1.0.0': registered('1.0.0', 'shell', true) },
    }),
    undefined,
  );
});

test('a stateless lib: a compatible copy the page loaded is shared', () => {
  const page = registered('1.1.0', 'deal', true);
  const scope = { '@crm-panel/format': { '1.0.0': registered('1.0.0', 'notes'), '1.1.0': page } };
  assert.equal(chosenFor('@crm-panel/format', asking('notes', '1.0.0', '^1.0.0'), scope), page);
});

test('a build from before lib versions (0.0.0, no range) is read as needing 1.x', () => {
  mock.method(console, 'error', () => undefined);
  const plugin = sharedVersionsPlugin({ onePerPage: ONE_PER_PAGE });
  const page1 = registered('1.0.0', 'shell', true);
  const old = asking('notes', '0.0.0', false);
  const scope1 = {
    '@crm-panel/host-bridge': { '1.0.0': page1, '0.0.0': registered('0.0.0', 'notes') },
  };
  assert.equal(resolve(plugin, '@crm-panel/host-bridge', old, scope1).shared, page1);
  const scope2 = {
    '@crm-panel/host-bridge': {
      '2.0.0': registered('2.0.0', 'shell', true),
      '0.0.0': registered('0.0.0', 'notes'),
    },
  };
  assert.throws(
    () => resolve(plugin, '@crm-panel/host-bridge', old, scope2),
    /precisa de \^1\.0\.0/,
  );
  mock.restoreAll();
});

test('packages that are not workspace libs keep the runtime default', () => {
  const plugin = sharedVersionsPlugin({ onePerPage: ONE_PER_PAGE });
  assert.equal(
    resolve(plugin, 'react', asking('notes', '19.3.1', '19.3.1'), { react: {} }),
    'the runtime default',
  );
});

test("the shell's copy holds every container the page creates later", () => {
  sharedVersionsPlugin({ onePerPage: ONE_PER_PAGE, forThePage: true });
  const names = globalThis.__FEDERATION__.__GLOBAL_PLUGIN__.map((plugin) => plugin.name);
  assert.deepEqual(names, [PLUGIN_NAME]);
});
