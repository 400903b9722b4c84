#!/usr/bin/env node
// `node tools/scripts/nx.js <nx args>`: Nx with the workspace's offline environment.
const { spawnSync } = require('child_process');
const { workspaceEnv, root } = require('./env');

const result = spawnSync(
  process.execPath,
  [require.resolve('nx/bin/nx.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: workspaceEnv(),
  },
);
process.exit(result.status ?? 1);
