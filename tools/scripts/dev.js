#!/usr/bin/env node
// `npm run dev [-- <app> ...]`: development servers with reload. With no names every frontend
// runs live (webpack serve); with names only those run live and the rest are served from their
// builds. The node services (crm-sandbox, api, host-sim) run with tsx watch.
const { spawn } = require('child_process');
const { buildWithNx, runUntilSignal } = require('./command');
const { workspaceEnv, root } = require('./env');
const { FRONTENDS, startStack } = require('./stack');

async function main() {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !FRONTENDS.includes(name));
  if (unknown.length) {
    console.error(`Desconhecido: ${unknown.join(', ')}. Use: ${FRONTENDS.join(', ')}`);
    process.exit(2);
  }
  const live = requested.length ? requested : FRONTENDS;
  const fromBuild = FRONTENDS.filter((name) => !live.includes(name));
  if (fromBuild.length) buildWithNx(fromBuild);
  const stack = await startStack({ services: ['crm-sandbox', 'api', 'host-sim', ...fromBuild] });
  const children = live.map((name) =>
    spawn(
      process.execPath,
      [
        require.resolve('webpack-cli/bin/cli.js'),
        'serve',
        '--config',
        `apps/${name}/webpack.config.js`,
        '--mode',
        'development',
      ],
      { cwd: root, stdio: 'inherit', env: workspaceEnv() },
    ),
  );
  console.log(`\n  Ao vivo: ${live.join(', ')}. Abra: ${stack.url('host-sim')}\n`);
  return async () => {
    children.forEach((child) => child.kill('SIGTERM'));
    await stack.stop();
  };
}

runUntilSignal(main);
