// The shell's runtime plugin that gives the page its federation runtime: the shell's own
// runtime-core becomes the global `_FEDERATION_RUNTIME_CORE` that every remote's containers use
// (built with experiments.externalRuntime), so the panel downloads the runtime once.
// enhanced's provideExternalRuntime does the same, but its plugin is resolved to its CommonJS
// build, which brings runtime-core's CommonJS build beside the ES one the shell's runtime uses
// (+22 KB gz); this file is an ES module that imports the very module the shell's runtime uses.
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideFederationRuntime() {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      const globalRef = globalThis;
      if (!globalRef._FEDERATION_RUNTIME_CORE) {
        globalRef._FEDERATION_RUNTIME_CORE = runtimeCore;
        globalRef._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name, version: '2.9.2' };
      }
      return args;
    },
  };
}
