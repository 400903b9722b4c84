// Builds tools/webpack/federationRuntimeProvider.mjs into `federation-runtime.<hash>.js` beside a
// remote's build, in a child compilation: the parent's externals (runtime-core is external in a
// remote built with experiments.externalRuntime) and federation runtime are not applied to it,
// while its DefinePlugin flags (browser-only, no remote loading, no snapshots) and minifier are.
// HtmlPagePlugin loads the file before the standalone page's own scripts.
const path = require('path');

const PLUGIN = 'StandaloneRuntimePlugin';
const provider = path.join(__dirname, 'federationRuntimeProvider.mjs');

class StandaloneRuntimePlugin {
  constructor() {
    /** The provider's files of the last build, for HtmlPagePlugin. */
    this.files = [];
  }

  apply(compiler) {
    const { EntryPlugin } = compiler.webpack;
    compiler.hooks.make.tapAsync(PLUGIN, (compilation, callback) => {
      const filename =
        compiler.options.mode === 'production'
          ? 'federation-runtime.[contenthash:8].js'
          : 'federation-runtime.js';
      const child = compilation.createChildCompiler(
        PLUGIN,
        { filename, chunkFilename: filename, library: undefined },
        [new EntryPlugin(compiler.context, provider, { name: 'federation-runtime' })],
      );
      child.runAsChild((err, entries, childCompilation) => {
        if (err) return callback(err);
        if (childCompilation.errors.length) compilation.errors.push(...childCompilation.errors);
        this.files = [...(entries || [])].flatMap((chunk) => [...chunk.files]);
        callback();
      });
    });
  }
}

module.exports = { StandaloneRuntimePlugin };
