import { ApiError } from '../errors';
import { createMemoryRateLimiter } from './limiter';

function clock() {
  let now = 1_000_000;
  const waits: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
    waits,
  };
}

describe('createMemoryRateLimiter', () => {
  it('lets maxPerWindow requests through at once, then spaces the rest a window apart', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({
      maxPerWindow: 3,
      windowMs: 60_000,
      now: c.now,
      sleep: c.sleep,
    });
    for (let i = 0; i < 3; i += 1) await limiter.acquire('a', 120_000);
    expect(c.waits).toEqual([]);
    await limiter.acquire('a', 120_000);
    expect(c.waits).toEqual([60_000]);
  });

  it('never puts more than maxPerWindow requests in any window', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({
      maxPerWindow: 5,
      windowMs: 1000,
      now: c.now,
      sleep: c.sleep,
    });
    const sent: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      await limiter.acquire('a', 60_000);
      sent.push(c.now());
      c.advance(37);
    }
    for (const at of sent) {
      expect(sent.filter((other) => other >= at && other < at + 1000).length).toBeLessThanOrEqual(
        5,
      );
    }
  });

  it('keeps buckets apart', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({
      maxPerWindow: 1,
      windowMs: 60_000,
      now: c.now,
      sleep: c.sleep,
    });
    await limiter.acquire('a', 0);
    await limiter.acquire('b', 0);
    expect(c.waits).toEqual([]);
  });

  it('answers 429 with Retry-After instead of waiting past maxWaitMs', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({
      maxPerWindow: 1,
      windowMs: 60_000,
      now: c.now,
      sleep: c.sleep,
    });
    await limiter.acquire('a', 0);
    const error = await limiter.acquire('a', 5_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(429);
    expect((error as ApiError).headers['retry-after']).toBe('60');
  });

  it('holds a bucket until a Retry-After block ends', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({
      maxPerWindow: 100,
      windowMs: 60_000,
      now: c.now,
      sleep: c.sleep,
    });
    limiter.block('a', c.now() + 2_000);
    await limiter.acquire('a', 10_000);
    expect(c.waits).toEqual([2_000]);
  });
});
