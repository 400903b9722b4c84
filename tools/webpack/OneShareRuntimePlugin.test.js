// A container built with the federation plugin carries one share-scope runtime: enhanced's, not
// webpack's beside it (OneShareRuntimePlugin.js). Built for real, in a temporary folder.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { OneShareRuntimePlugin } = require('./OneShareRuntimePlugin');

/** Builds a container exposing one module that uses one shared lib; its remoteEntry.js's text. */
async function buildContainer(plugins) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-share-runtime-'));
  try {
    fs.writeFileSync(path.join(dir, 'lib.js'), 'export const greeting = "olá";\n');
    fs.writeFileSync(
      path.join(dir, 'exposed.js'),
      'import { greeting } from "probe-lib";\nexport default () => greeting;\n',
    );
    fs.writeFileSync(path.join(dir, 'main.js'), 'export {};\n');
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: { main: './main.js' },
      devtool: false,
      output: { path: path.join(dir, 'dist'), publicPath: 'auto', uniqueName: 'probe' },
      resolve: { alias: { 'probe-lib$': path.join(dir, 'lib.js') } },
      optimization: { minimize: false },
      infrastructureLogging: { level: 'error' },
      plugins: [
        new ModuleFederationPlugin({
          name: 'probe',
          filename: 'remoteEntry.js',
          exposes: { './exposed': './exposed.js' },
          shared: { 'probe-lib': { version: '1.2.3', requiredVersion: '^1.0.0' } },
          dts: false,
        }),
        ...plugins,
      ],
    });
    const stats = await new Promise((resolve, reject) =>
      compiler.run((error, result) => (error ? reject(error) : resolve(result))),
    );
    await new Promise((resolve) => compiler.close(resolve));
    assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
    return fs.readFileSync(path.join(dir, 'dist', 'remoteEntry.js'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** How many times the entry defines the share scope's initialisation (`__webpack_require__.I`). */
const shareInits = (text) => text.match(/__webpack_require__\.I = /g)?.length ?? 0;

test("without the plugin the entry carries webpack's share runtime beside enhanced's", async () => {
  const text = await buildContainer([]);
  assert.equal(shareInits(text), 2);
  // webpack's registers the shared lib a second time, in its own form.
  assert.match(text, /register\("probe-lib", "1\.2\.3"/);
});

test("with it the entry carries enhanced's alone, which still registers the shared lib", async () => {
  const plugin = new OneShareRuntimePlugin();
  const text = await buildContainer([plugin]);
  assert.equal(shareInits(text), 1);
  assert.doesNotMatch(text, /register\("probe-lib"/);
  assert.match(text, /initOptions\.shared = \{\s*"probe-lib": \[\{\s*version: "1\.2\.3"/);
  assert.match(text, /bundlerRuntime\.I\(/);
  assert.ok(plugin.removedFrom.length >= 1);
});
