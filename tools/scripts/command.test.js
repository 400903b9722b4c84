// How `npm start` and `npm run dev` end (command.js's runUntilSignal), run in a real child
// process: a signal stops what started once and exits 0; a failure says why and exits 1.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('child_process');

/**
 * A node process whose start is `startBody` (an async function's body), its output and exit. A
 * timer stands for the servers a real start leaves running, which keep the process alive.
 */
function commandRunning(startBody) {
  const script = `
    const { runUntilSignal } = require(${JSON.stringify(require.resolve('./command'))});
    setInterval(() => {}, 1000);
    runUntilSignal(async () => { ${startBody} });
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  let code;
  const exited = new Promise((resolve) =>
    child.on('close', (exitCode) => {
      code = exitCode;
      resolve(exitCode);
    }),
  );
  const said = async (text) => {
    while (!out.includes(text)) {
      if (code !== undefined)
        throw new Error(`ended (${code}) before saying ${text}: ${out}${err}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { child, exited, said, output: () => ({ out, err }) };
}

test('Ctrl-C stops what started once, even when pressed twice, and exits 0', async () => {
  const run = commandRunning(`
    console.log('started');
    return async () => {
      console.log('stopping');
      await new Promise((resolve) => setTimeout(resolve, 200));
      console.log('stopped');
    };
  `);
  await run.said('started');
  run.child.kill('SIGINT');
  await run.said('stopping');
  run.child.kill('SIGINT');
  assert.equal(await run.exited, 0);
  assert.equal(run.output().out, 'started\nstopping\nstopped\n');
});

test('SIGTERM stops it as Ctrl-C does', async () => {
  const run = commandRunning(`console.log('started'); return async () => console.log('stopped');`);
  await run.said('started');
  run.child.kill('SIGTERM');
  assert.equal(await run.exited, 0);
  assert.equal(run.output().out, 'started\nstopped\n');
});

test('a start that fails prints its message and exits 1', async () => {
  const run = commandRunning(`throw new Error('A porta 4010 já está em uso.');`);
  assert.equal(await run.exited, 1);
  assert.equal(run.output().err, 'A porta 4010 já está em uso.\n');
});

test('a stop that fails prints its message and exits 1', async () => {
  const run = commandRunning(`
    console.log('started');
    return async () => { throw new Error('O api não parou.'); };
  `);
  await run.said('started');
  run.child.kill('SIGTERM');
  assert.equal(await run.exited, 1);
  assert.equal(run.output().err, 'O api não parou.\n');
});

test('Ctrl-C pressed while the start still runs stops what started once it is up, and exits 0', async () => {
  const run = commandRunning(`
    console.log('starting');
    await new Promise((resolve) => setTimeout(resolve, 300));
    console.log('started');
    return async () => console.log('stopped');
  `);
  await run.said('starting');
  run.child.kill('SIGINT');
  assert.equal(await run.exited, 0);
  assert.equal(run.output().out, 'starting\nstarted\nstopped\n');
});
