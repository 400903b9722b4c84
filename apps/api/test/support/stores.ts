import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { type DatabaseConfig } from '../../src/config';
import { type TestPostgres, startTestPostgres } from './postgres';

export type StoreKind = DatabaseConfig['kind'];

export interface SandboxAndStores {
  /** The file's sandbox (started in beforeAll). */
  sandbox(): RunningSandbox;
  /** A new, empty store of either kind (removed after the file). */
  databaseOf(kind: StoreKind): Promise<DatabaseConfig>;
}

/**
 * One crm-sandbox and one PostgreSQL server for a test file, started before its tests and
 * stopped after them, so the same tests run on SQLite and on PostgreSQL.
 */
export function sandboxAndStoresPerFile(): SandboxAndStores {
  let sandbox: RunningSandbox | undefined;
  let pg: TestPostgres | undefined;
  const tmpDirs: string[] = [];
  beforeAll(async () => {
    [sandbox, pg] = await Promise.all([startSandbox({ port: 0 }), startTestPostgres()]);
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await pg?.stop();
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    sandbox() {
      if (!sandbox) throw new Error('the sandbox starts in beforeAll');
      return sandbox;
    },
    async databaseOf(kind) {
      if (kind === 'postgres') {
        if (!pg) throw new Error('PostgreSQL starts in beforeAll');
        return { kind, url: await pg.createDatabase() };
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-store-'));
      tmpDirs.push(dir);
      return { kind, file: path.join(dir, 'crm-panel.sqlite') };
    },
  };
}
