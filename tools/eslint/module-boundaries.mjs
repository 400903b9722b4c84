// The workspace's module-boundary rule: the tag matrix of docs/ARCHITECTURE.md, read from each
// project.json, in the spirit of @nx/enforce-module-boundaries (whose published versions do not
// match this Nx core; see docs/ARCHITECTURE.md, 'Federation and deployment'). It reads `import`, `export … from`,
// `import()` and `require()` in .ts/.tsx/.js/.mjs/.cjs alike.
import fs from 'node:fs';
import path from 'node:path';
import { readProjects, workspaceRoot } from './projects.mjs';

const FRONTEND_LIBS = [
  'type:contracts',
  'type:ui',
  'type:api-client',
  'type:host-bridge',
  'type:format',
  'type:model',
];

/** Which tags a project with a given tag may import. Anything else is an error. */
export const DEPENDENCY_MATRIX = {
  'type:shell': [...FRONTEND_LIBS, 'type:dev-harness'],
  'type:remote': [...FRONTEND_LIBS, 'type:dev-harness'],
  // The standalone pages' and tests' harness: a fake host, the mock api, the shell's providers.
  'type:dev-harness': FRONTEND_LIBS,
  'type:ui': ['type:format', 'type:model'],
  'type:api-client': ['type:model'],
  'type:host-bridge': ['type:contracts'],
  // Each exposed module's preload (the queries it needs from its props) is part of its contract.
  'type:contracts': ['type:model', 'type:api-client'],
  'type:format': ['type:model'],
  'type:model': [],
  'type:server': ['type:model', 'type:format'],
  'type:tool': ['type:model', 'type:contracts'],
  // Journeys and benches drive the whole product: they start the stand-ins and the api.
  'type:e2e': ['type:model', 'type:contracts', 'type:tool', 'type:server', 'type:build'],
  'type:bench': ['type:model', 'type:contracts', 'type:tool', 'type:server', 'type:build'],
  // tools/scripts, tools/webpack, tools/jest: how the workspace builds, starts and tests.
  'type:build': ['type:build', 'type:model', 'type:tool'],
};

/**
 * A library's `testing` entry (fixtures, the mock world, fakes) is its own kind, `type:testing`:
 * tests, test set-ups, standalone dev pages, journeys and benches may use it; product code never.
 */
const TESTING_TAG = 'type:testing';
/** Projects that exist to test: the journeys, the benches and the stand-ins themselves. */
const TESTING_USERS = ['type:e2e', 'type:bench', 'type:tool', 'type:dev-harness'];
const TESTING_DIR = /[\\/]src[\\/]testing([\\/]|$)/;
const MAY_USE_TESTING =
  /(\.test\.[cm]?[jt]sx?$)|([\\/](test|bench|testing|test-support|standalone)[\\/])|([\\/]test-utils\.tsx?$)|([\\/]src[\\/]bootstrap\.tsx$)/;

/** A project's own build configuration (at its root) may use the workspace's build tools. */
const BUILD_CONFIG = /[\\/](webpack|jest|module-federation)\.config\.[cm]?[jt]s$/;

/**
 * Tests, benches and e2e journeys may start the stand-ins (tools) and the api to talk to them
 * for real; product code may not.
 */
export const TEST_ONLY_MATRIX = {
  // The contract test runs api-client's calls against the real api and the sandbox.
  'type:api-client': ['type:server', 'type:tool'],
  'type:server': ['type:tool'],
  // The stand-ins' browser tests launch the system Chromium with the flags every headless run
  // here uses (tools/scripts/chromium.js), as the journeys do.
  'type:tool': ['type:tool', 'type:server', 'type:build'],
};

const TEST_FILE = /(\.test\.[cm]?[jt]sx?$)|([\\/](test|bench)[\\/])/;

/**
 * Projects whose own code imports no other workspace project, whatever their tag allows. The
 * CRM sandbox plays RD Station: were it to take the panel's model (crm-model's value sets, say),
 * it would agree with the panel by construction, and a value the panel got wrong would pass
 * every test instead of being refused as RD refuses it (tools/crm-sandbox/README.md).
 */
