#!/usr/bin/env node
// `npm test`: formatting, lint (with module boundaries), typecheck and unit tests of every
// project, then the browser journeys. Nonzero on any failure; closes with one total line.
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { workspaceEnv, root } = require('./env');

const nx = (args) => [require.resolve('nx/bin/nx.js'), ...args, '--output-style=static'];

const steps = [
  {
    name: 'formatação (prettier)',
    args: [require.resolve('prettier/bin/prettier.cjs'), '--check', '.', '--log-level=warn'],
  },
  {
    name: 'lint, typecheck e testes unitários',
    args: nx(['run-many', '-t', 'lint,typecheck,test', '--parallel=2']),
  },
  { name: 'jornadas no navegador (e2e)', args: nx(['run', 'e2e:e2e']) },
];

const summaryDir = path.join(root, 'test-results/summary');
fs.rmSync(path.join(summaryDir, 'apps/e2e.json'), { force: true });

const started = Date.now();
const failures = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const stepStarted = Date.now();
  const result = spawnSync(process.execPath, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: workspaceEnv(),
  });
  if (result.status !== 0) failures.push(step.name);
  // Each step's time, so a CI log shows where the minutes go.
  console.log(`=== ${step.name}: ${((Date.now() - stepStarted) / 1000).toFixed(0)} s ===`);
}

function readSummaries(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return readSummaries(file);
    return entry.name.endsWith('.json') ? [JSON.parse(fs.readFileSync(file, 'utf8'))] : [];
  });
}

const totals = readSummaries(summaryDir).reduce(
  (sum, s) => ({ passed: sum.passed + s.passed, failed: sum.failed + s.failed }),
  { passed: 0, failed: 0 },
);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `\n${failures.length ? `Falhou: ${failures.join('; ')}` : 'Tudo verde.'} (${seconds} s)`,
);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed + (failures.length && !totals.failed ? 1 : 0)} failed`,
);
process.exit(failures.length ? 1 : 0);
