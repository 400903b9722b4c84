import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_MODULE_IDS, REMOTE_NAMES } from '@crm-panel/contracts';

const workspace = path.resolve(__dirname, '../../../..');

/** `'./Name': './src/exposed/Name.tsx'` entries of a remote's webpack `exposes`. */
function exposesOf(remote: string): Array<[string, string]> {
  const config = fs.readFileSync(path.join(workspace, 'apps', remote, 'webpack.config.js'), 'utf8');
  const block = /exposes:\s*\{([^}]*)\}/.exec(config)?.[1] ?? '';
  return [...block.matchAll(/'\.\/(\w+)':\s*'([^']+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']);
}

describe("every remote's exposes match the shell's contract", () => {
  it('exposes exactly the modules of RemoteModules, no more and no fewer', () => {
    const exposed = REMOTE_NAMES.flatMap((remote) =>
      exposesOf(remote).map(([name]) => `${remote}/${name}`),
    );
    expect([...exposed].sort()).toEqual([...REMOTE_MODULE_IDS].sort());
  });

  it('serves each module from its src/exposed file, which exists', () => {
    for (const remote of REMOTE_NAMES) {
      for (const [name, file] of exposesOf(remote)) {
        expect(file).toBe(`./src/exposed/${name}.tsx`);
        expect(fs.existsSync(path.join(workspace, 'apps', remote, file))).toBe(true);
      }
    }
  });
});
