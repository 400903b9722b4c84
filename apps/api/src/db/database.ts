import fs from 'node:fs';
import path from 'node:path';
import Libsql from 'libsql';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type DatabaseConfig } from '@api/config';
import { migrationProvider } from './migrations';
import { type DatabaseSchema } from './schema';

export type DatabaseKind = DatabaseConfig['kind'];

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DatabaseSchema>;
  close(): Promise<void>;
}

const INT8_OID = 20;

// Times are stored as epoch ms in BIGINT columns; node-pg hands BIGINT back as text by default.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export function openDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10, types: pgTypes });
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    return { kind: 'postgres', db, close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  // libsql: the better-sqlite3 API (what Kysely's SqliteDialect drives) over SQLite, its binary
  // in a platform package of the npm registry; better-sqlite3's came from elsewhere, so every
  // `npm install` compiled SQLite from source (~2 min of a fresh install on this machine).
  const sqlite = new Libsql(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kind: 'sqlite', db, close: () => db.destroy() };
}

export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Falha ao migrar o banco de dados: ${reason}`);
  }
}
