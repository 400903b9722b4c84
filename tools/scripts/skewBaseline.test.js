// The skew journeys' earlier release from a shallow clone (skewBaseline.js): CI may clone with
// --depth=1, which leaves the release's commit out of the history.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { baselineCommit } = require('./skewBaseline');

function git(cwd, ...args) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A repository whose first commit is the earlier release, and a clone of it `--depth=1`. */
function shallowCloneOfTwoCommits(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-skew-shallow-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const origin = path.join(dir, 'origin');
  fs.mkdirSync(origin);
  git(origin, 'init', '--quiet', '--initial-branch=main');
  const commit = (text) => {
    fs.writeFileSync(path.join(origin, 'version.txt'), text);
    git(origin, 'add', 'version.txt');
    git(origin, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-m', text);
    return git(origin, 'rev-parse', 'HEAD');
  };
  const release = commit('1.0.0');
  commit('1.1.0');
  const clone = path.join(dir, 'clone');
  git(dir, 'clone', '--quiet', '--depth=1', `file://${origin}`, clone);
  assert.equal(git(clone, 'rev-parse', '--is-shallow-repository'), 'true');
  return { dir, origin, clone, release };
}

test('a shallow clone fetches the earlier release alone from its origin, by its whole hash', (t) => {
  const { clone, release } = shallowCloneOfTwoCommits(t);
  assert.equal(
    spawnSync('git', ['cat-file', '-e', `${release}^{commit}`], { cwd: clone }).status,
    128,
  );
  assert.equal(baselineCommit(release, clone), release);
  assert.equal(git(clone, 'show', `${release}:version.txt`), '1.0.0');
  // Still shallow: one commit more, not the history.
  assert.equal(git(clone, 'rev-parse', '--is-shallow-repository'), 'true');
});

test('a shallow clone given a short hash, or whose origin does not answer, says what to do', (t) => {
  const { dir, origin, clone, release } = shallowCloneOfTwoCommits(t);
  assert.throws(
    () => baselineCommit(release.slice(0, 7), clone),
    (error) =>
      error.message.startsWith(
        `Release anterior ${release.slice(0, 7)}: este clone é raso e só busca um commit pelo ` +
          'hash inteiro (40 dígitos em SKEW_BASELINE_REF). Rode git fetch --unshallow, ou ' +
          'mantenha ',
      ),
  );
  fs.renameSync(origin, path.join(dir, 'gone'));
  assert.throws(
    () => baselineCommit(release, clone),
    (error) =>
      error.message.startsWith(
        `Release anterior ${release}: este clone é raso e não a tem, e buscá-la em origin falhou (`,
      ) && error.message.includes('Rode git fetch --unshallow, ou mantenha '),
  );
});

test('a full clone that lacks the commit is a plain error, with nothing fetched', (t) => {
  const { origin } = shallowCloneOfTwoCommits(t);
  const missing = '0'.repeat(40);
  assert.throws(
    () => baselineCommit(missing, origin),
    new Error(`Release anterior ${missing}: não é um commit deste repositório.`),
  );
});
