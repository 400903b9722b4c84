/**
 * A bounded, short-lived in-process copy of store reads that every request repeats (the panel
 * session of a token, terms, credentials, the CRM tokens). The repository that owns a table
 * invalidates its entries after each of its own writes, before the write returns, so this process
 * never serves what it changed itself; a change made by another api process (PostgreSQL) is seen
 * once the entry is older than `ttlMs`. `ttlMs` 0 reads the store every time.
 */
export interface LookupCache<V> {
  /** The cached value of `key`, or `load()`'s (kept unless an invalidation ran meanwhile). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  /** Forgets every entry whose key passes `test` (tenant-wide writes). */
  deleteWhere(test: (key: string, value: V) => boolean): void;
}

export interface LookupCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
  /** Values worth keeping (e.g. not the null of an unknown token, which anyone can send). */
  keep?: (value: V) => boolean;
}

/** Freezes a value and what it holds, so a shared cached value cannot be changed by one caller. */
function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function createLookupCache<V>(options: LookupCacheOptions<V>): LookupCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  // Bumped by every invalidation: a read that was in flight across one may hold what the write
  // just replaced, so it answers its caller but is not kept.
  let generation = 0;
  const invalidated = () => {
    generation += 1;
  };

  return {
    async get(key, load) {
      if (options.ttlMs <= 0) return load();
      const startedAt = options.now();
      const hit = entries.get(key);
      if (hit) {
        if (hit.expiresAt > startedAt) return hit.value;
        entries.delete(key);
      }
      const started = generation;
      const value = await load();
      if (started === generation && (options.keep?.(value) ?? true)) {
        // Its age counts from before the read, so no entry outlives the TTL after the store's state.
        entries.set(key, { value: deepFreeze(value), expiresAt: startedAt + options.ttlMs });
        if (entries.size > options.maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
      }
      return value;
    },
    delete(key) {
      invalidated();
      entries.delete(key);
    },
    deleteWhere(test) {
      invalidated();
      for (const [key, entry] of entries) if (test(key, entry.value)) entries.delete(key);
    },
  };
}
