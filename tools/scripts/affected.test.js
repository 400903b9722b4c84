// Only what changed is built and released: Nx's project graph says which apps a change reaches
// (`nx show projects --affected`), and a team releases those (npm run release -- <app>).
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('child_process');
const { root, workspaceEnv } = require('./env');
const { APPS } = require('./releases');

/** The projects with a build target that a change of `files` reaches, sorted. */
function toBuild(...files) {
  const result = spawnSync(
    process.execPath,
    [
      require.resolve('nx/bin/nx.js'),
      'show',
      'projects',
      '--affected',
      `--files=${files.join(',')}`,
      '--withTarget=build',
      '--json',
    ],
    { cwd: root, encoding: 'utf8', env: workspaceEnv() },
  );
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout).sort();
}

test('a change inside apps/notes builds and releases notes alone', () => {
  assert.deepEqual(toBuild('apps/notes/src/exposed/NotesTab.tsx'), ['notes']);
  assert.deepEqual(toBuild('apps/notes/package.json'), ['notes']);
});

test('a change in a shared lib lists every app that must be released', () => {
  const everyFrontend = [...APPS].sort();
  assert.deepEqual(toBuild('libs/format/src/money.ts'), everyFrontend);
  assert.deepEqual(toBuild('libs/host-bridge/package.json'), everyFrontend);
});

test('a change in one remote never reaches another remote or the shell', () => {
  assert.deepEqual(toBuild('apps/tasks/src/exposed/TasksTab.tsx', 'apps/deal/src/bootstrap.tsx'), [
    'deal',
    'tasks',
  ]);
});
