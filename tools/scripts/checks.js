// The lint, typecheck and unit tests of every project in as few processes as give the same answer.
//
// Each project keeps its own `lint`, `typecheck` and `test` targets (what a person runs for one
// project, through Nx). `npm test` checks them all, and there one process per project cost most
// of CI's unit phase: every `tsc -p` loaded and checked React's, Node's and the shared libs'
// types again (about 15 CPU seconds each, 20 times), every `eslint` started again. So the
// commands are read from the project.json files (adding a project adds its check here too):
// - one `eslint` over every project's paths (the flat config applies per file, so one run and
//   twenty agree);
// - one `tsc` per group of projects whose tsconfig.json says the same compilerOptions, over the
//   union of their includes: same options and same files, so the same diagnostics;
// - one `jest --projects` over every project's jest config (each keeps its own environment,
//   transform and timeout; one pool of two workers instead of twenty start-ups), and the other
//   test commands (node --test) as they are.
const fs = require('fs');
const path = require('path');
const { root } = require('./env');

const SCRATCH = path.join(root, 'node_modules/.cache/crm-panel-typecheck');

function projectFiles(dir = root) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', '.nx', '.git', 'coverage'].includes(entry.name)) return [];
    if (entry.name.startsWith('.')) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return projectFiles(file);
    return entry.name === 'project.json' ? [file] : [];
  });
}

/** `{ name, lint, typecheck }` of every project: the commands of its targets, when it has them. */
function projects() {
  return projectFiles()
    .map((file) => {
      const project = JSON.parse(fs.readFileSync(file, 'utf8'));
      const command = (target) => project.targets?.[target]?.options?.command ?? null;
      return {
        name: project.name,
        lint: command('lint'),
        typecheck: command('typecheck'),
        test: command('test'),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `eslint a b c` → ['a', 'b', 'c']; anything else is not ours to merge. */
function lintPaths(command) {
  const match = /^eslint ((?:[\w./-]+ ?)+)$/.exec(command ?? '');
  if (!match) throw new Error(`lint que não sei juntar: ${command}`);
  return match[1].trim().split(' ');
}

/** `tsc -p X --noEmit` → X. */
function tsconfigOf(command) {
  const match = /^tsc -p ([\w./-]+) --noEmit$/.exec(command ?? '');
  if (!match) throw new Error(`typecheck que não sei juntar: ${command}`);
  return match[1];
}

/** Projects whose tsconfig says the same thing, each group as one tsconfig in SCRATCH. */
function typecheckGroups() {
  const groups = new Map();
  for (const project of projects().filter((p) => p.typecheck)) {
    const file = path.join(root, tsconfigOf(project.typecheck));
    const dir = path.dirname(file);
    const { include = [], ...config } = JSON.parse(fs.readFileSync(file, 'utf8'));
    // `extends` resolves against the file that holds it, so it is made absolute before comparing.
    if (config.extends) config.extends = path.resolve(dir, config.extends);
    const key = JSON.stringify(config);
    const group = groups.get(key) ?? { config, names: [], include: [] };
    group.names.push(project.name);
    group.include.push(...include.map((glob) => path.join(dir, glob)));
    groups.set(key, group);
  }
  fs.mkdirSync(SCRATCH, { recursive: true });
  return [...groups.values()].map((group, index) => {
    const tsconfig = path.join(SCRATCH, `tsconfig.${index}.json`);
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({ ...group.config, include: group.include }, null, 2),
    );
    return { names: group.names, tsconfig };
  });
}

/** The commands `npm test` runs for lint and typecheck: `{ name, args }` for node. */
function staticChecks() {
  const lint = [...new Set(projects().flatMap((p) => (p.lint ? lintPaths(p.lint) : [])))];
  return [
    {
      name: `eslint (${lint.length} projetos)`,
      args: [
        path.join(path.dirname(require.resolve('eslint/package.json')), 'bin/eslint.js'),
        ...lint,
      ],
    },
    ...typecheckGroups().map((group) => ({
      name: `tsc (${group.names.join(', ')})`,
      args: [require.resolve('typescript/bin/tsc'), '-p', group.tsconfig, '--noEmit'],
    })),
  ];
}

/** `jest -c X` → X; null for a test command of another kind. */
function jestConfigOf(command) {
  return /^jest -c ([\w./-]+)$/.exec(command ?? '')?.[1] ?? null;
}

/** The unit-test commands `npm test` runs: one jest over every jest project, then the others. */
function unitTests() {
  const tested = projects().filter((p) => p.test);
  const jestConfigs = tested.map((p) => jestConfigOf(p.test)).filter(Boolean);
  const jestBin = path.join(path.dirname(require.resolve('jest/package.json')), 'bin/jest.js');
  return [
    {
      name: `jest (${jestConfigs.length} projetos)`,
      args: [
        jestBin,
        '--projects',
        ...jestConfigs,
        '--maxWorkers=2',
        // Project configs' reporters do not apply under --projects: the same two, given here.
        '--reporters=default',
        `--reporters=${path.join(root, 'tools/jest/summary-reporter.js')}`,
      ],
    },
    ...tested
      .filter((p) => !jestConfigOf(p.test))
      .map((p) => ({ name: `${p.name}: ${p.test}`, shell: p.test })),
  ];
}

/** `webpack --config X --mode M` → [X, M]. */
function webpackBuildOf(command) {
  const match = /^webpack --config ([\w./-]+) --mode (\w+)$/.exec(command ?? '');
  if (!match) throw new Error(`build que não sei rodar: ${command}`);
  return match.slice(1);
}

/**
 * The journeys' commands, read from apps/e2e's `e2e` target: the builds it depends on (each
 * project's own `build` command, the same scripts as through Nx, less their source maps) and its
 * jest. `npm test` runs the
 * builds in the pool with lint and typecheck, then the jest, instead of `nx run e2e:e2e`, which
 * would start the builds only after the unit tests. `base`: another checkout whose builds these
 * are (the skew journeys' earlier release, tools/scripts/skewBaseline.js), run in its folder.
 */
function journeys(base = root) {
  const file = (name) => path.join(base, 'apps', name, 'project.json');
  const e2e = JSON.parse(fs.readFileSync(file('e2e'), 'utf8')).targets.e2e;
  const built = e2e.dependsOn.flatMap((dep) => (dep.target === 'build' ? dep.projects : []));
  const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [base] });
  const builds = built.map((name) => {
    const { command } = JSON.parse(fs.readFileSync(file(name), 'utf8')).targets.build.options;
    const [config, mode] = webpackBuildOf(command);
    // Without source maps: nothing in the tests reads them, and writing them cost ~10% of each
    // build's CPU. The scripts are the same but for their last line (the `sourceMappingURL`
    // comment, ~40 B gzipped per file): the journeys' budgets are set on these builds, which the
    // bench builds too; a source-mapped build (`npm run build`) reads that much more per file.
    return {
      name: `build ${name}`,
      args: [webpackCli, '--config', config, '--mode', mode, '--no-devtool'],
    };
  });
  const config = jestConfigOf(e2e.options.command);
  if (!config) throw new Error(`e2e que não sei rodar: ${e2e.options.command}`);
  const jestBin = path.join(path.dirname(require.resolve('jest/package.json')), 'bin/jest.js');
  return { builds, run: { args: [jestBin, '-c', config] } };
}

module.exports = { staticChecks, unitTests, journeys, projects };
