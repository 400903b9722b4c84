#!/usr/bin/env node
// `npm test`: formatting, lint (with module boundaries), typecheck and unit tests of every
// project, then the browser journeys. Nonzero on any failure; closes with one total line.
const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { workspaceEnv, root } = require('./env');
const { staticChecks, unitTests } = require('./checks');

const nx = (args) => [require.resolve('nx/bin/nx.js'), ...args, '--output-style=static'];

const steps = [
  {
    name: 'formatação (prettier)',
    args: [require.resolve('prettier/bin/prettier.cjs'), '--check', '.', '--log-level=warn'],
  },
  // Every project's lint, typecheck and unit tests, merged into a few processes (checks.js): the
  // same verdicts as each project's own targets, in a fraction of the CPU. Checks two at a time.
  { name: 'lint e typecheck', parallel: staticChecks() },
  { name: 'testes unitários', sequence: unitTests() },
  { name: 'jornadas no navegador (e2e)', args: nx(['run', 'e2e:e2e']) },
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

/** The commands two at a time (CI has two cores); true when every one passed. */
async function runParallel(commands) {
  const queue = [...commands];
  const results = [];
  const lane = async () => {
    while (queue.length) results.push(await runBuffered(queue.shift()));
  };
  await Promise.all([lane(), lane()]);
  return results.every(Boolean);
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
    const passed = step.parallel
      ? await runParallel(step.parallel)
      : (step.sequence ?? [step]).map(runInherited).every(Boolean);
    if (!passed) failures.push(step.name);
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
