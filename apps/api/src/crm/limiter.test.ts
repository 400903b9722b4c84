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
  const waiter = (
    id: string,
    user: string,
    since = 0,
    lane: 'interactive' | 'background' = 'interactive',
  ) => ({ id, user, since, lane });

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

  it('gives a free slot to a person before older background work, and keeps the reserve for people', () => {
    const lanes = { ...options, maxPerWindow: 5, backgroundReserve: 1, backgroundAgingMs: 5_000 };
    const snapshot = {
      events: [
        { user: 'ana', at: 100 },
        { user: 'ana', at: 200 },
      ],
      waiters: [
        waiter('1', 'ana', 0, 'background'),
        waiter('2', 'bruno', 10, 'background'),
        waiter('3', 'carla', 500, 'interactive'),
      ],
      blockedUntil: 0,
    };
    // Three slots free, the last one kept for people: Carla's read, then Bruno's (who used least).
    expect(decide(snapshot, waiter('3', 'carla', 500), 600, lanes)).toEqual({ grant: true });
    expect(decide(snapshot, waiter('2', 'bruno', 10, 'background'), 600, lanes)).toEqual({
      grant: true,
    });
    // Ana's would take the reserve: she looks again when a request leaves the window.
    expect(decide(snapshot, waiter('1', 'ana', 0, 'background'), 600, lanes)).toEqual({
      grant: false,
      wakeAt: 1_100,
    });
  });

  it("serves background work that has waited backgroundAgingMs as a person's", () => {
    const lanes = { ...options, maxPerWindow: 2, backgroundReserve: 1, backgroundAgingMs: 5_000 };
    const snapshot = {
      events: [{ user: 'ana', at: 100 }],
      waiters: [waiter('1', 'ana', 0, 'background'), waiter('2', 'bruno', 500)],
      blockedUntil: 0,
    };
    // At 600 the last slot is the reserve's: Bruno's.
    expect(decide(snapshot, waiter('1', 'ana', 0, 'background'), 600, lanes).grant).toBe(false);
    expect(decide(snapshot, waiter('2', 'bruno', 500), 600, lanes)).toEqual({ grant: true });
    // At 5 000 Ana's background request has waited long enough, and is the older of the two.
    expect(decide(snapshot, waiter('1', 'ana', 0, 'background'), 5_000, lanes)).toEqual({
      grant: true,
    });
  });
});

