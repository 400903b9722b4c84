// The cycle rule must really fail the build: plant modules that import each other inside the
// workspace, lint them with the workspace's own ESLint config and read the messages.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { workspaceRoot } from './projects.mjs';

// Inside a library's src, so the workspace config, its aliases and its rules apply as they would
// to a real module; removed after the tests.
// Each test plants in a folder of its own: the rule keeps what it read of a file while its mtime
// holds, so a file is never rewritten under the same name.
const plantRoot = path.join(workspaceRoot, 'libs/format/src', `planted-cycle-${process.pid}`);
after(() => fs.rmSync(plantRoot, { recursive: true, force: true }));
let plantDir = plantRoot;
let planted = 0;

function plant(files) {
  planted += 1;
  plantDir = path.join(plantRoot, String(planted));
  fs.mkdirSync(plantDir, { recursive: true });
  for (const [name, code] of Object.entries(files)) {
    fs.writeFileSync(path.join(plantDir, name), code);
  }
  return path.relative(workspaceRoot, plantDir);
}

async function cycleMessages(name) {
  const eslint = new ESLint({ cwd: workspaceRoot });
  const [result] = await eslint.lintFiles([path.join(plantDir, name)]);
  return result.messages
    .filter((m) => m.ruleId === 'crm-panel-cycles/no-import-cycle')
    .map((m) => `${m.line}: ${m.message}`);
}

test('two modules that import each other are refused, each at the import that starts it', async () => {
  const rel = plant({
    'a.ts': "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
    'b.ts': "import { a } from './a';\nexport const b = (): number => (a ? 1 : 0);\n",
  });
  assert.deepEqual(await cycleMessages('a.ts'), [
    `1: Import cycle: ${rel}/a.ts → ${rel}/b.ts → ${rel}/a.ts. Move what both need to one module they import.`,
  ]);
  assert.equal((await cycleMessages('b.ts')).length, 1);
});

test('a cycle through type imports and a longer chain is refused too', async () => {
  plant({
    'a.ts': "import { type B } from './b';\nexport interface A {\n  b: B;\n}\n",
    'b.ts': "import { type C } from './c';\nexport interface B {\n  c: C;\n}\n",
    'c.ts': "import type { A } from './a';\nexport interface C {\n  a: A | null;\n}\n",
  });
  const [message] = await cycleMessages('c.ts');
  assert.match(message, /c\.ts → .*a\.ts → .*b\.ts → .*c\.ts/);
});

test('a cycle through a re-export is refused', async () => {
  plant({
    'index.ts': "export * from './a';\n",
    'a.ts': "import { b } from './b';\nexport const a = (): number => b();\n",
    'b.ts': "import { a } from './index';\nexport const b = (): number => (a ? 1 : 0);\n",
  });
  assert.equal((await cycleMessages('b.ts')).length, 1);
});

test('a dynamic import() is loaded on demand and is not a cycle; a one-way import is fine', async () => {
  plant({
    'a.ts': "import { b } from './b';\nexport const a = (): number => b();\n",
    'b.ts':
      "export const b = (): number => 1;\nexport const later = (): Promise<unknown> => import('./a');\n",
  });
  assert.deepEqual(await cycleMessages('a.ts'), []);
  assert.deepEqual(await cycleMessages('b.ts'), []);
});

test('the workspace itself has no import cycle', async () => {
  const eslint = new ESLint({ cwd: workspaceRoot });
  // One file from each corner where cycles were found before: each would report its cycle.
  const files = [
    'libs/crm-model/src/constants.ts',
    'libs/api-client/src/client/http.ts',
    'apps/api/src/db/identityLookups.ts',
    'tools/crm-sandbox/src/runtime.ts',
  ];
  const results = await eslint.lintFiles(files.map((file) => path.join(workspaceRoot, file)));
  const cycles = results.flatMap((result) =>
    result.messages.filter((m) => m.ruleId === 'crm-panel-cycles/no-import-cycle'),
  );
  assert.deepEqual(cycles, []);
});
