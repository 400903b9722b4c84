// A throwaway PostgreSQL 15 for the tests that need one: the api's storage and live-update
// tests, and the e2e journey with two api processes on one database.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** A PostgreSQL server for the storage tests; each test gets its own database. */
export interface TestPostgres {
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function databaseCreator(adminUrl: string) {
  const created: string[] = [];
  let counter = 0;
  return {
    created,
    async createDatabase(): Promise<string> {
      counter += 1;
      const name = `crm_api_test_${process.pid}_${Date.now().toString(36)}_${counter}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
  };
}

/**
 * TEST_DATABASE_URL when set (CI with a running server); otherwise a throwaway cluster from
 * Debian's PostgreSQL 15 binaries on a random loopback port, removed by stop().
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const creator = databaseCreator(external);
    return {
      createDatabase: creator.createDatabase,
      async stop() {
        const client = new pg.Client({ connectionString: external });
        await client.connect();
        try {
          for (const name of creator.created)
            await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await client.end();
        }
      },
    };
  }

  const initdb = path.join(BIN_DIR, 'initdb');
  const pgCtl = path.join(BIN_DIR, 'pg_ctl');
  if (!fs.existsSync(initdb) || !fs.existsSync(pgCtl)) {
    throw new Error(
      `PostgreSQL 15 não encontrado em ${BIN_DIR}: instale o pacote postgresql-15 (apt-get install postgresql-15), ` +
        'defina PG_BIN_DIR, ou aponte TEST_DATABASE_URL para um servidor em execução.',
    );
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const exec = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  await exec(initdb, [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  await exec(pgCtl, [
    '-D',
    dataDir,
    '-l',
    path.join(root, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    'start',
  ]);
  const creator = databaseCreator(`postgres://postgres@127.0.0.1:${port}/postgres`);
  return {
    createDatabase: creator.createDatabase,
    async stop() {
      try {
        await exec(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
