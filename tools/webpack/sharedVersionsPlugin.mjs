// The federation runtime plugin that picks which copy of a workspace lib a container gets
// (decision: sharedVersions.mjs). Every container carries it (tools/webpack/federation.js); the
// shell also registers it for the whole page, so a remote built before it existed is held to
// the same rule. A refused lib fails the asking container's module load: its area in the shell
// shows the error with 'Tentar novamente', and the console names both versions.
import { registerGlobalPlugins, satisfy } from '@module-federation/runtime-core';
import {
  decideShare,
  INCOMPATIBLE_SHARED_LIB,
  libOf,
  needOf,
  refusalLog,
} from './sharedVersions.mjs';

export const PLUGIN_NAME = 'crm-panel-shared-versions';

/**
 * @param {object} [options]
 * @param {string[]} [options.onePerPage]  the workspace libs that hold page state
 * @param {boolean} [options.forThePage]   also apply to every container the page creates later
 */
export default function sharedVersionsPlugin({ onePerPage = [], forThePage = false } = {}) {
  const stateful = new Set(onePerPage);
  const plugin = {
    name: PLUGIN_NAME,
    resolveShare(args) {
      const lib = libOf(args.pkgName);
      if (!lib) return args;
      const { shareInfo, shareScopeMap, scope, pkgName } = args;
      const ownVersion = shareInfo.version ?? '0.0.0';
      const requiredVersion = shareInfo.shareConfig?.requiredVersion;
      const decision = decideShare(
        {
          pkgName,
          requiredVersion,
          ownVersion,
          onePerPage: stateful.has(lib),
          scope: shareScopeMap[scope] ?? {},
        },
        satisfy,
      );
      const resolver = () => {
        if (decision.kind === 'use') {
          return {
            shared: shareScopeMap[scope][pkgName][decision.version],
            useTreesShaking: false,
          };
        }
        if (decision.kind === 'own') return undefined;
        const details = {
          container: shareInfo.from ?? '?',
          pkgName,
          ownVersion,
          need: needOf(requiredVersion, ownVersion),
          pageVersion: decision.pageVersion,
          pageFrom: decision.pageFrom,
        };
        const line = refusalLog(details);
        console.error(line);
        const error = new Error(line);
        error.code = INCOMPATIBLE_SHARED_LIB;
        error.details = details;
        throw error;
      };
      return { ...args, resolver };
    },
  };
  if (forThePage) registerGlobalPlugins([plugin]);
  return plugin;
}
