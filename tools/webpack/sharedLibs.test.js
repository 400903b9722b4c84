// An entry kept out of the shared map because one container alone imports it
// (ONE_CONTAINER_ENTRIES, sharedLibs.js) must stay so: were a second container or a lib to import
// it, each container would carry its own copy, and a lib's copy would be a second module on a page.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { ONE_CONTAINER_ENTRIES, workspaceLibsShared } = require('./sharedLibs');

const root = path.resolve(__dirname, '../..');
const TEST_FILE = /\.(test|spec)\.tsx?$|\/testing\//;

/** Every product source file under apps/<app>/src and libs/<lib>/src: [project, file]. */
function productSources() {
  const files = [];
  for (const kind of ['apps', 'libs']) {
    for (const project of fs.readdirSync(path.join(root, kind))) {
      const src = path.join(root, kind, project, 'src');
      if (!fs.existsSync(src)) continue;
      for (const file of fs.readdirSync(src, { recursive: true })) {
        const full = path.join(src, String(file));
        if (/\.tsx?$/.test(full) && !TEST_FILE.test(full)) files.push([`${kind}/${project}`, full]);
      }
    }
  }
  return files;
}

const sources = productSources().map(([project, file]) => [project, fs.readFileSync(file, 'utf8')]);

for (const [key, container] of Object.entries(ONE_CONTAINER_ENTRIES)) {
  test(`${key} is imported by ${container} alone, and not shared`, () => {
    const importers = new Set(
      sources
        .filter(([, text]) => text.includes(`from '${key}'`))
        .map(([project]) => project)
        // The api runs on the server: it is no container of the panel.
        .filter((project) => project !== 'apps/api'),
    );
    assert.deepEqual([...importers], [`apps/${container}`]);
    for (const app of ['shell', 'deal', 'notes', 'tasks', 'products', 'contacts', 'credentials'])
      assert.equal(
        key in workspaceLibsShared(app),
        false,
        `${key} no mapa compartilhado de ${app}`,
      );
  });
}

test('a workspace entry that two containers import stays shared', () => {
  assert.equal('@crm-panel/format' in workspaceLibsShared('contacts'), true);
  assert.equal('@crm-panel/contracts' in workspaceLibsShared('shell'), true);
});
