import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { type DatabaseConfig } from '@api/config';
import { type Harness, startHarness } from './harness';
import { type TestPostgres, startTestPostgres } from './postgres';

export type StoreKind = DatabaseConfig['kind'];

export interface SandboxAndStores {
  /** The file's sandbox (started in beforeAll). */
  sandbox(): RunningSandbox;
  /** A new, empty store of either kind (removed after the file). */
  databaseOf(kind: StoreKind): Promise<DatabaseConfig>;
  /**
   * An api on a new store of `kind`, started before the tests of the enclosing describe and closed
   * after them (call it inside the describe). Its properties read the running harness.
   */
  harnessOn(kind: StoreKind): Harness;
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
  const sandboxNow = (): RunningSandbox => {
    if (!sandbox) throw new Error('the sandbox starts in beforeAll');
    return sandbox;
  };
  const databaseOf = async (kind: StoreKind): Promise<DatabaseConfig> => {
    if (kind === 'postgres') {
      if (!pg) throw new Error('PostgreSQL starts in beforeAll');
      return { kind, url: await pg.createDatabase() };
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-store-'));
    tmpDirs.push(dir);
    return { kind, file: path.join(dir, 'crm-panel.sqlite') };
  };
  return {
    sandbox: sandboxNow,
    databaseOf,
    harnessOn(kind) {
      let current: Harness | undefined;
      beforeAll(async () => {
        current = await startHarness({
          sharedSandbox: sandboxNow(),
          api: { database: await databaseOf(kind) },
        });
      }, 30_000);
      afterAll(async () => {
        await current?.close();
      });
      const running = (): Harness => {
        if (!current) throw new Error('the harness starts in beforeAll');
        return current;
      };
      return {
        get sandbox() {
          return running().sandbox;
        },
        get api() {
          return running().api;
        },
        get logs() {
          return running().logs;
        },
        get calls() {
          return running().calls;
        },
        get secretsSeen() {
          return running().secretsSeen;
        },
        get dataDir() {
          return running().dataDir;
        },
        refreshCalls: () => running().refreshCalls(),
        countRows: (table) => running().countRows(table),
        restart: (overrides) => running().restart(overrides),
        close: () => running().close(),
      };
    },
  };
}
