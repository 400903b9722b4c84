// The workspace libs the shell and the remotes share at run time, with real versions: each lib's
// version is its package.json's (libs/<lib>/package.json), each container's range for it is its
// own package.json's `dependencies` (apps/<app>/package.json). Read by federation.js (the shared
// map), the release command (what a release was built from) and the public-API check.
const fs = require('fs');
const path = require('path');
const semver = require('semver');

const root = path.resolve(__dirname, '../..');
const tsPaths = require('../../tsconfig.base.json').compilerOptions.paths;

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * CRM_PANEL_LIB_VERSIONS='{"@crm-panel/host-bridge":"2.0.0"}' builds as if those libs had been
 * released at those versions and the app had moved to them (its range becomes ^version): how the
 * skew journeys make a remote that needs another major of a lib the page holds one of. Such a
 * build claims versions no lib has: its build-info.json names them (`overriddenLibVersions`,
 * federation.js) and the release command refuses it (tools/scripts/releases.js).
 */
function versionOverrides() {
  const text = process.env.CRM_PANEL_LIB_VERSIONS;
  if (!text) return {};
  const overrides = JSON.parse(text);
  for (const [name, version] of Object.entries(overrides)) {
    if (!semver.valid(version))
      throw new Error(`CRM_PANEL_LIB_VERSIONS: ${name} ${version} não é semver.`);
  }
  return overrides;
}

/** The lib folder (`ui`) of a tsconfig path target under libs/, or null. */
function libFolderOf(target) {
  return /^(?:\.\/)?libs\/([^/]+)\//.exec(target)?.[1] ?? null;
}

/**
 * Every shared entry of a workspace lib: `{ key, lib, folder, entry }` (`@crm-panel/ui/fields`,
 * `@crm-panel/ui`, `ui`, `libs/ui/src/fields/index.ts`). Test helpers and the standalone pages'
 * harness are never shared.
 */
function sharedLibEntries() {
  return Object.entries(tsPaths)
    .filter(
      ([key, [target]]) =>
        libFolderOf(target) !== null &&
        !key.endsWith('/testing') &&
        !key.endsWith('/*') &&
        !key.startsWith('@crm-panel/dev-harness'),
    )
    .map(([key, [target]]) => {
      const folder = libFolderOf(target);
      return {
        key,
        lib: readJson(path.join(root, 'libs', folder, 'package.json')).name,
        folder,
        entry: target.replace(/^\.\//, ''),
      };
    });
}

/** `{ name, version, onePerPage, why }` of every shared lib, by package name. */
function sharedLibs() {
  const libs = {};
  for (const { folder } of sharedLibEntries()) {
    const pkg = readJson(path.join(root, 'libs', folder, 'package.json'));
    if (!semver.valid(pkg.version)) {
      throw new Error(`libs/${folder}/package.json: versão "${pkg.version}" não é semver.`);
    }
    libs[pkg.name] = {
      name: pkg.name,
      folder,
      version: versionOverrides()[pkg.name] ?? pkg.version,
      onePerPage: pkg.sharing?.onePerPage === true,
      why: pkg.sharing?.why ?? '',
    };
  }
  return libs;
}

/** The app's package.json (apps/<app>/package.json). */
function appPackage(app) {
  return readJson(path.join(root, 'apps', app, 'package.json'));
}

/**
 * The range container `app` needs of every shared lib. A lib it declares no range for, or whose
 * current version is outside that range, fails the build: the container says what it was
 * written against, and a lib's major bump makes each container say it takes the new major.
 */
function requiredRanges(app) {
  const declared = appPackage(app).dependencies ?? {};
  const ranges = {};
  for (const lib of Object.values(sharedLibs())) {
    const overridden = versionOverrides()[lib.name];
    const range = overridden ? `^${overridden}` : declared[lib.name];
    if (!range || !semver.validRange(range)) {
      throw new Error(
        `apps/${app}/package.json não declara a faixa de ${lib.name} (dependencies).`,
      );
    }
    if (!semver.satisfies(lib.version, range)) {
      throw new Error(
        `apps/${app}/package.json pede ${lib.name} ${range}, mas a lib está em ${lib.version}.`,
      );
    }
    ranges[lib.name] = range;
  }
  return ranges;
}

/**
 * Entries of a workspace lib that one container alone imports, with that container. They stay out
 * of the shared map: a shared module is not tree-shaken, keeps every export's name in its chunk,
 * is a chunk of its own and costs a registration and a consume in the container's runtime, and
 * sharing it saves nothing, as no other container would take it. Bundled, each is the container's
 * own code (sharedLibs.test.js checks that no other container nor a lib imports it).
 * `@crm-panel/format/sanitize` takes dompurify with it (federation.js no longer shares it).
 */
const ONE_CONTAINER_ENTRIES = {
  '@crm-panel/contracts/preloads': 'shell',
  '@crm-panel/format/phone': 'contacts',
  '@crm-panel/format/sanitize': 'notes',
};

/** The shared map's workspace entries for container `app`: version, range, one per page. */
function workspaceLibsShared(app) {
  const libs = sharedLibs();
  const ranges = requiredRanges(app);
  return Object.fromEntries(
    sharedLibEntries()
      .filter(({ key }) => !(key in ONE_CONTAINER_ENTRIES))
      .map(({ key, lib }) => [
        key,
        {
          singleton: libs[lib].onePerPage,
          version: libs[lib].version,
          requiredVersion: ranges[lib],
          strictVersion: false,
        },
      ]),
  );
}

/** The libs that hold page state (their package.json `sharing.onePerPage`). */
function onePerPageLibs() {
  return Object.values(sharedLibs())
    .filter((lib) => lib.onePerPage)
    .map((lib) => lib.name);
}

/** The version of the federation runtime the builds carry (the shell provides it to the page). */
function federationRuntimeVersion() {
  // The package exports no package.json: read it beside its main file (dist/index.cjs).
  const main = require.resolve('@module-federation/runtime-core');
  return readJson(path.join(path.dirname(main), '..', 'package.json')).version;
}

/** The contract between the shell and the remotes: libs/contracts' version. */
function contractVersion() {
  return sharedLibs()['@crm-panel/contracts'].version;
}

module.exports = {
  versionOverrides,
  sharedLibEntries,
  sharedLibs,
  ONE_CONTAINER_ENTRIES,
  appPackage,
  requiredRanges,
  workspaceLibsShared,
  onePerPageLibs,
  federationRuntimeVersion,
  contractVersion,
};
