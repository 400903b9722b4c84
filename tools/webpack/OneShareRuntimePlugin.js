// One share-scope runtime per container. @module-federation/enhanced adds its own 'sharing' runtime
// module (the share scope registered through the federation runtime: `initOptions.shared` and a
// `__webpack_require__.I` that calls the bundler runtime), and asks for `__webpack_require__.S` to
// get it; webpack 5.110's RuntimePlugin answers that requirement with webpack's own 'sharing'
// module too (its classic registration `register("react","19.3.1",() => …)` of every shared
// module, and an `__webpack_require__.I` of its own). Both end up in every container's runtime:
// enhanced's runs second (its stage is later) and replaces `__webpack_require__.S` and `.I`, so
// webpack's is dead code that still lists every shared module, its version and the chunks of its
// fallback once more (enhanced's sources mark it as a known leftover: 'need to remove webpack
// internal inject ShareRuntimeModule, otherwise there will be two ShareRuntimeModule'). This
// plugin takes webpack's out of every chunk that also holds enhanced's.
const WebpackShareRuntimeModule = require('webpack/lib/sharing/ShareRuntimeModule');

const PLUGIN = 'OneShareRuntimePlugin';

/** Whether `module` is a share-scope runtime module other than webpack's (enhanced's). */
const isFederationSharing = (module) =>
  module.name === 'sharing' && !(module instanceof WebpackShareRuntimeModule);

class OneShareRuntimePlugin {
  constructor() {
    /** Chunks webpack's share runtime was taken out of in the last build (for the tests). */
    this.removedFrom = [];
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      this.removedFrom = [];
      compilation.hooks.afterRuntimeRequirements.tap(PLUGIN, () => {
        const { chunkGraph } = compilation;
        for (const chunk of compilation.chunks) {
          const runtimeModules = [...chunkGraph.getChunkRuntimeModulesIterable(chunk)];
          if (!runtimeModules.some(isFederationSharing)) continue;
          for (const module of runtimeModules) {
            if (!(module instanceof WebpackShareRuntimeModule)) continue;
            chunkGraph.disconnectChunkAndRuntimeModule(chunk, module);
            chunkGraph.disconnectChunkAndModule(chunk, module);
            this.removedFrom.push(chunk.name ?? chunk.id);
          }
        }
      });
    });
  }
}

module.exports = { OneShareRuntimePlugin };
