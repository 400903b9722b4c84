import { createLookupCache } from './lookupCache';

describe('createLookupCache', () => {
  let now = 1_000;
  const clock = () => now;
  const cache = (ttlMs = 5_000, maxEntries = 10) =>
    createLookupCache<{ n: number } | null>({
      ttlMs,
      maxEntries,
      now: clock,
      keep: (value) => value !== null,
    });

  it('reads the store once per key within the TTL, and again once the entry is older', async () => {
    const lookups = cache();
    const load = jest.fn(async () => ({ n: 1 }));
    await lookups.get('a', load);
    now += 4_999;
    await lookups.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await lookups.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a key, or every key a test picks, at once', async () => {
    const lookups = cache();
    await lookups.get('a', async () => ({ n: 1 }));
    await lookups.get('b', async () => ({ n: 2 }));
    lookups.delete('a');
    expect(await lookups.get('a', async () => ({ n: 3 }))).toEqual({ n: 3 });
    lookups.deleteWhere((key) => key === 'b');
    expect(await lookups.get('b', async () => ({ n: 4 }))).toEqual({ n: 4 });
  });

  it('does not keep what a read in flight across an invalidation brought back', async () => {
    const lookups = cache();
    let finish: (value: { n: number }) => void = () => undefined;
    const stale = lookups.get('a', () => new Promise((resolve) => (finish = resolve)));
    lookups.delete('a');
    finish({ n: 1 });
    expect(await stale).toEqual({ n: 1 });
    expect(await lookups.get('a', async () => ({ n: 2 }))).toEqual({ n: 2 });
  });

  it('keeps no value its rule refuses, never more than maxEntries, and nothing with TTL 0', async () => {
    const lookups = cache(5_000, 2);
    const missing = jest.fn(async () => null);
    await lookups.get('x', missing);
    await lookups.get('x', missing);
    expect(missing).toHaveBeenCalledTimes(2);
    for (const key of ['a', 'b', 'c']) await lookups.get(key, async () => ({ n: 0 }));
    const reloaded = jest.fn(async () => ({ n: 9 }));
    await lookups.get('a', reloaded);
    expect(reloaded).toHaveBeenCalledTimes(1);
    const off = cache(0);
    const load = jest.fn(async () => ({ n: 1 }));
    await off.get('a', load);
    await off.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('hands out a frozen value, so no caller changes what the next one reads', async () => {
    const lookups = cache();
    const value = await lookups.get('a', async () => ({ n: 1 }));
    expect(Object.isFrozen(value)).toBe(true);
  });
});
