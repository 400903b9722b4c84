import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type Database, migrateToLatest, openDatabase } from './database';

// The SQLite store as the api opens it (through libsql): what the driver must keep doing, read
// back from SQLite itself rather than assumed from the pragmas sent.
let dir: string;
let database: Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-sqlite-'));
  database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'nested', 'crm-panel.sqlite') });
});

afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function pragma(name: string): Promise<unknown> {
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(
    database.db,
  );
  return Object.values(rows[0] ?? {})[0];
}

it('opens the file (its folder made) in WAL mode, with foreign keys on and a 5 s busy wait', async () => {
  expect(fs.existsSync(path.join(dir, 'nested', 'crm-panel.sqlite'))).toBe(true);
  expect(await pragma('journal_mode')).toBe('wal');
  expect(await pragma('foreign_keys')).toBe(1);
  expect(await pragma('busy_timeout')).toBe(5000);
});

it('migrates, and reads back what it wrote with plain column fields and numbers', async () => {
  await migrateToLatest(database);
  await sql`create table probe (id integer primary key, at bigint not null, note text)`.execute(
    database.db,
  );
  const at = Date.UTC(2026, 10, 27, 12, 0, 0);
  const inserted = await sql`insert into probe (at, note) values (${at}, ${'olá'})`.execute(
    database.db,
  );
  expect(inserted.numAffectedRows).toBe(1n);
  const { rows } = await sql<{
    id: number;
    at: number;
    note: string;
  }>`select id, at, note from probe`.execute(database.db);
  expect(rows).toEqual([{ id: 1, at, note: 'olá' }]);
});
