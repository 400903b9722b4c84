// The boundary rule must really fail the build: lint real file paths of this workspace with the
// workspace's own ESLint config and read the messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';
import { createBoundaryChecker, createClimbChecker } from './module-boundaries.mjs';
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

const lint = async (code, file) => {
  const eslint = new ESLint({ cwd: workspaceRoot });
  const [result] = await eslint.lintText(code, { filePath: at(file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
};

test('the boundary rule reads require() in .js, .cjs and .mjs files too', async () => {
  for (const file of ['apps/notes/bad.js', 'apps/notes/bad.cjs']) {
    const messages = await lint(
      "const { DealToolbar } = require('../deal/src/exposed/DealToolbar');\nmodule.exports = DealToolbar;\n",
      file,
    );
    assert.equal(
      messages.some((m) => /must not import the app 'deal'/.test(m)),
      true,
      `${file}: ${messages.join('; ')}`,
    );
  }
  const esm = await lint(
    "import { x } from '../deal/src/exposed/DealToolbar';\nexport default x;\n",
    'apps/notes/bad.mjs',
  );
  assert.equal(
    esm.some((m) => /must not import the app 'deal'/.test(m)),
    true,
  );
});

test("a library's testing entry is fenced off product code", () => {
  assert.match(
    check(
      at('apps/notes/src/features/notes/components/NoteEntry.tsx'),
      '@crm-panel/api-client/testing',
    ),
    /testing entry \(type:testing\)/,
  );
  assert.match(check(at('libs/api-client/src/index.ts'), './testing/handlers'), /testing entry/);
  assert.equal(
    check(at('apps/notes/src/exposed/NotesTab.test.tsx'), '@crm-panel/api-client/testing'),
    null,
  );
  assert.equal(check(at('apps/notes/src/test-utils.tsx'), '@crm-panel/api-client/testing'), null);
  assert.equal(
    check(at('apps/notes/src/standalone/StandalonePage.tsx'), '@crm-panel/api-client/testing'),
    null,
  );
});

test('bench and the build tools are projects the matrix covers', () => {
  assert.match(
    check(at('apps/notes/src/exposed/NotesTab.tsx'), '../../../../tools/scripts/ports'),
    /type:remote.*type:build/,
  );
  assert.match(
    check(at('libs/ui/src/index.ts'), '../../../bench/api-latency'),
    /type:ui.*type:bench/,
  );
  assert.equal(check(at('bench/panel-speed.js'), '../tools/scripts/stack'), null);
  assert.equal(check(at('apps/notes/webpack.config.js'), '../../tools/webpack/federation'), null);
  assert.match(
    check(at('apps/notes/src/bootstrap.tsx'), '../../../tools/webpack/federation'),
    /type:build/,
  );
});

test('a styled component must be named Styled…', async () => {
  const bad = await lint(
    "import styled from 'styled-components';\nexport const Box = styled.div`\n  display: flex;\n`;\nexport const Row = styled(Box).attrs({ role: 'row' })`\n  gap: 0;\n`;\n",
    'apps/notes/src/features/notes/components/Bad.tsx',
  );
  assert.deepEqual(
    bad.filter((m) => m.startsWith('crm-panel-style/styled-prefix')).length,
    2,
    bad.join('; '),
  );
  const good = await lint(
    "import styled from 'styled-components';\nexport const StyledBox = styled.div`\n  display: flex;\n`;\n",
    'libs/ui/src/components/Good.tsx',
  );
  assert.deepEqual(
    good.filter((m) => m.startsWith('crm-panel-style')),
    [],
  );
});

test('apps take every colour and size from the theme: no literal of any form, in styles, consts or props', async () => {
  const file = 'apps/deal/src/features/general/components/Bad.tsx';
  const cases = [
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  color: #1a6bff;\n`;\n",
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  background: rgba(0, 0, 0, 0.5);\n`;\n",
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  max-width: 720px;\n`;\n",
    "import { css } from 'styled-components';\nexport const mixin = css`\n  border: 1px solid red;\n`;\n",
    "export function A() {\n  return <div style={{ width: '40px' }} />;\n}\n",
    // A named colour, in a template and in a style object.
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  color: red;\n`;\n",
    "export function A() {\n  return <div style={{ background: 'white' }} />;\n}\n",
    // A colour or a size held in a const, or passed as a prop, then used elsewhere.
    "export const DANGER = '#d92d20';\n",
    "export const OVERLAY = 'hsl(0 0% 0% / 0.4)';\n",
    "export const ACCENT = 'rebeccapurple';\n",
    "export const WIDE = '22rem';\n",
    "import { Skeleton } from '@crm-panel/ui';\nexport function A() {\n  return <Skeleton width={'6rem' as never} />;\n}\n",
    // rem, em and viewport sizes in a template.
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  max-height: 18rem;\n`;\n",
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  letter-spacing: 0.02em;\n`;\n",
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  height: 100vh;\n`;\n",
  ];
  for (const code of cases) {
    const messages = await lint(code, file);
    assert.equal(
      messages.filter((m) => m.startsWith('crm-panel-style/no-raw-style-values')).length,
      1,
      `${code}\n${messages.join('; ')}`,
    );
  }
  const tokens = await lint(
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  max-width: ${({ theme }) => theme.sizes.content.wide};\n  width: 50%;\n  margin: 0 auto;\n  background: transparent;\n  border-color: currentColor;\n`;\n",
    file,
  );
  // Words that are colour names in pt-BR texts are texts, not colours; a token name is not a size.
  const texts = await lint(
    'import { Skeleton } from \'@crm-panel/ui\';\nexport const TITLE = \'Cor coral do funil\';\nexport function A() {\n  return <Skeleton width="short" height="line" label="Carregando 2 itens..." />;\n}\n',
    file,
  );
  assert.deepEqual(
    texts.filter((m) => m.startsWith('crm-panel-style')),
    [],
  );
  assert.deepEqual(
    tokens.filter((m) => m.startsWith('crm-panel-style')),
    [],
  );
  const theme = await lint(
    "import styled from 'styled-components';\nexport const StyledA = styled.div`\n  max-width: 720px;\n  color: #fff;\n`;\n",
    'libs/ui/src/components/Tokens.tsx',
  );
  assert.deepEqual(
    theme.filter((m) => m.startsWith('crm-panel-style')),
    [],
  );
});

test("no '../' out of a feature: the project's own alias instead", async () => {
  const climb = createClimbChecker(workspaceRoot);
  assert.match(
    climb(at('apps/notes/src/features/notes/components/NoteEntry.tsx'), '../../shared/texts'),
    /climbs out of 'src\/features\/notes'\. Use '@notes\/features\/shared\/texts'/,
  );
  assert.match(
    climb(at('libs/api-client/src/resources/deals.ts'), '../client/apiClient'),
    /Use '@api-client\/client\/apiClient'/,
  );
  assert.match(climb(at('apps/api/test/app.test.ts'), '../src/app'), /Use '@api\/app'/);
  assert.equal(
    climb(at('apps/notes/src/features/notes/components/NoteEntry.tsx'), '../hooks/useNotes'),
    null,
  );
  assert.equal(climb(at('tools/host-sim/src/client/main.ts'), '../world/types.js'), null);
  const messages = await lint(
    "import { x } from '../../shared/texts';\nexport const y = x;\n",
    'apps/notes/src/features/notes/components/Bad.tsx',
  );
  assert.equal(
    messages.filter((m) => m.startsWith('crm-panel/no-feature-climbing')).length,
    1,
    messages.join('; '),
  );
});

test('the boundary rule reads type-only import() types; the climbing rule reads jest.mock() paths', async () => {
  const typeImport = await lint(
    "export type Toolbar = typeof import('../../../deal/src/exposed/DealToolbar');\n",
    'apps/notes/src/exposed/Bad.tsx',
  );
  assert.equal(
    typeImport.filter((m) => /enforce-module-boundaries: .*must not import the app 'deal'/.test(m))
      .length,
    1,
    typeImport.join('; '),
  );
  const mocked = await lint(
    "jest.mock('../../shared/texts');\n",
    'apps/notes/src/features/notes/components/Bad.test.tsx',
  );
  assert.equal(
    mocked.filter((m) => m.startsWith('crm-panel/no-feature-climbing')).length,
    1,
    mocked.join('; '),
  );
  const otherCall = await lint(
    "console.log('../../shared/texts');\n",
    'apps/notes/src/features/notes/components/Bad.tsx',
  );
  assert.equal(otherCall.filter((m) => m.startsWith('crm-panel/')).length, 0, otherCall.join('; '));
});

test('the CRM sandbox imports nothing of the panel, not even the model its tag allows; its tests may', () => {
  assert.equal(
    check(at('tools/crm-sandbox/src/store/records.ts'), '@crm-panel/crm-model'),
    "'crm-sandbox' stands alone: it imports no workspace project ('crm-model'); it is written from RD's documentation, not from the panel's code.",
  );
  assert.match(
    check(at('tools/crm-sandbox/src/routes/shared.ts'), '@crm-panel/contracts'),
    /'crm-sandbox' stands alone/,
  );
  assert.equal(check(at('tools/host-sim/src/server.ts'), '@crm-panel/crm-model'), null);
  assert.equal(check(at('tools/crm-sandbox/test/writes.test.ts'), '@crm-panel/crm-model'), null);
});

test("a project's own alias is not a way into it from another project", () => {
  assert.match(
    check(at('apps/notes/src/exposed/NotesTab.tsx'), '@deal/features/shared/useDeal'),
    /'deal''s own path alias/,
  );
  assert.equal(
    check(at('apps/deal/src/exposed/DealToolbar.tsx'), '@deal/features/shared/useDeal'),
    null,
  );
});

test('the dev harness serves standalone pages and tests only', () => {
  assert.equal(check(at('apps/tasks/src/bootstrap.tsx'), '@crm-panel/dev-harness'), null);
  assert.equal(check(at('apps/tasks/src/standalone/config.tsx'), '@crm-panel/dev-harness'), null);
  assert.equal(check(at('apps/tasks/src/test-utils.tsx'), '@crm-panel/dev-harness/render'), null);
  assert.equal(
    check(at('apps/tasks/src/exposed/TaskForm.test.tsx'), '@crm-panel/dev-harness/render'),
    null,
  );
  assert.match(
    check(at('apps/tasks/src/exposed/TaskForm.tsx'), '@crm-panel/dev-harness'),
    /dev harness \(type:dev-harness\)/,
  );
  assert.match(
    check(at('libs/ui/src/index.test.ts'), '@crm-panel/dev-harness'),
    /type:ui.*type:dev-harness/,
  );
});

test("an app may not use TanStack Query's mutation or cache API: api-client owns writes", async () => {
  const messages = await lint(
    [
      "import { useMutation, useQueryClient } from '@tanstack/react-query';",
      'export function useBad() {',
      '  const client = useQueryClient();',
      "  void client.invalidateQueries({ queryKey: ['x'] });",
      "  client.setQueryData(['x'], 1);",
      '  return useMutation({ mutationFn: async () => 1 });',
      '}',
      '',
    ].join('\n'),
    'apps/deal/src/features/general/hooks/useBad.ts',
  );
  const cache = messages.filter((m) => m.startsWith('crm-panel-cache/no-cache-api-in-apps'));
  assert.equal(cache.length, 4, messages.join('\n'));
  assert.match(cache.join('\n'), /'useMutation' belongs to api-client/);
  assert.match(cache.join('\n'), /'useQueryClient' belongs to api-client/);
  assert.match(cache.join('\n'), /'invalidateQueries' belongs to api-client/);
  assert.match(cache.join('\n'), /'setQueryData' belongs to api-client/);
});

test('api-client itself, and an app test setting a cache up, may use the cache API', async () => {
  const code = [
    "import { QueryClient } from '@tanstack/react-query';",
    'const client = new QueryClient();',
    "client.setQueryData(['x'], 1);",
    'export { client };',
    '',
  ].join('\n');
  for (const file of ['libs/api-client/src/writes/bad.ts', 'apps/deal/src/bad.test.ts']) {
    const messages = await lint(code, file);
    assert.deepEqual(
      messages.filter((m) => m.startsWith('crm-panel-cache/')),
      [],
      `${file}: ${messages.join('\n')}`,
    );
  }
});

test('the router is imported only through @crm-panel/contracts/router', async () => {
  const planted = [
    [
      "import { Link } from 'react-router-dom';\nexport const x = Link;\n",
      'apps/notes/src/Bad.tsx',
    ],
    [
      "import { Routes } from 'react-router';\nexport const x = Routes;\n",
      'apps/shell/src/Bad.tsx',
    ],
    ["export { useNavigate } from 'react-router-dom';\n", 'libs/ui/src/Bad.ts'],
    ["import { Link } from 'react-router-dom';\nexport default Link;\n", 'tools/host-sim/bad.mjs'],
  ];
  for (const [code, file] of planted) {
    const messages = await lint(code, file);
    assert.equal(
      messages.some((m) => /^no-restricted-imports: .*'@crm-panel\/contracts\/router'/.test(m)),
      true,
      `${file}: ${messages.join('; ')}`,
    );
  }
  assert.deepEqual(
    (
      await lint("export { Link } from 'react-router-dom';\n", 'libs/contracts/src/router.ts')
    ).filter((m) => m.startsWith('no-restricted-imports')),
    [],
  );
});

test('axios is imported only by the api-client transport', async () => {
  for (const file of [
    'libs/api-client/src/resources/Bad.ts',
    'apps/deal/src/Bad.tsx',
    'libs/contracts/src/router.ts',
    'apps/api/src/Bad.ts',
  ]) {
    const messages = await lint("import axios from 'axios';\nexport const x = axios;\n", file);
    assert.equal(
      messages.some((m) => /^no-restricted-imports: .*'@crm-panel\/api-client'/.test(m)),
      true,
      `${file}: ${messages.join('; ')}`,
    );
  }
  assert.deepEqual(
    (
      await lint(
        "import axios from 'axios';\nexport const x = axios;\n",
        'libs/api-client/src/client/http.ts',
      )
    ).filter((m) => m.startsWith('no-restricted-imports')),
    [],
  );
});

test("ARCHITECTURE's boundary table is the matrix the rule enforces", async () => {
  const { boundaryTable, documentedTable, ARCHITECTURE } = await import('./boundary-table.mjs');
  assert.equal(
    documentedTable(),
    boundaryTable(),
    'run `node tools/eslint/boundary-table.mjs --write`',
  );
  // A row edited by hand (contracts said to import only crm-model) no longer matches.
  const fs = await import('node:fs');
  const os = await import('node:os');
  const edited = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'boundary-table-')), 'A.md');
  fs.writeFileSync(
    edited,
    fs
      .readFileSync(ARCHITECTURE, 'utf8')
      .replace(/(`type:contracts`\s*\|\s*)crm-model, api-client/, '$1crm-model'),
  );
  assert.notEqual(documentedTable(edited), boundaryTable());
  fs.rmSync(path.dirname(edited), { recursive: true, force: true });
});
