// The README promises Node 20: every package npm installed must accept the oldest Node that
// package.json's "engines" allows. npm only warns about a package that wants a newer Node (and
// most still load on it), so this test is what keeps a dependency update from breaking the promise.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const semver = require('semver');

const root = path.resolve(__dirname, '../..');
const declared = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const oldest = semver.minVersion(declared).version;

/** Every package.json under node_modules (scoped and nested ones too). */
function installedPackages(dir, found = []) {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const folder = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installedPackages(folder, found);
      continue;
    }
    const manifest = path.join(folder, 'package.json');
    if (fs.existsSync(manifest)) found.push(manifest);
    installedPackages(path.join(folder, 'node_modules'), found);
  }
  return found;
}

test(`every installed package accepts Node ${oldest} (package.json engines: ${declared})`, () => {
  const manifests = installedPackages(path.join(root, 'node_modules'));
  assert.ok(
    manifests.length > 500,
    `only ${manifests.length} packages found: is npm install done?`,
  );
  const refusing = manifests.flatMap((file) => {
    const { name, version, engines } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const wanted = typeof engines?.node === 'string' ? engines.node : null;
    if (!wanted || !semver.validRange(wanted)) return [];
    return semver.satisfies(oldest, wanted) ? [] : [`${name}@${version} (node ${wanted})`];
  });
  assert.deepEqual(refusing, []);
});