export const STANDS_ALONE = ['crm-sandbox'];

function typeTag(project) {
  return project.tags.find((tag) => tag.startsWith('type:'));
}

export function createBoundaryChecker(root = workspaceRoot) {
  const projects = readProjects(root).sort((a, b) => b.root.length - a.root.length);
  const tsPaths = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'))
    .compilerOptions.paths;

  const projectOf = (file) =>
    projects.find((p) => file === p.root || file.startsWith(p.root + path.sep));

  /** Returns an error message for `source` imported from `filename`, or null when allowed. */
  return function check(filename, source) {
    const own = projectOf(path.resolve(filename));
    if (!own) return null;
    let target;
    let viaAlias = false;
    const ownAlias = Object.keys(tsPaths).find(
      (key) => key.endsWith('/*') && source.startsWith(key.slice(0, -1)),
    );
    if (ownAlias) {
      // `@<project>/…` is a project's alias for its own files (tsconfig.base.json), never a way in.
      const aliased = projectOf(path.join(root, tsPaths[ownAlias][0].slice(0, -1)));
      if (aliased && aliased !== own) {
        return `'${source}' is '${aliased.name}''s own path alias: other projects use its public entry.`;
      }
      return null;
    }
    if (source.startsWith('@crm-panel/')) {
      const mapped = tsPaths[source];
      if (!mapped) {
        return `'${source}' is not a public entry of a workspace library (see tsconfig.base.json paths).`;
      }
      target = projectOf(path.join(root, mapped[0]));
      viaAlias = true;
    } else if (source.startsWith('.')) {
      target = projectOf(path.resolve(path.dirname(path.resolve(filename)), source));
    } else {
      return null;
    }
    if (!target) return null;
    const targetPath = viaAlias
      ? path.join(root, tsPaths[source][0])
      : path.resolve(path.dirname(path.resolve(filename)), source);
    if (
      TESTING_DIR.test(targetPath) &&
      !TESTING_DIR.test(path.resolve(filename)) &&
      !MAY_USE_TESTING.test(filename) &&
      !TESTING_USERS.includes(typeTag(own))
    ) {
      return `'${source}' is a testing entry (${TESTING_TAG}): only tests, test set-ups and standalone pages may import it, never product code.`;
    }
    if (target === own) return null;
    if (STANDS_ALONE.includes(own.name) && !TEST_FILE.test(filename)) {
      return `'${own.name}' stands alone: it imports no workspace project ('${target.name}'); it is written from RD's documentation, not from the panel's code.`;
    }
    if (target.root.includes(`${path.sep}apps${path.sep}`) && !viaAlias) {
      return `'${own.name}' must not import the app '${target.name}': apps meet only through Module Federation.`;
    }
    const alias = Object.keys(tsPaths).find((key) =>
      path.join(root, tsPaths[key][0]).startsWith(target.root + path.sep),
    );
    if (!viaAlias && alias) {
      return `'${own.name}' imports '${target.name}' by a relative path: use its public entry '${alias}'.`;
    }
    const ownTag = typeTag(own);
    const targetTag = typeTag(target);
    const allowed = [
      ...(DEPENDENCY_MATRIX[ownTag] ?? []),
      ...(TEST_FILE.test(filename) ? (TEST_ONLY_MATRIX[ownTag] ?? []) : []),
      ...(BUILD_CONFIG.test(filename) ? ['type:build'] : []),
    ];
    if (targetTag === 'type:dev-harness' && !MAY_USE_TESTING.test(filename)) {
      return `'${source}' is the dev harness (type:dev-harness): only standalone pages (src/standalone/**, src/bootstrap.tsx) and tests may import it.`;
    }
    if (!allowed.includes(targetTag)) {
      return `A project tagged '${ownTag}' ('${own.name}') may not depend on one tagged '${targetTag}' ('${target.name}').`;
    }
    return null;
  };
}

/**
 * The folder a relative import may not climb out of: `src/features/<area>` inside a feature,
 * else the first folder under the project (`src/<dir>`, `test`), else the project itself.
 */
