// The federation runtime (runtime-core) for a remote's standalone page. A remote's build takes
// runtime-core from the page (experiments.externalRuntime: the global `_FEDERATION_RUNTIME_CORE`),
// which the shell provides in the panel (provideFederationRuntime.mjs); on its own page the remote
// loads this file first, so the page still runs alone. Built by StandaloneRuntimePlugin, with the
// remote's name as the query.
import * as runtimeCore from '@module-federation/runtime-core';

/* global __resourceQuery */ // webpack: the query of this module's request
const globalRef = globalThis;
if (!globalRef._FEDERATION_RUNTIME_CORE) {
  globalRef._FEDERATION_RUNTIME_CORE = runtimeCore;
  globalRef._FEDERATION_RUNTIME_CORE_FROM = { name: __resourceQuery.slice(1), version: '2.9.2' };
}
