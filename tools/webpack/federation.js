// Shared webpack + Module Federation setup for the shell and every remote.
// Replaces what @nx/module-federation would generate (docs/ARCHITECTURE.md, 'Federation and deployment'):
// tsconfig paths become webpack aliases, and one shared map makes React & co. singletons.
const path = require('path');
const fs = require('fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { HtmlPagePlugin } = require('./HtmlPagePlugin');
const { StandaloneRuntimePlugin } = require('./StandaloneRuntimePlugin');
const { OneShareRuntimePlugin } = require('./OneShareRuntimePlugin');
const { styledCssWhitespace } = require('./styledCssWhitespace');
const { PORTS } = require('../scripts/ports');
const {
  workspaceLibsShared,
  onePerPageLibs,
  sharedLibs,
  requiredRanges,
  appPackage,
  contractVersion,
  federationRuntimeVersion,
  versionOverrides,
} = require('./sharedLibs');

const root = path.resolve(__dirname, '../..');
const pkg = require('../../package.json');
const tsPaths = require('../../tsconfig.base.json').compilerOptions.paths;

// `@x/*` (a project's alias for its own files) maps a folder; every other key is one entry.
const alias = Object.fromEntries(
  Object.entries(tsPaths).map(([key, [target]]) =>
    key.endsWith('/*')
      ? [key.slice(0, -2), path.join(root, target.slice(0, -2))]
      : [`${key}$`, path.join(root, target)],
  ),
);

const deps = pkg.dependencies;
const npmShared = (name, from = name) => ({
  singleton: true,
  requiredVersion: deps[from],
});

/**
 * Every page loads these once, from whichever container provides them first. The workspace libs
 * join them per container (workspaceLibsShared, sharedLibs.js): each with its own version and the
 * range the container declares.
 */
const shared = {
  react: npmShared('react'),
  'react/jsx-runtime': npmShared('react/jsx-runtime', 'react'),
  'react-dom': npmShared('react-dom'),
  'react-dom/client': npmShared('react-dom/client', 'react-dom'),
  // The router is shared as `@crm-panel/contracts/router` (a workspace lib, below): only the parts
  // the panel uses, one instance per page.
  'styled-components': npmShared('styled-components'),
  zustand: npmShared('zustand'),
  '@tanstack/react-query': npmShared('@tanstack/react-query'),
  formik: npmShared('formik'),
  yup: npmShared('yup'),
  // dompurify is not shared: only notes uses it, through @crm-panel/format/sanitize, which is
  // notes' own code (ONE_CONTAINER_ENTRIES, sharedLibs.js).
};

/**
 * What a build was made of, written beside it as build-info.json: the app's version, the contract
 * (libs/contracts) it was built for, the version of each shared lib it carries and the range it
 * needs, and the federation runtime's version. The runtime configuration hands the contract to
 * the shell; a release adds the git commit (tools/scripts/releases.js). A build made with
 * CRM_PANEL_LIB_VERSIONS says so in `overriddenLibVersions` (the versions it was told to claim):
 * its `libs` are not the libs' own, so the release command refuses it.
 */
function buildInfo(name) {
  const overridden = versionOverrides();
  return {
    app: name,
    version: appPackage(name).version,
    contract: contractVersion(),
    federationRuntime: federationRuntimeVersion(),
    libs: Object.fromEntries(Object.values(sharedLibs()).map((lib) => [lib.name, lib.version])),
    needs: requiredRanges(name),
    ...(Object.keys(overridden).length > 0 ? { overriddenLibVersions: overridden } : {}),
  };
}

class BuildInfoPlugin {
  constructor(info) {
    this.info = info;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            'build-info.json',
            new sources.RawSource(`${JSON.stringify(this.info, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.name         project name (apps/<name>)
 * @param {Record<string,string>} [options.exposes]  remote modules (remotes only)
 * @param {string} options.title         the standalone page's <title>
 * @param {string[]} [options.copy]       files under apps/<name>/public copied next to the build
 */
function federatedConfig({ name, exposes, title, copy = [] }) {
  const appRoot = path.join(root, 'apps', name);
  return (_env, argv) => {
    const mode = argv.mode || 'production';
    const isProd = mode === 'production';
    // A remote takes the federation runtime from the page: the shell's in the panel, its own
    // small federation-runtime.<hash>.js on its standalone page.
    const standaloneRuntime = exposes ? new StandaloneRuntimePlugin() : undefined;
    return {
      mode,
      context: appRoot,
      entry: { main: './src/main.ts' },
      devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        // CRM_PANEL_DIST_DIR: another folder for this build (the skew journeys' builds).
        path: process.env.CRM_PANEL_DIST_DIR || path.join(root, 'dist/apps', name),
        publicPath: 'auto',
        uniqueName: name,
        filename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              options: {
                transpileOnly: true,
                configFile: path.join(appRoot, 'tsconfig.app.json'),
                // styled-components' CSS without its line breaks and indentation (−0.4 KB gz on
                // the main panel): styledCssWhitespace.js.
                getCustomTransformers: () => ({ before: [styledCssWhitespace] }),
              },
            },
          },
        ],
      },
      performance: { hints: false },
      // webpack's own minimizer plugin with swc's minifier instead of terser (its default), with
      // webpack's default options (two compress passes). Terser took ~30 s of the ~46 s of CPU of
      // a remote's build (notes: 30 s against 14 s, alone on the machine), seven builds in every
      // `npm test`. Its output is a little smaller too: the main panel 203,583 B against terser's
      // 203,875 B (the journeys' builds, without source maps; the bench's builds, with them:
      // 204,458 against 204,773 B).
      // (Used only when webpack minimizes, i.e. in production mode.)
      optimization: {
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            terserOptions: { compress: { passes: 2 } },
            // The libraries' license comments go to `<file>.LICENSE.txt` beside each file, as by
            // default, without the default's `/*! For license information please see … */`
            // line at the top of the file (about 60 B gzipped in each file that has one, five on
            // the main panel), which no source map accounts for.
            extractComments: { condition: 'some', banner: false },
          }),
        ],
      },
      infrastructureLogging: { level: 'warn' },
      stats: 'errors-warnings',
      ignoreWarnings: [/Manifest will use absolute path resolution/],
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: exposes ? 'remoteEntry.js' : undefined,
          exposes,
          remotes: {},
          shared: { ...shared, ...workspaceLibsShared(name) },
          dts: false,
          experiments: {
            // Browser-only builds: the runtime's node code stays out. A remote loads no other
            // remote, so its runtime drops remote loading and the manifest snapshots too; the
            // shell keeps them (it reads the remotes' mf-manifest.json).
            optimization: exposes
              ? { target: 'web', disableRemote: true, disableSnapshot: true }
              : { target: 'web' },
            // The federation runtime (runtime-core) once per page: each remote's containers use
            // the page's (global `_FEDERATION_RUNTIME_CORE`), which the shell provides (its
            // runtime plugin below); both are built with the same pinned
            // @module-federation/enhanced (docs/ARCHITECTURE.md, 'Federation and deployment').
            ...(exposes ? { externalRuntime: true } : {}),
          },
          runtimePlugins: [
            ...(exposes ? [] : [path.join(__dirname, 'provideFederationRuntime.mjs')]),
            // Which copy of a workspace lib each container gets (sharedVersions.mjs); the shell's
            // copy also holds every remote the page loads to it, built with it or not.
            [
              path.join(__dirname, 'sharedVersionsPlugin.mjs'),
              { onePerPage: onePerPageLibs(), forThePage: !exposes },
            ],
          ],
        }),
        new OneShareRuntimePlugin(),
        new BuildInfoPlugin(buildInfo(name)),
        ...(standaloneRuntime ? [standaloneRuntime] : []),
        new HtmlPagePlugin({
          title,
          copy: copy.map((file) => path.resolve(appRoot, 'public', file)),
          before: () => (standaloneRuntime ? standaloneRuntime.files : []),
        }),
      ],
      watchOptions: { ignored: /node_modules|dist/ },
      devServer: {
        port: PORTS[name],
        host: '127.0.0.1',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: fs.existsSync(path.join(appRoot, 'public'))
          ? { directory: path.join(appRoot, 'public') }
          : false,
        client: { overlay: { errors: true, warnings: false } },
      },
    };
  };
}

module.exports = { federatedConfig, shared, alias, root, buildInfo };
