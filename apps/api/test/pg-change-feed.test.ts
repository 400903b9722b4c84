// Across api processes on one PostgreSQL database, changes travel by
// LISTEN/NOTIFY; each subscriber gets each change once, and a dropped LISTEN connection comes back.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { DEFAULT_LIVE_CONFIG } from '@api/config';
import { createLiveStreams } from '@api/changes/liveStreams';
import { MAX_NOTIFY_BYTES, notifyPayload, type PgChangeFeed } from '@api/changes/pgChangeFeed';
import { type RecordChange } from '@api/changes/recordChange';
import { dealChange } from './support/changes';
import { buildApp } from '@api/app';
import { type FastifyInstance } from 'fastify';
import { type TestPostgres, startTestPostgres } from './support/postgres';
import { TEST_SECRET_KEY } from './support/harness';

let server: TestPostgres;
let url: string;
const apps: FastifyInstance[] = [];
const closers: (() => void)[] = [];

const change = dealChange;

const apiProcess = async () => {
  const app = await buildApp({
    database: { kind: 'postgres', url },
    secretKey: TEST_SECRET_KEY,
    logger: false,
  });
  apps.push(app);
  const seen: string[] = [];
  app.changes.subscribe((c) => seen.push(c.id));
  return { app, seen };
};

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('não chegou a tempo');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

beforeAll(async () => {
  server = await startTestPostgres();
  url = await server.createDatabase();
}, 60_000);
afterAll(async () => {
  for (const close of closers) close();
  for (const app of apps) await app.close();
  await server.stop();
});

describe('the PostgreSQL ChangeFeed', () => {
  it('carries a change published in one process to the subscribers of the other, once each', async () => {
    const one = await apiProcess();
    const two = await apiProcess();
    one.app.changes.publish(change('c1'));
    two.app.changes.publish(change('c2'));
    await until(() => one.seen.length === 2 && two.seen.length === 2);
    // Time for a duplicate (the publisher's own NOTIFY) to show up, if it were to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(one.seen).toEqual(['c1', 'c2']);
    expect(two.seen).toEqual(['c2', 'c1']);
  });

  it('listens again after its LISTEN connection is dropped', async () => {
    const one = await apiProcess();
    const two = await apiProcess();
    const feed = two.app.changes;
    if (!('listenerPid' in feed) || typeof feed.listenerPid !== 'function')
      throw new Error('o feed do PostgreSQL diz qual conexão escuta');
    const listenerPid = () => (feed as PgChangeFeed).listenerPid();
    const pid = listenerPid();
    expect(pid).not.toBeNull();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    await until(() => listenerPid() !== null && listenerPid() !== pid);
    one.app.changes.publish(change('after-drop'));
    await until(() => two.seen.includes('after-drop'));
    expect(two.seen).toEqual(['after-drop']);
  });

  it('sends resync to every open stream of a process whose LISTEN connection came back, and only there', async () => {
    const one = await apiProcess();
    const two = await apiProcess();
    const feed = two.app.changes as PgChangeFeed;
    // The process's streams, as GET /api/events opens them (changes/liveStreams.ts).
    const sink = () => {
      const res = Object.assign(new EventEmitter(), {
        writableEnded: false,
        destroyed: false,
        written: '',
        write: (text: string) => (res.written += text),
        end: () => (res.writableEnded = true),
      });
      return res;
    };
    const streamsOf = (app: FastifyInstance) => {
      const streams = createLiveStreams(app.changes, DEFAULT_LIVE_CONFIG);
      closers.push(() => streams.close());
      return streams;
    };
    const onTwo = [sink(), sink()];
    const onOne = sink();
    const twoStreams = streamsOf(two.app);
    onTwo.forEach((res, i) =>
      twoStreams.open({ systemKey: `tenant-${i}`, person: `s${i}`, tab: null }, res, null),
    );
    streamsOf(one.app).open({ systemKey: 'tenant-0', person: 's0', tab: null }, onOne, null);
    const pid = feed.listenerPid();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    await until(() => onTwo.every((res) => res.written.includes('event: resync')));
    expect(feed.listenerPid()).not.toBe(pid);
    for (const res of onTwo) expect(res.written).toBe('retry: 3000\n\nevent: resync\ndata: {}\n\n');
    // Listening again before the resync: a change published now reaches the streams.
    one.app.changes.publish(change('after-resync', 'tenant-0'));
    await until(() => onTwo[0]?.written.includes('after-resync') === true);
    expect(onOne.written).not.toContain('event: resync');
  });

  it('fits every change under the NOTIFY limit: long field values are cut, then fields dropped', () => {
    const long = 'x'.repeat(5_000);
    const big = { ...change('big'), fields: [{ field: 'title', before: long, after: long }] };
    const cut = JSON.parse(notifyPayload(big)) as RecordChange;
    expect(cut.fields[0]?.after).toBe(`${'x'.repeat(200)}…`);
    const many = {
      ...change('many'),
      fields: Array.from({ length: 100 }, (_, i) => ({
        field: `f${i}`,
        before: long,
        after: long,
      })),
    };
    const bare = JSON.parse(notifyPayload(many)) as RecordChange;
    expect(bare.fields).toEqual([]);
    expect(bare.record).toEqual(many.record);
    expect(Buffer.byteLength(notifyPayload(many))).toBeLessThan(MAX_NOTIFY_BYTES);
    expect(notifyPayload(change('small'))).toBe(JSON.stringify(change('small')));
  });

  it('delivers a change of the maximum size through PostgreSQL', async () => {
    const one = await apiProcess();
    const two = await apiProcess();
    const long = 'é'.repeat(3_000);
    one.app.changes.publish({
      ...change('wide'),
      fields: Array.from({ length: 40 }, (_, i) => ({ field: `f${i}`, before: long, after: long })),
    });
    await until(() => two.seen.includes('wide'));
    expect(one.seen).toEqual(['wide']);
  });
});
