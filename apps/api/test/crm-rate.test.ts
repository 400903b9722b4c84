import { type RateLimiter, createPostgresRateLimiter, sleep } from '@api/crm/limiter';
import { type Database, migrateToLatest, openDatabase } from '@api/db/database';
import { type TestPostgres, startTestPostgres } from './support/postgres';

// The CRM's rate per tenant across api processes: two limiters on one PostgreSQL are two processes.

let pg: TestPostgres;
let database: Database;
beforeAll(async () => {
  pg = await startTestPostgres();
  database = openDatabase({ kind: 'postgres', url: await pg.createDatabase() });
  await migrateToLatest(database);
}, 60_000);
afterAll(async () => {
  await database.close();
  await pg.stop();
});

const WINDOW_MS = 1_000;
const processes = (maxPerWindow: number): [RateLimiter, RateLimiter] => {
  const options = { maxPerWindow, windowMs: WINDOW_MS, pollMs: 10, now: Date.now, sleep };
  return [
    createPostgresRateLimiter(database, options),
    createPostgresRateLimiter(database, options),
  ];
};

interface Grant {
  user: string;
  at: number;
}

function burst(limiter: RateLimiter, bucket: string, user: string, count: number, grants: Grant[]) {
  return Array.from({ length: count }, () =>
    limiter.acquire(bucket, user, 10_000).then((at) => grants.push({ user, at })),
  );
}

it('never lets the tenant’s requests from two processes exceed the window', async () => {
  const [a, b] = processes(4);
  const grants: Grant[] = [];
  await Promise.all([
    ...burst(a, 'tenant-window', 'ana', 5, grants),
    ...burst(b, 'tenant-window', 'bruno', 5, grants),
  ]);
  expect(grants).toHaveLength(10);
  // The times each slot was counted at, inside the bucket's lock.
  for (const { at } of grants) {
    const inWindow = grants.filter((g) => g.at >= at && g.at < at + WINDOW_MS);
    expect(inWindow.length).toBeLessThanOrEqual(4);
  }
  // Ten requests at 4 a window need three windows.
  const times = grants.map((g) => g.at);
  expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(2 * WINDOW_MS);
}, 20_000);

it('gives a user of another process a fair share while one user’s burst waits', async () => {
  const [a, b] = processes(4);
  const grants: Grant[] = [];
  const ana = burst(a, 'tenant-fair', 'ana', 10, grants);
  // Bruno comes once Ana alone has filled the first window (however slow this machine is),
  // while her 6 others wait.
  while (grants.length < 4) await sleep(5);
  expect(grants.map((g) => g.user)).toEqual(['ana', 'ana', 'ana', 'ana']);
  const bruno = burst(b, 'tenant-fair', 'bruno', 2, grants);
  await Promise.all([...ana, ...bruno]);
  // In the order the slots were counted: 4 a window, so the second window is slots 4 to 7.
  const order = [...grants].sort((x, y) => x.at - y.at).map((g) => g.user);
  expect(order.slice(0, 4)).toEqual(['ana', 'ana', 'ana', 'ana']);
  // First come, first served would put Bruno after all of Ana's 10 (the third window).
  expect(order.slice(4, 8).filter((user) => user === 'bruno')).toHaveLength(2);
  const brunoDone = Math.max(...grants.filter((g) => g.user === 'bruno').map((g) => g.at));
  const firstAt = Math.min(...grants.map((g) => g.at));
  expect(brunoDone).toBeLessThan(firstAt + 2 * WINDOW_MS + 500);
  const anaDone = Math.max(...grants.filter((g) => g.user === 'ana').map((g) => g.at));
  expect(anaDone).toBeGreaterThan(brunoDone);
}, 20_000);

it('answers 429 instead of waiting too long, and a Retry-After blocks the tenant in every process', async () => {
  const [a, b] = processes(2);
  await a.acquire('tenant-block', 'ana', 0);
  await a.acquire('tenant-block', 'ana', 0);
  await expect(b.acquire('tenant-block', 'bruno', 100)).rejects.toMatchObject({
    statusCode: 429,
    headers: { 'retry-after': '1' },
  });

  await a.block('tenant-other', Date.now() + 600);
  const started = Date.now();
  await b.acquire('tenant-other', 'bruno', 5_000);
  expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  await expect(b.acquire('tenant-other-2', 'bruno', 0)).resolves.toEqual(expect.any(Number));
  const waiters = await database.db.selectFrom('crm_rate_waiters').selectAll().execute();
  expect(waiters).toEqual([]);
}, 20_000);

it('serves a person waiting in one process before background work queued in another', async () => {
  // A longer window than the other tests': the person must be queued before the first slot
  // frees, however slow this machine is at the moment.
  const options = {
    maxPerWindow: 4,
    windowMs: 3 * WINDOW_MS,
    pollMs: 10,
    now: Date.now,
    sleep,
    backgroundAgingMs: 60_000,
  };
  const a = createPostgresRateLimiter(database, options);
  const b = createPostgresRateLimiter(database, options);
  const grants: (Grant & { lane: string })[] = [];
  const take = (limiter: RateLimiter, user: string, lane: 'interactive' | 'background') =>
    limiter
      .acquire('tenant-lanes', user, 10_000, lane)
      .then((at) => grants.push({ user, at, lane }));
  // Bruno fills the window in process A; Ana's reads ahead queue in process B (she used nothing:
  // fairness alone would serve her first); then Bruno opens a chat in process A.
  // One slot frees at a time: Bruno's four reads go 100 ms apart.
  for (let k = 0; k < 4; k += 1) {
    await take(a, 'bruno', 'interactive');
    await sleep(100);
  }
  const background = [0, 1, 2, 3].map(() => take(b, 'ana', 'background'));
  await sleep(50);
  const person = take(a, 'bruno', 'interactive');
  await Promise.all([...background, person]);
  const order = [...grants].sort((x, y) => x.at - y.at).map((g) => `${g.user}/${g.lane}`);
  // The first slot to free is the person's, though four reads ahead were waiting before him.
  expect(order[4]).toBe('bruno/interactive');
  expect(order.slice(5)).toEqual(Array(4).fill('ana/background'));
}, 20_000);
