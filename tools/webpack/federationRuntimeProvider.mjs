// The federation runtime (runtime-core) for a remote's standalone page. A remote's build takes
// runtime-core from the page (experiments.externalRuntime: the global `_FEDERATION_RUNTIME_CORE`),
// which the shell provides in the panel (provideFederationRuntime.mjs); on its own page the remote
// loads this file first, so the page still runs alone. Built by StandaloneRuntimePlugin.
import * as runtimeCore from '@module-federation/runtime-core';
import { provideRuntime } from './provideFederationRuntime.mjs';

provideRuntime(runtimeCore);
