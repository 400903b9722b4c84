// The version the page's federation runtime is said to be: the installed runtime-core's, read
// from the runtime itself (the shell's plugin) or from its package (a remote's standalone page).
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { ModuleFederation } from '@module-federation/runtime-core';
import * as runtimeCore from '@module-federation/runtime-core';
import provideFederationRuntime from './provideFederationRuntime.mjs';

const require = createRequire(import.meta.url);
const { federationRuntimeVersion } = require('./sharedLibs.js');
const { StandaloneRuntimePlugin } = require('./StandaloneRuntimePlugin.js');

/** The installed runtime-core's version, from its package.json on disk. */
const INSTALLED = federationRuntimeVersion();

beforeEach(() => {
  delete globalThis._FEDERATION_RUNTIME_CORE;
  delete globalThis._FEDERATION_RUNTIME_CORE_FROM;
});

test('the shell provides its runtime to the page under the installed runtime-core version', () => {
  new ModuleFederation({ name: 'shell', remotes: [], plugins: [provideFederationRuntime()] });
  assert.equal(globalThis._FEDERATION_RUNTIME_CORE, runtimeCore);
  assert.deepEqual(globalThis._FEDERATION_RUNTIME_CORE_FROM, { name: 'shell', version: INSTALLED });
});

test('the version is the one the runtime reports, not a number written in the plugin', () => {
  const args = { options: { name: 'shell' }, origin: { version: '3.4.5' } };
  provideFederationRuntime().beforeInit(args);
  assert.deepEqual(globalThis._FEDERATION_RUNTIME_CORE_FROM, { name: 'shell', version: '3.4.5' });
});

test('a runtime already on the page stays: the first provider keeps it', () => {
  const first = { options: { name: 'shell' }, origin: { version: '3.4.5' } };
  const second = { options: { name: 'notes' }, origin: { version: '9.9.9' } };
  const plugin = provideFederationRuntime();
  plugin.beforeInit(first);
  plugin.beforeInit(second);
  assert.deepEqual(globalThis._FEDERATION_RUNTIME_CORE_FROM, { name: 'shell', version: '3.4.5' });
});

test("a remote's standalone page is told the installed runtime-core version in its provider's query", () => {
  const query = new URLSearchParams(new StandaloneRuntimePlugin({ name: 'notes' }).query());
  assert.equal(query.get('name'), 'notes');
  assert.equal(query.get('version'), INSTALLED);
  assert.match(INSTALLED, /^\d+\.\d+\.\d+/);
});
