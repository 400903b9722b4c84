// Emits index.html with the entry's scripts, and copies a few static files beside the build.
// Small enough that html-webpack-plugin and copy-webpack-plugin would be more weight than help.
const fs = require('fs');
const path = require('path');

class HtmlPagePlugin {
  /**
   * @param {object} options
   * @param {string} options.title
   * @param {string[]} [options.copy]     files copied beside the build
   * @param {() => string[]} [options.before]  scripts loaded before the entry's (e.g. the
   *   federation runtime a remote's standalone page provides itself: StandaloneRuntimePlugin)
   */
  constructor({ title, copy = [], before = () => [] }) {
    this.title = title;
    this.copy = copy;
    this.before = before;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('HtmlPagePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'HtmlPagePlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE,
        },
        () => {
          const entry = compilation.entrypoints.get('main');
          const scripts = [...this.before(), ...entry.getFiles()]
            .filter((file) => file.endsWith('.js') && !file.endsWith('.hot-update.js'))
            .map((file) => `<script defer src="./${file}"></script>`)
            .join('');
          const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${this.title}</title>
<link rel="icon" href="data:,">
<style>html,body{margin:0;padding:0;font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f5f7fb;color:#1f2937}</style>
${scripts}
</head>
<body><div id="root"></div></body>
</html>
`;
          compilation.emitAsset('index.html', new RawSource(html));
          for (const file of this.copy) {
            compilation.fileDependencies.add(file);
            compilation.emitAsset(path.basename(file), new RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

module.exports = { HtmlPagePlugin };
