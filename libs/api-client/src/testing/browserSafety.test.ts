import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Shell, remotes and their standalone dev pages bundle this lib for the browser (msw/browser):
// only the jest helper may reach msw/node, and only through an import webpack leaves alone.

const SRC = join(__dirname, '..');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : productFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const NODE_ONLY = /from '(msw\/node|node:[a-z/]+|fs|path|http|https|child_process)'|require\(/;

describe('browser-safe sources', () => {
  it('no product file imports a Node-only module (except the jest server helper)', () => {
    const offenders = productFiles(SRC)
      .filter((file) => !file.endsWith(join('testing', 'setupTestServer.ts')))
      .filter((file) => NODE_ONLY.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the jest server helper loads msw/node lazily, hidden from webpack', () => {
    const source = readFileSync(join(SRC, 'testing', 'setupTestServer.ts'), 'utf8');
    expect(source).toContain("await import(/* webpackIgnore: true */ 'msw/node')");
    expect(source).not.toMatch(/^import \{ (?!type )[^}]*\} from 'msw\/node'/m);
  });
});
