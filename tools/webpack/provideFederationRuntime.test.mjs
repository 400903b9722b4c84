// The page's federation runtime: the shell's runtime-core, provided once, before any remote's
// container needs it (each remote is built with experiments.externalRuntime).
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { ModuleFederation } from '@module-federation/runtime-core';
import * as runtimeCore from '@module-federation/runtime-core';
import provideFederationRuntime, { provideRuntime } from './provideFederationRuntime.mjs';

beforeEach(() => {
  delete globalThis._FEDERATION_RUNTIME_CORE;
});

test("the shell's federation instance provides its runtime-core to the page as it starts", () => {
  assert.equal(globalThis._FEDERATION_RUNTIME_CORE, undefined);
  new ModuleFederation({ name: 'shell', remotes: [], plugins: [provideFederationRuntime()] });
  assert.equal(globalThis._FEDERATION_RUNTIME_CORE, runtimeCore);
});

test('a runtime already on the page stays: the first provider keeps it', () => {
  const first = { name: 'the page’s first runtime' };
  assert.equal(provideRuntime(first), true);
  assert.equal(provideRuntime(runtimeCore), false);
  provideFederationRuntime().beforeInit({ options: { name: 'shell' } });
  assert.equal(globalThis._FEDERATION_RUNTIME_CORE, first);
});
