import { ApiError } from '@api/errors';
import { type RateLimiterOptions, createMemoryRateLimiter, decide, sleep } from './limiter';

const START = 1_000_000;

function limiter(overrides: Partial<RateLimiterOptions> = {}) {
  return createMemoryRateLimiter({
    maxPerWindow: 4,
    windowMs: 1_000,
    pollMs: 10,
    now: () => Date.now(),
    sleep,
    ...overrides,
  });
}

/** Starts `count` acquisitions of `user` and records when each was granted. */
function burst(
  rate: ReturnType<typeof limiter>,
  user: string,
  count: number,
  granted: { user: string; at: number }[],
  maxWaitMs = 60_000,
  bucket = 'tenant-a',
) {
  return Array.from({ length: count }, () =>
    rate.acquire(bucket, user, maxWaitMs).then(() => granted.push({ user, at: Date.now() })),
  );
}

beforeEach(() => {
  jest.useFakeTimers({ now: START });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('createMemoryRateLimiter: the tenant is the bucket', () => {
  it('lets maxPerWindow requests through at once; the next one waits for the oldest to leave', async () => {
    const rate = limiter();
    const granted: { user: string; at: number }[] = [];
    const all = burst(rate, 'ana', 5, granted);
    await jest.advanceTimersByTimeAsync(0);
    expect(granted.map((g) => g.at)).toEqual([START, START, START, START]);
    await jest.advanceTimersByTimeAsync(1_000);
    await Promise.all(all);
    expect(granted.map((g) => g.at)).toEqual([START, START, START, START, START + 1_000]);
  });

  it('never puts more than maxPerWindow requests of a tenant in any window, whoever sends them', async () => {
    const rate = limiter();
    const granted: { user: string; at: number }[] = [];
    const all = [
      ...burst(rate, 'ana', 9, granted),
      ...burst(rate, 'bruno', 7, granted),
      ...burst(rate, 'carla', 3, granted),
    ];
    await jest.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    expect(granted).toHaveLength(19);
    for (const { at } of granted) {
      expect(granted.filter((g) => g.at >= at && g.at < at + 1_000).length).toBeLessThanOrEqual(4);
    }
  });

  it('keeps tenants apart', async () => {
    const rate = limiter({ maxPerWindow: 1 });
    const granted: { user: string; at: number }[] = [];
    const all = [
      ...burst(rate, 'ana', 1, granted, 0, 'tenant-a'),
      ...burst(rate, 'ana', 1, granted, 0, 'tenant-b'),
    ];
    await Promise.all(all);
    expect(granted.map((g) => g.at)).toEqual([START, START]);
  });

  it('lets several users through at once while the window has a slot for each waiting request', async () => {
    const rate = limiter({ maxPerWindow: 100, pollMs: 25 });
    const granted: { user: string; at: number }[] = [];
    const all = ['ana', 'bruno', 'carla', 'davi'].flatMap((user) => burst(rate, user, 2, granted));
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all(all);
    // Nobody waited a poll for a slot nobody else needed.
    expect(granted.map((g) => g.at)).toEqual(Array(8).fill(START));
  });

  it('lets a user alone use the whole window', async () => {
    const rate = limiter();
    const granted: { user: string; at: number }[] = [];
    await Promise.all(burst(rate, 'ana', 4, granted));
    expect(granted).toHaveLength(4);
  });

  it('shares a full tenant fairly: while others wait, each slot goes to the user who used least', async () => {
    const rate = limiter();
    const granted: { user: string; at: number }[] = [];
    // Ana fills the window and queues 6 more; Bruno and Carla then need 2 each.
    const ana = burst(rate, 'ana', 10, granted);
    await jest.advanceTimersByTimeAsync(100);
    const others = [...burst(rate, 'bruno', 2, granted), ...burst(rate, 'carla', 2, granted)];
    await jest.advanceTimersByTimeAsync(5_000);
    await Promise.all([...ana, ...others]);
    const inWindow = (from: number) =>
      granted
        .filter((g) => g.at >= START + from && g.at < START + from + 1_000)
        .map((g) => g.user)
        .sort();
    expect(inWindow(0)).toEqual(['ana', 'ana', 'ana', 'ana']);
    // Ana's queue came first, yet each window gives one slot per waiting user, and the fourth to
    // the oldest request among those who used least.
    expect(inWindow(1_000)).toEqual(['ana', 'ana', 'bruno', 'carla']);
    expect(inWindow(2_000)).toEqual(['ana', 'ana', 'bruno', 'carla']);
    expect(inWindow(3_000)).toEqual(['ana', 'ana']);
    // First come, first served would have made Carla wait for all of Ana's (until START + 3 s).
    const lastOf = (user: string) =>
      Math.max(...granted.filter((g) => g.user === user).map((g) => g.at));
    expect(lastOf('carla')).toBeLessThan(START + 2_100);
    expect(lastOf('bruno')).toBeLessThan(START + 2_100);
  });

  it('answers 429 with Retry-After instead of waiting past maxWaitMs', async () => {
    const rate = limiter({ maxPerWindow: 1, windowMs: 60_000 });
    await rate.acquire('tenant-a', 'ana', 0);
    const error = await rate.acquire('tenant-a', 'bruno', 5_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(429);
    expect((error as ApiError).headers['retry-after']).toBe('60');
    // The refused request does not wait in line: the next one is decided without it.
    await jest.advanceTimersByTimeAsync(60_000);
    await rate.acquire('tenant-a', 'ana', 0);
  });

  it('holds the whole tenant until a Retry-After block ends, for every user', async () => {
    const rate = limiter({ maxPerWindow: 100 });
    await rate.block('tenant-a', START + 2_000);
    const granted: { user: string; at: number }[] = [];
    const all = [...burst(rate, 'ana', 1, granted), ...burst(rate, 'bruno', 1, granted)];
    await jest.advanceTimersByTimeAsync(2_000);
    await Promise.all(all);
    expect(granted.map((g) => g.at)).toEqual([START + 2_000, START + 2_000]);
    await rate.acquire('tenant-b', 'carla', 0);
  });
});

describe('decide', () => {
  const options = { maxPerWindow: 2, windowMs: 1_000, pollMs: 10 };
  const waiter = (id: string, user: string, since = 0) => ({ id, user, since });

  it('grants the waiting user with the fewest requests in the window, oldest first on a tie', () => {
    const snapshot = {
      events: [{ user: 'ana', at: 500 }],
      waiters: [waiter('1', 'ana', 0), waiter('2', 'bruno', 10), waiter('3', 'carla', 5)],
      blockedUntil: 0,
    };
    expect(decide(snapshot, waiter('3', 'carla', 5), 600, options)).toEqual({ grant: true });
    expect(decide(snapshot, waiter('2', 'bruno', 10), 600, options)).toEqual({
      grant: false,
      wakeAt: 610,
    });
    expect(decide(snapshot, waiter('1', 'ana', 0), 600, options)).toEqual({
      grant: false,
      wakeAt: 610,
    });
    // Any request of the chosen user may take the user's slot.
    expect(decide(snapshot, waiter('4', 'carla', 20), 600, options)).toEqual({ grant: true });
  });

  it('waits for the oldest request to leave a full window, or for the block to end', () => {
    const full = {
      events: [
        { user: 'ana', at: 300 },
        { user: 'ana', at: 200 },
      ],
      waiters: [waiter('1', 'bruno')],
      blockedUntil: 0,
    };
    expect(decide(full, waiter('1', 'bruno'), 900, options)).toEqual({
      grant: false,
      wakeAt: 1_200,
    });
    expect(
      decide({ ...full, events: [], blockedUntil: 5_000 }, waiter('1', 'bruno'), 900, options),
    ).toEqual({ grant: false, wakeAt: 5_000 });
  });
});
