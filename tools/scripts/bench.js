#!/usr/bin/env node
// `npm run bench`: builds, runs every benchmark under bench/ side by side, prints a table per
// benchmark and writes the figures as JSON under bench/results/.
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { workspaceEnv, root } = require('./env');
const { journeys } = require('./checks');

const BENCHES = [
  'bundle-size',
  'api-latency',
  'panel-speed',
  'write-requests',
  'live-propagation',
  'audit-list',
  'capacity',
];
/** Benches that read the built front ends (api-latency runs the api from its sources). */
const NEEDS_BUILD = new Set(['bundle-size', 'panel-speed', 'write-requests', 'live-propagation']);

/**
 * The front ends, built as `npm test` builds them for its journeys (tools/scripts/checks.js), with
 * their source maps written beside them and not named in them (`hidden-source-map`): no
 * `sourceMappingURL` comment, so the files a browser downloads are those of `npm test`'s builds
 * (the swc minifier may name a few variables of the shell's main otherwise, a byte or two gzipped),
 * and bench/bundle-size.js reads from the maps what each library adds to the main panel. The
 * size budgets (apps/e2e/src/support/bundleBudgets.ts) are set on `npm test`'s builds.
 */
function build() {
  for (const { name, args } of journeys().builds) {
    console.log(`> ${name}`);
    const withMaps = args.map((arg) =>
      arg === '--no-devtool' ? '--devtool=hidden-source-map' : arg,
    );
    const result = spawnSync(process.execPath, withMaps, {
      cwd: root,
      stdio: 'inherit',
      env: workspaceEnv(),
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

async function main() {
  const only = process.argv.slice(2);
  const selected = BENCHES.filter((b) => !only.length || only.includes(b));
  if (selected.some((name) => NEEDS_BUILD.has(name))) build();
  const outDir = path.join(root, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of selected) {
    const result = await require(path.join(root, 'bench', `${name}.js`)).run();
    const record = { ...result, measuredAt: new Date().toISOString(), node: process.version };
    fs.writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify(record, null, 2) + '\n');
    console.log(`\n${name} (${result.unit})`);
    const width = Math.max(...result.rows.map(([label]) => String(label).length));
    for (const [label, value] of result.rows)
      console.log(`  ${String(label).padEnd(width)}  ${value}`);
  }
  console.log(`\nResultados em ${path.relative(root, outDir)}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