describe('lanes: a person before background work', () => {
  it('lets an interactive read pass a queue of background reads on a saturated budget, and still serves them all', async () => {
    const rate = limiter({ maxPerWindow: 4, windowMs: 1_000, backgroundAgingMs: 10_000 });
    const granted: { what: string; at: number }[] = [];
    const take = (what: string, user: string, lane: 'interactive' | 'background') =>
      rate
        .acquire('tenant-a', user, 60_000, lane)
        .then(() => granted.push({ what, at: Date.now() }));
    // Bruno spent the window: four reads, 100 ms apart.
    for (let k = 0; k < 4; k += 1) {
      await take(`first-${k}`, 'bruno', 'interactive');
      await jest.advanceTimersByTimeAsync(100);
    }
    // Eight reads ahead for Ana queue (she used nothing: fairness alone would serve her first),
    // then Bruno opens a chat.
    const background = Array.from({ length: 8 }, (_, k) => take(`ahead-${k}`, 'ana', 'background'));
    await jest.advanceTimersByTimeAsync(100);
    const person = take('bruno', 'bruno', 'interactive');
    await jest.advanceTimersByTimeAsync(550);
    // The first slot that frees (START + 1 000) is Bruno's, though eight reads ahead were older.
    expect(granted.slice(4).map((g) => g.what)).toEqual(['bruno']);
    expect(granted[4]?.at).toBe(START + 1_000);
    await jest.advanceTimersByTimeAsync(10_000);
    await Promise.all([...background, person]);
    // Nothing starved: every read ahead went, in order, never more than four in any second.
    expect(granted.slice(5).map((g) => g.what)).toEqual(
      Array.from({ length: 8 }, (_, k) => `ahead-${k}`),
    );
    for (const { at } of granted)
      expect(granted.filter((g) => g.at >= at && g.at < at + 1_000).length).toBeLessThanOrEqual(4);
  });

  it('moves a background read to the interactive lane once a person waits for it', async () => {
    const rate = limiter({ maxPerWindow: 4, windowMs: 1_000, backgroundAgingMs: 10_000 });
    const granted: string[] = [];
    for (let k = 0; k < 4; k += 1) {
      await rate.acquire('tenant-a', 'bruno', 60_000, 'interactive');
      await jest.advanceTimersByTimeAsync(100);
    }
    // Two reads ahead for Ana wait; Carla's own read comes after them.
    const lanes: Record<string, 'interactive' | 'background'> = {
      first: 'background',
      second: 'background',
    };
    const ahead = ['first', 'second'].map((name) =>
      rate
        .acquire('tenant-a', 'ana', 60_000, () => lanes[name] ?? 'background')
        .then(() => granted.push(name)),
    );
    await jest.advanceTimersByTimeAsync(50);
    const carla = rate
      .acquire('tenant-a', 'carla', 60_000, 'interactive')
      .then(() => granted.push('carla'));
    // The panel asks for what the second read ahead is reading: a person now waits for it.
    lanes.second = 'interactive';
    await jest.advanceTimersByTimeAsync(1_000);
    await Promise.all([...ahead, carla]);
    // Slots free one at a time: the promoted read (Ana used least) and Carla's before the other.
    expect(granted).toEqual(['second', 'carla', 'first']);
  });

  it('keeps the last slots of a window for people even when nobody waits yet', async () => {
    const rate = limiter({ maxPerWindow: 3, windowMs: 1_000, backgroundReserve: 1 });
    const granted: string[] = [];
    void rate.acquire('tenant-a', 'ana', 60_000, 'background').then(() => granted.push('a1'));
    void rate.acquire('tenant-a', 'ana', 60_000, 'background').then(() => granted.push('a2'));
    void rate.acquire('tenant-a', 'ana', 60_000, 'background').then(() => granted.push('a3'));
    await jest.advanceTimersByTimeAsync(0);
    expect(granted).toEqual(['a1', 'a2']);
    await rate.acquire('tenant-a', 'carla', 0, 'interactive');
    expect(granted).toEqual(['a1', 'a2']);
  });

  it('lets a refresh behind a kept answer go only while the window keeps its headroom free, never waiting', async () => {
    const rate = limiter({ maxPerWindow: 10, windowMs: 1_000, backgroundReserve: 2 });
    // Five requests of people: five free, four left after one more; a headroom of 4 still fits…
    await Promise.all(Array.from({ length: 5 }, () => rate.acquire('tenant-a', 'ana', 0)));
    await expect(rate.acquire('tenant-a', 'bruno', 0, 'background', 4)).resolves.toBe(START);
    // …with four free, one more would leave three: it gives up at once with the CRM-busy 429,
    await expect(rate.acquire('tenant-a', 'bruno', 0, 'background', 4)).rejects.toMatchObject({
      statusCode: 429,
      code: 'crm_busy',
    });
    // while a person's request, and background work within the reserve, still go.
    await expect(rate.acquire('tenant-a', 'carla', 0, 'interactive')).resolves.toBe(START);
    await expect(rate.acquire('tenant-a', 'carla', 0, 'background')).resolves.toBe(START);
    // Once the window has slid, the refresh has its room again.
    await jest.advanceTimersByTimeAsync(1_000);
    await expect(rate.acquire('tenant-a', 'bruno', 0, 'background', 4)).resolves.toBe(
      START + 1_000,
    );
  });

  it('decides the same for a refresh that must queue behind others: no slot while its headroom is missing', () => {
    const options = { maxPerWindow: 10, windowMs: 1_000, pollMs: 10, backgroundReserve: 2 };
    const events = Array.from({ length: 6 }, () => ({ user: 'ana', at: START }));
    const me = { id: 'r', user: 'bruno', since: START, lane: 'background' as const, headroom: 4 };
    const other = { id: 'p', user: 'carla', since: START, lane: 'interactive' as const };
    expect(decide({ events, waiters: [other, me], blockedUntil: 0 }, me, START, options)).toEqual({
      grant: false,
      wakeAt: START + 1_000,
    });
    expect(
      decide({ events: events.slice(1), waiters: [me], blockedUntil: 0 }, me, START, options),
    ).toEqual({ grant: true });
  });
});
