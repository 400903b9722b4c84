// What `npm start` and `npm run dev` share as commands: the frontends' build through Nx, and a
// run that lasts until Ctrl-C.
const { spawnSync } = require('child_process');
const { workspaceEnv, root } = require('./env');

/** Builds `projects` with Nx (its cache: what is built already is not built again); a failure exits with its code. */
function buildWithNx(projects) {
  const result = spawnSync(
    process.execPath,
    [
      require.resolve('nx/bin/nx.js'),
      'run-many',
      '-t',
      'build',
      `--projects=${projects.join(',')}`,
      '--parallel=2',
      '--output-style=static',
    ],
    { cwd: root, stdio: 'inherit', env: workspaceEnv() },
  );
  if (result.status !== 0) {
    console.error('\nO build falhou; nada foi iniciado.');
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs `start`, which resolves to the function that stops what it started. Ctrl-C or SIGTERM
 * stops it once (a second signal while it stops changes nothing) and exits 0; a start or a stop
 * that fails prints its message and exits 1. The signals are ours from the first moment: a start
 * announces itself (its URL) before it resolves, and a Ctrl-C pressed right then still stops
 * what it started instead of ending the process under it.
 */
function runUntilSignal(start) {
  const fail = (error) => {
    console.error(error.message || error);
    process.exit(1);
  };
  let started;
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    started.then((stop) => stop()).then(() => process.exit(0), fail);
  };
  // Listening before the start runs: a signal is handled on the event loop, after `started` is set.
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  started = start();
  started.catch(fail);
}

module.exports = { buildWithNx, runUntilSignal };
