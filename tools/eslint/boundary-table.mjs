// ARCHITECTURE's module-boundary table, written from the rule itself (DEPENDENCY_MATRIX and
// TEST_ONLY_MATRIX of module-boundaries.mjs and each project's tag), so the table a newcomer reads
// is the one the linter enforces. `node tools/eslint/boundary-table.mjs --write` rewrites it in
// docs/ARCHITECTURE.md; a test fails when the two differ.
import fs from 'node:fs';
import path from 'node:path';
import { DEPENDENCY_MATRIX, TEST_ONLY_MATRIX } from './module-boundaries.mjs';
import { readProjects, workspaceRoot } from './projects.mjs';

export const TABLE_START =
  '<!-- module-boundary-table: start (node tools/eslint/boundary-table.mjs --write) -->';
export const TABLE_END = '<!-- module-boundary-table: end -->';
export const ARCHITECTURE = path.join(workspaceRoot, 'docs', 'ARCHITECTURE.md');

function projectsByTag(root) {
  const byTag = new Map();
  for (const project of readProjects(root)) {
    const tag = project.tags.find((t) => t.startsWith('type:'));
    if (!tag) continue;
    const where = path.relative(root, project.root).split(path.sep).join('/');
    byTag.set(tag, [...(byTag.get(tag) ?? []), where].sort());
  }
  return byTag;
}

const names = (byTag, tags) =>
  tags.length === 0
    ? 'nothing'
    : tags
        .map((tag) => (byTag.get(tag) ?? [tag]).map((where) => path.basename(where)).join(', '))
        .join(', ');

/** The markdown table: each tag, its projects, what it may import, and what its tests may add. */
export function boundaryTable(root = workspaceRoot) {
  const byTag = projectsByTag(root);
  const rows = Object.entries(DEPENDENCY_MATRIX).map(([tag, allowed]) => [
    (byTag.get(tag) ?? []).join(', ') || '(none yet)',
    `\`${tag}\``,
    names(byTag, allowed),
    TEST_ONLY_MATRIX[tag] ? names(byTag, TEST_ONLY_MATRIX[tag]) : '',
  ]);
  const header = ['Projects', 'Tag', 'May import', 'Its tests may also import'];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i].length)),
  );
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The table as docs/ARCHITECTURE.md has it between its markers, or null without them. */
export function documentedTable(file = ARCHITECTURE) {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) return null;
  return text.slice(start + TABLE_START.length, end).trim();
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const table = boundaryTable();
  if (process.argv.includes('--write')) {
    const text = fs.readFileSync(ARCHITECTURE, 'utf8');
    const start = text.indexOf(TABLE_START);
    const end = text.indexOf(TABLE_END);
    if (start < 0 || end < start) throw new Error(`${ARCHITECTURE}: table markers not found`);
    fs.writeFileSync(
      ARCHITECTURE,
      `${text.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${text.slice(end)}`,
    );
  } else {
    process.stdout.write(`${table}\n`);
  }
}
