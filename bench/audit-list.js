// The audit list at 1,000,000 rows: p50/p95 of its first page and of filtered
// pages (person, record, period), with the migration's indexes and side by side with the same
// queries once those indexes are dropped. SQLite (the default store), through the api's own
// repository (apps/api/src/db/repositories/auditRepository.ts): the same SQL GET /api/audit runs.
//
// BENCH_AUDIT_ROWS=n changes the row count (default 1,000,000); BENCH_AUDIT_RUNS=n the samples
// per query (default 40 with the indexes, 5 without: a full scan and sort takes a while).
const fs = require('fs');
const os = require('os');
const path = require('path');
const { require: tsxRequire } = require('tsx/cjs/api');

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 40);
const RUNS_WITHOUT_INDEX = Math.max(3, Math.round(RUNS / 8));
const TENANTS = 20;
const PEOPLE_PER_TENANT = 50;
const DEALS_PER_TENANT = 5000;
const DAY = 24 * 60 * 60_000;
const SPAN_DAYS = 180;
const END = Date.parse('2026-11-26T12:00:00.000Z');
const PAGE = 50;

/** A small fixed-seed generator: the same rows on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function fill(file) {
  const Libsql = require('libsql');
  const sqlite = new Libsql(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const insert = sqlite.prepare(
    `insert into audit_events (id, system_key, at, origin, actor_user_id, actor_name, actor_verified,
       attendance_id, chat_id, record_type, record_id, deal_id, contact_id, action, fields)
     values (?, ?, ?, 'panel', ?, ?, 1, ?, ?, ?, ?, ?, null, 'updated', ?)`,
  );
  const next = random(15);
  const types = ['deal', 'deal', 'deal', 'note', 'task', 'dealProduct', 'contact'];
  const batch = sqlite.transaction((from, to) => {
    for (let i = from; i < to; i += 1) {
      const tenant = Math.floor(next() * TENANTS);
      const person = Math.floor(next() * PEOPLE_PER_TENANT);
      const deal = Math.floor(next() * DEALS_PER_TENANT);
      const type = types[Math.floor(next() * types.length)];
      const at = END - Math.floor(next() * SPAN_DAYS * DAY);
      const dealId = `deal-${deal}`;
      insert.run(
        `e-${i.toString(36).padStart(8, '0')}`,
        `tenant-${tenant}`,
        at,
        `user-${person}`,
        `Pessoa ${person}`,
        `at-${Math.floor(next() * 100000)}`,
        `canal-${tenant}`,
        type,
        type === 'deal' ? dealId : `${type}-${i}`,
        dealId,
        '[{"field":"stage_id","before":"stage-1","after":"stage-2"}]',
      );
    }
  });
  for (let from = 0; from < ROWS; from += 50_000) batch(from, Math.min(ROWS, from + 50_000));
  sqlite.close();
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(run, times) {
  await run();
  const samples = [];
  for (let i = 0; i < times; i += 1) {
    const start = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  return { p50Ms: round(percentile(samples, 50)), p95Ms: round(percentile(samples, 95)) };
}

async function run() {
  const root = path.resolve(__dirname, '..');
  const api = (file) => tsxRequire(path.join(root, 'apps/api/src', file), __filename);
  const { openDatabase, migrateToLatest } = api('db/database.ts');
  const { AUDIT_INDEXES } = api('db/migrations.ts');
  const { createAuditRepository } = api('db/repositories/auditRepository.ts');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  const file = path.join(dir, 'audit.sqlite');
  try {
    const database = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(database);
    // Batched inserts are faster without the indexes; they are built once the rows are in.
    for (const [name] of AUDIT_INDEXES) await database.db.schema.dropIndex(name).execute();
    const filled = Date.now();
    fill(file);
    const fillSeconds = (Date.now() - filled) / 1000;
    const createIndexes = async () => {
      for (const [name, columns] of AUDIT_INDEXES)
        await database.db.schema.createIndex(name).on('audit_events').columns(columns).execute();
    };
    const indexed = Date.now();
    await createIndexes();
    const indexSeconds = (Date.now() - indexed) / 1000;
    const audit = createAuditRepository(database);
    // What the api does at start and after every purge (auditTrail.ts).
    const analyzed = Date.now();
    await audit.analyze();
    const analyzeSeconds = (Date.now() - analyzed) / 1000;

    const tenant = 'tenant-7';
    const week = { from: END - 14 * DAY, to: END - 7 * DAY };
    const queries = {
      'primeira página': {},
      pessoa: { userId: 'user-13' },
      'registro (negociação + id)': { recordType: 'deal', recordId: 'deal-42' },
      'período (7 dias)': week,
      'pessoa + período': { userId: 'user-13', ...week },
    };
    const page = (filters) => () => audit.list(tenant, filters, PAGE);

    const withIndex = {};
    for (const [label, filters] of Object.entries(queries))
      withIndex[label] = await measure(page(filters), RUNS);
    for (const [name] of AUDIT_INDEXES) await database.db.schema.dropIndex(name).execute();
    const withoutIndex = {};
    for (const [label, filters] of Object.entries(queries))
      withoutIndex[label] = await measure(page(filters), RUNS_WITHOUT_INDEX);
    await database.close();

    const rows = Object.keys(queries).map((label) => [
      label,
      `com índice p50 ${withIndex[label].p50Ms} / p95 ${withIndex[label].p95Ms}` +
        ` · sem índice p50 ${withoutIndex[label].p50Ms} / p95 ${withoutIndex[label].p95Ms}`,
    ]);
    return {
      name: 'audit-list',
      unit: 'ms por página de 50 (SQLite)',
      store: 'sqlite',
      rows: [
        ['linhas', ROWS.toLocaleString('pt-BR')],
        ['inserção (s)', fillSeconds],
        ['criação dos índices (s)', indexSeconds],
        ['estatísticas (ANALYZE, s)', analyzeSeconds],
        ...rows,
      ],
      totalRows: ROWS,
      tenants: TENANTS,
      peoplePerTenant: PEOPLE_PER_TENANT,
      dealsPerTenant: DEALS_PER_TENANT,
      spanDays: SPAN_DAYS,
      pageSize: PAGE,
      samples: { withIndex: RUNS, withoutIndex: RUNS_WITHOUT_INDEX },
      fillSeconds,
      indexSeconds,
      analyzeSeconds,
      withIndex,
      withoutIndex,
      postgres: 'não medido nesta execução (sem DATABASE_URL)',
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { run };
