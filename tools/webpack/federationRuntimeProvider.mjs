// The federation runtime (runtime-core) for a remote's standalone page. A remote's build takes
// runtime-core from the page (experiments.externalRuntime: the global `_FEDERATION_RUNTIME_CORE`),
// which the shell provides in the panel (provideFederationRuntime.mjs); on its own page the remote
// loads this file first, so the page still runs alone. Built by StandaloneRuntimePlugin, with the
// remote's name and the installed runtime-core's version as the query (`?name=notes&version=…`).
import * as runtimeCore from '@module-federation/runtime-core';
import { provideRuntime } from './provideFederationRuntime.mjs';

/* global __resourceQuery */ // webpack: the query of this module's request
const query = new URLSearchParams(__resourceQuery.slice(1));
provideRuntime(runtimeCore, { name: query.get('name'), version: query.get('version') });
