// The shell's copy of the shared-versions rule holds the whole page: registered once for the page
// (forThePage), it decides for every container the federation runtime creates afterwards, among
// them a remote built without the rule. Real runtime-core instances, as the page has them; its
// own process (node --test runs each file alone), since the registration is global.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ModuleFederation } from '@module-federation/runtime-core';
import sharedVersionsPlugin, { PLUGIN_NAME } from './sharedVersionsPlugin.mjs';

const HOST_BRIDGE = '@crm-panel/host-bridge';

/** A container of the page sharing host-bridge at `version`, needing `range`. */
const container = (name, version, range, plugins = []) =>
  new ModuleFederation({
    name,
    remotes: [],
    plugins,
    shared: {
      [HOST_BRIDGE]: {
        version,
        get: async () => () => ({ copyOf: name }),
        shareConfig: { singleton: true, requiredVersion: range },
      },
    },
  });

test("a remote built without the rule, needing another major of a stateful lib, is refused by the shell's copy", async (t) => {
  const errors = t.mock.method(console, 'error', () => undefined);
  // What the shell does at start: the rule for the page, then its own host-bridge in use.
  sharedVersionsPlugin({ onePerPage: [HOST_BRIDGE], forThePage: true });
  const shell = container('shell', '1.1.0', '^1.1.0');
  assert.deepEqual(await shell.loadShare(HOST_BRIDGE).then((factory) => factory()), {
    copyOf: 'shell',
  });

  // A compatible remote gets the page's copy…
  const sameMajor = container('tasks', '1.0.0', '^1.0.0');
  sameMajor.initShareScopeMap('default', shell.shareScopeMap.default);
  assert.deepEqual(await sameMajor.loadShare(HOST_BRIDGE).then((factory) => factory()), {
    copyOf: 'shell',
  });

  // …one that needs 2.x gets none: the load fails (its area shows the refusal), naming both.
  const otherMajor = container('notes', '2.0.0', '^2.0.0');
  otherMajor.initShareScopeMap('default', shell.shareScopeMap.default);
  await assert.rejects(otherMajor.loadShare(HOST_BRIDGE), (error) => {
    assert.equal(error.code, 'INCOMPATIBLE_SHARED_LIB');
    assert.equal(error.details.pageVersion, '1.1.0');
    assert.equal(error.details.ownVersion, '2.0.0');
    return true;
  });
  assert.equal(errors.mock.callCount(), 1);

  // A container that carries its own plugin of the same name is ruled by that one instead
  // (runtime-core keeps one plugin per name, the container's own first): a remote keeps the rule
  // it was built with. One without a rule of its own at all (here: a pass-through) gets the
  // runtime's default, the silent mix the rule exists to stop: the page's 1.1.0, and a warning.
  const warnings = t.mock.method(console, 'warn', () => undefined);
  const ownRule = container('products', '2.0.0', '^2.0.0', [
    { name: PLUGIN_NAME, resolveShare: (args) => args },
  ]);
  ownRule.initShareScopeMap('default', shell.shareScopeMap.default);
  assert.deepEqual(await ownRule.loadShare(HOST_BRIDGE).then((factory) => factory()), {
    copyOf: 'shell',
  });
  assert.match(
    String(warnings.mock.calls.at(-1)?.arguments.join(' ')),
    /1\.1\.0 from shell of shared singleton module @crm-panel\/host-bridge does not satisfy the requirement of products which needs \^2\.0\.0/,
  );
});
