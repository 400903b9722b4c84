// The boundary rule must really fail the build: lint real file paths of this workspace with the
// workspace's own ESLint config and read the messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';
import { createBoundaryChecker } from './module-boundaries.mjs';
import { workspaceRoot } from './projects.mjs';

const check = createBoundaryChecker(workspaceRoot);
const at = (file) => path.join(workspaceRoot, file);

test('a remote may not import another remote', () => {
  assert.match(
    check(at('apps/notes/src/exposed/NotesTab.tsx'), '../../../deal/src/exposed/DealToolbar'),
    /must not import the app 'deal'/,
  );
});

test('a remote may not import the shell', () => {
  assert.match(
    check(at('apps/notes/src/exposed/NotesTab.tsx'), '../../../shell/src/app/App'),
    /must not import the app 'shell'/,
  );
});

test('a remote may not import the server, not even through its alias', () => {
  assert.match(check(at('apps/notes/src/exposed/NotesTab.tsx'), '@crm-panel/api'), /type:server/);
});

test('libraries follow the matrix', () => {
  assert.match(
    check(at('libs/ui/src/index.ts'), '@crm-panel/api-client'),
    /type:ui.*type:api-client/,
  );
  assert.match(
    check(at('libs/api-client/src/index.ts'), '@crm-panel/host-bridge'),
    /type:api-client/,
  );
  assert.match(check(at('libs/crm-model/src/index.ts'), '@crm-panel/format'), /type:model/);
  assert.equal(check(at('libs/ui/src/index.ts'), '@crm-panel/format'), null);
  assert.equal(check(at('libs/host-bridge/src/index.ts'), '@crm-panel/contracts'), null);
});

test('a library is reached through its public entry, not a relative path', () => {
  assert.match(
    check(at('apps/notes/src/exposed/NotesTab.tsx'), '../../../../libs/ui/src/index'),
    /public entry '@crm-panel\/ui'/,
  );
});

test('remotes and the shell may use every frontend library', () => {
  for (const lib of ['contracts', 'ui', 'api-client', 'host-bridge', 'format', 'crm-model']) {
    assert.equal(check(at('apps/deal/src/exposed/DealToolbar.tsx'), `@crm-panel/${lib}`), null);
    assert.equal(check(at('apps/shell/src/app/App.tsx'), `@crm-panel/${lib}`), null);
  }
});

test('the server may start the sandbox only in tests', () => {
  assert.match(
    check(at('apps/api/src/app.ts'), '@crm-panel/crm-sandbox'),
    /type:server.*type:tool/,
  );
  assert.equal(check(at('apps/api/src/app.test.ts'), '@crm-panel/crm-sandbox'), null);
});

test('ESLint with the workspace config reports a remote importing another remote', async () => {
  const eslint = new ESLint({ cwd: workspaceRoot });
  const [result] = await eslint.lintText(
    "import { DealToolbar } from '../../../deal/src/exposed/DealToolbar';\nexport const x = DealToolbar;\n",
    { filePath: at('apps/notes/src/exposed/Bad.tsx') },
  );
  const messages = result.messages.filter(
    (m) => m.ruleId === 'crm-panel/enforce-module-boundaries',
  );
  assert.equal(messages.length, 1);
  assert.equal(result.errorCount >= 1, true);
});
