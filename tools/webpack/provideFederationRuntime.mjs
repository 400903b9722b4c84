// The shell's runtime plugin that gives the page its federation runtime: the shell's own
// runtime-core becomes the global `_FEDERATION_RUNTIME_CORE` that every remote's containers use
// (built with experiments.externalRuntime), so the panel downloads the runtime once.
// enhanced's provideExternalRuntime does the same, but its plugin is resolved to its CommonJS
// build, which brings runtime-core's CommonJS build beside the ES one the shell's runtime uses
// (+22 KB gz); this file is an ES module that imports the very module the shell's runtime uses.
// Which runtime version a remote runs on is settled before it reaches a page: each build records
// its runtime-core version in build-info.json and `npm run deploy` refuses another major.
import * as runtimeCore from '@module-federation/runtime-core';

/** Makes `core` the page's federation runtime unless one is there already; true when it did. */
export function provideRuntime(core) {
  const globalRef = globalThis;
  if (globalRef._FEDERATION_RUNTIME_CORE) return false;
  globalRef._FEDERATION_RUNTIME_CORE = core;
  return true;
}

export default function provideFederationRuntime() {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      provideRuntime(runtimeCore);
      return args;
    },
  };
}
