// The shell's runtime plugin that gives the page its federation runtime: the shell's own
// runtime-core becomes the global `_FEDERATION_RUNTIME_CORE` that every remote's containers use
// (built with experiments.externalRuntime), so the panel downloads the runtime once.
// enhanced's provideExternalRuntime does the same, but its plugin is resolved to its CommonJS
// build, which brings runtime-core's CommonJS build beside the ES one the shell's runtime uses
// (+22 KB gz); this file is an ES module that imports the very module the shell's runtime uses.
//
// `_FEDERATION_RUNTIME_CORE_FROM` says who provided the runtime and which version it is: the
// version the runtime itself reports (its instance's `version`, runtime-core's own package
// version), so it follows the installed package instead of a number written here.
import * as runtimeCore from '@module-federation/runtime-core';

/** Makes `core` the page's federation runtime unless one is there already; true when it did. */
export function provideRuntime(core, { name, version }) {
  const globalRef = globalThis;
  if (globalRef._FEDERATION_RUNTIME_CORE) return false;
  globalRef._FEDERATION_RUNTIME_CORE = core;
  globalRef._FEDERATION_RUNTIME_CORE_FROM = { name, version };
  return true;
}

export default function provideFederationRuntime() {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      // args.origin: the ModuleFederation instance being created, of the runtime provided here.
      provideRuntime(runtimeCore, { name: args.options.name, version: args.origin.version });
      return args;
    },
  };
}
