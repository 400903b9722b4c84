// Another commit of this repository beside the checkout (gitRef.js): what the benches' baseline
// and the skew journeys' earlier release are made from.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { commitOf, archiveRef, linkModules } = require('./gitRef');
const { root } = require('./env');

const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout;

test('a ref is read as its full commit; a name that is no commit here is a clear error', () => {
  assert.equal(commitOf('HEAD'), git('rev-parse', 'HEAD').trim());
  assert.match(commitOf('HEAD'), /^[0-9a-f]{40}$/);
  assert.throws(
    () => commitOf('nao-existe-este-ref'),
    new Error(
      'nao-existe-este-ref não é um commit deste repositório (um clone raso não o tem: git fetch --unshallow).',
    ),
  );
});

test("a ref's files are written as that commit has them, not as the checkout has them", (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-git-ref-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const first = git('rev-list', '--max-parents=0', 'HEAD').trim().split('\n')[0];
  archiveRef(first, dir, ['package.json']);
  assert.equal(
    fs.readFileSync(path.join(dir, 'package.json'), 'utf8'),
    git('show', `${first}:package.json`),
  );
  assert.deepEqual(fs.readdirSync(dir), ['package.json']);
});

test('packages are linked from the first source that has them, scopes merged', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-link-modules-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const make = (source, name) => fs.mkdirSync(path.join(dir, source, name), { recursive: true });
  make('ours', 'react');
  make('ours', '@scope/a');
  make('theirs', 'react');
  make('theirs', '@scope/b');
  make('theirs', 'better-sqlite3');
  const target = path.join(dir, 'node_modules');
  linkModules(target, [path.join(dir, 'ours'), path.join(dir, 'theirs')]);
  const link = (name) => fs.readlinkSync(path.join(target, name));
  assert.equal(link('react'), path.join(dir, 'ours', 'react'));
  assert.equal(link('better-sqlite3'), path.join(dir, 'theirs', 'better-sqlite3'));
  assert.equal(link('@scope/a'), path.join(dir, 'ours', '@scope/a'));
  assert.equal(link('@scope/b'), path.join(dir, 'theirs', '@scope/b'));
});
