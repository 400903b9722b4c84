#!/usr/bin/env node
// `npm test`: formatting, lint (with module boundaries), typecheck and unit tests of every
// project, then the browser journeys. Nonzero on any failure; closes with one total line.
const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { workspaceEnv, root } = require('./env');
const { staticChecks, unitTests, journeys } = require('./checks');

const e2e = journeys();
const SKEW_BASELINE = {
  name: 'release anterior (matriz de versões)',
  args: [path.join(__dirname, 'skewBaseline.js'), '--lanes=1'],
};
const steps = [
  // Every project's lint, typecheck and unit tests, merged into a few processes (checks.js): the
  // same verdicts as each project's own targets, in a fraction of the CPU. Formatting, lint,
  // typecheck and the journeys' production builds are one pool, two at a time (CI has two cores,
  // each of these commands keeps one busy): run one step after the other, prettier alone and the
  // last of each step left a core idle (prettier ~18 s, the builds' tail ~30 s). The longest
  // commands go first, the builds (~24 s each) last, so both lanes end close together: with
  // prettier (~32 s) last, one lane ran it alone for ~27 s (the pool took 175 s for 332 s of work).
  {
    name: 'formatação, lint, typecheck e builds',
    parallel: [
      // The earlier release the skew journeys run beside the tree (skewBaseline.js): built once
      // into a cache outside the checkout, then read in no time. Cold (a clean machine, or CI that
      // keeps no cache), its eight builds one after the other took 400 s of one lane: first, so
      // the other lane runs everything else beside it; last, it would start only once the rest
      // had been handed out and run on alone for most of its time.
      SKEW_BASELINE,
      {
        name: 'formatação (prettier)',
        args: [require.resolve('prettier/bin/prettier.cjs'), '--check', '.', '--log-level=warn'],
      },
      ...staticChecks(),
      ...e2e.builds,
    ],
  },
  { name: 'testes unitários', sequence: unitTests() },
  // The builds are done (above): the journeys' jest itself, as `nx run e2e:e2e` runs it.
  {
    name: 'jornadas no navegador (e2e)',
    args: e2e.run.args,
    needs: [...e2e.builds, SKEW_BASELINE].map((build) => build.name),
  },
];

const summaryDir = path.join(root, 'test-results/summary');
// Only this run's counts: a project's file from an earlier run (or from Nx's cache) would count twice.
fs.rmSync(summaryDir, { recursive: true, force: true });

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** One command, its output held until it ends so two at once do not interleave. */
function runBuffered({ name, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { cwd: root, env: workspaceEnv() });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`--- ${name}: ${code === 0 ? 'ok' : 'falhou'} (${seconds(started)})`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/** The commands two at a time (CI has two cores); the names of those that failed. */
async function runParallel(commands) {
  const queue = [...commands];
  const failed = [];
  const lane = async () => {
    while (queue.length) {
      const command = queue.shift();
      if (!(await runBuffered(command))) failed.push(command.name);
    }
  };
  await Promise.all([lane(), lane()]);
  return failed;
}

/** A command with the terminal's output, as it goes (jest's progress); true when it passed. */
function runInherited(command) {
  const options = { cwd: root, stdio: 'inherit', env: workspaceEnv() };
  const result = command.shell
    ? spawnSync(command.shell, { ...options, shell: true })
    : spawnSync(process.execPath, command.args, options);
  return result.status === 0;
}

async function main() {
  const started = Date.now();
  const failures = [];
  for (const step of steps) {
    console.log(`\n=== ${step.name} ===`);
    const stepStarted = Date.now();
    const missing = (step.needs ?? []).filter((name) => failures.includes(name));
    if (missing.length) {
      console.log(`não roda: falhou ${missing.join(', ')}`);
      failures.push(step.name);
    } else if (step.parallel) {
      failures.push(...(await runParallel(step.parallel)));
    } else if (!(step.sequence ?? [step]).map(runInherited).every(Boolean)) {
      failures.push(step.name);
    }
    // Each step's time, so a CI log shows where the minutes go.
    console.log(`=== ${step.name}: ${seconds(stepStarted)} ===`);
  }
  return { started, failures };
}

function readSummaries(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return readSummaries(file);
    return entry.name.endsWith('.json') ? [JSON.parse(fs.readFileSync(file, 'utf8'))] : [];
  });
}

main().then(({ started, failures }) => {
  const totals = readSummaries(summaryDir).reduce(
    (sum, s) => ({ passed: sum.passed + s.passed, failed: sum.failed + s.failed }),
    { passed: 0, failed: 0 },
  );
  console.log(
    `\n${failures.length ? `Falhou: ${failures.join('; ')}` : 'Tudo verde.'} (${seconds(started)})`,
  );
  console.log(
    `tests: ${totals.passed} passed, ${totals.failed + (failures.length && !totals.failed ? 1 : 0)} failed`,
  );
  process.exit(failures.length ? 1 : 0);
});