export function featureRoot(file, projectRoot) {
  const inner = path.relative(projectRoot, file).split(path.sep);
  if (inner[0] === 'src' && inner[1] === 'features' && inner.length >= 4) {
    return path.join(projectRoot, ...inner.slice(0, 3));
  }
  if (inner.length >= 3) return path.join(projectRoot, ...inner.slice(0, 2));
  return inner.length > 1 ? path.join(projectRoot, inner[0]) : projectRoot;
}

/** host-sim's page modules are served to the browser as they are: no bundler resolves aliases. */
const NATIVE_MODULES = /[\\/]tools[\\/]host-sim[\\/]src[\\/]client[\\/]/;

export function createClimbChecker(root = workspaceRoot) {
  const projects = readProjects(root).sort((a, b) => b.root.length - a.root.length);
  const projectOf = (file) =>
    projects.find((p) => file === p.root || file.startsWith(p.root + path.sep));
  /** Returns an error message when `source` climbs out of the feature of `filename`. */
  return function checkClimb(filename, source) {
    if (!source.startsWith('../') || NATIVE_MODULES.test(filename)) return null;
    const file = path.resolve(filename);
    const own = projectOf(file);
    if (!own) return null;
    const target = path.resolve(path.dirname(file), source);
    if (projectOf(target) !== own) return null; // the boundary rule judges other projects
    const fence = featureRoot(file, own.root);
    if (target === fence || target.startsWith(fence + path.sep)) return null;
    const src = path.join(own.root, 'src');
    const suggestion = target.startsWith(src + path.sep)
      ? ` Use '@${own.name}/${path.relative(src, target).split(path.sep).join('/')}'.`
      : '';
    return `'${source}' climbs out of '${path.relative(own.root, fence).split(path.sep).join('/') || own.name}'.${suggestion}`;
  };
}

/**
 * An ESLint rule that hands every module a file names (`import`, `export … from`, `import()`,
 * `require()` and, where `alsoReads` says, other calls such as `jest.mock()`) to a checker made
 * once per process by `makeChecker`; the checker answers a message, or null when it is allowed.
 */
function importRule({ meta, makeChecker, alsoReads = () => false, typeImports = false }) {
  let checker;
  return {
    meta: { ...meta, schema: [] },
    create(context) {
      checker ??= makeChecker();
      const report = (node, source) => {
        if (typeof source !== 'string') return;
        const message = checker(context.filename, source);
        if (message) context.report({ node, message });
      };
      const fromSource = (node) => node.source && report(node, node.source.value);
      return {
        ImportDeclaration: fromSource,
        ExportNamedDeclaration: fromSource,
        ExportAllDeclaration: fromSource,
        ImportExpression: (node) =>
          node.source.type === 'Literal' && report(node, node.source.value),
        CallExpression: (node) => {
          const [first] = node.arguments;
          if (first?.type !== 'Literal') return;
          const { callee } = node;
          const isRequire = callee.type === 'Identifier' && callee.name === 'require';
          if (isRequire || alsoReads(callee)) report(node, first.value);
        },
        ...(typeImports && {
          TSImportType: (node) => {
            const literal = node.argument?.literal ?? node.argument;
            if (literal?.type === 'Literal') report(node, literal.value);
          },
        }),
      };
    },
  };
}

const enforceModuleBoundaries = importRule({
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the dependency matrix between workspace projects.' },
  },
  makeChecker: createBoundaryChecker,
  typeImports: true,
});

const noFeatureClimbing = importRule({
  meta: {
    type: 'suggestion',
    docs: {
      description:
        "No '../' out of a feature: a project's other folders are reached by its own alias.",
    },
  },
  makeChecker: createClimbChecker,
  // jest.mock('../x') names a module as an import does.
  alsoReads: (callee) =>
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'jest',
});

export default {
  meta: { name: 'crm-panel' },
  rules: {
    'enforce-module-boundaries': enforceModuleBoundaries,
    'no-feature-climbing': noFeatureClimbing,
  },
};
