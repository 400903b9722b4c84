import { type CrmLane } from './limiter';

/**
 * hit: served from the cache; stale: served from the cache past its freshness while it is read
 * again behind the answer; joined: waited for the same read under way; miss: read the CRM.
 */
export type CacheOutcome = 'hit' | 'stale' | 'joined' | 'miss';

/**
 * A short-lived cache of CRM reads per tenant: the tenant's reference data (users, pipelines,
 * stages, sources, campaigns, lost reasons, custom fields), or a CRM user's records (keys that
 * name the user). Concurrent misses of one key share one CRM call.
 *
 * With `staleMs`, an entry past its `ttlMs` is still answered at once for that long, and read
 * again behind it in the background lane (once, however many ask): nobody waits for a refresh,
 * and a key read all day costs the CRM one request per `ttlMs`. Without it, an expired entry is
 * read again while the caller waits.
 */
export interface ReferenceCache {
  get<T>(
    systemKey: string,
    key: string,
    load: (lane: CrmLane) => Promise<T>,
    options: { bypass: boolean },
  ): Promise<T>;
  /** What `key` holds now, unexpired, without loading it (undefined otherwise). */
  peek<T>(systemKey: string, key: string): T | undefined;
  /**
   * Keeps `value` as `key`'s fresh answer from now (the CRM's own answer to a write of that
   * record): a read of it under way, started before, is not kept over it.
   */
  put(systemKey: string, key: string, value: unknown): void;
  clearTenant(systemKey: string): void;
  /**
   * Drops the tenant's entries whose key `matches` (a record changed); `matches` gets the kept
   * value too (undefined for a read under way), so an entry that already shows the change can stay.
   */
  forget(systemKey: string, matches: (key: string, value: unknown) => boolean): void;
  /** Drops everything (changes may have been missed). */
  clearAll(): void;
}

export interface ReferenceCacheOptions {
  /** How long past its TTL an entry is still answered while it is read again behind it. */
  staleMs?: number;
  /** Each `get`'s outcome (the operator's metrics). */
  onOutcome?: (outcome: CacheOutcome) => void;
  maxEntries?: number;
}

const MAX_ENTRIES = 5000;

/**
 * `ttlMs`: how long an entry is fresh; a function of the tenant and key when that depends on what
 * keeps the entry true meanwhile (records: RD's webhooks on or off, crm/recordFreshness.ts), asked
 * at each read, so an entry kept while the webhooks were on is fresh only as long as the short
 * window once they are off.
 */
export function createReferenceCache(
  ttlMs: number | ((systemKey: string, key: string) => number),
  now: () => number,
  options: ReferenceCacheOptions = {},
): ReferenceCache {
  const entries = new Map<
    string,
    { value: unknown; keptAt: number; systemKey: string; key: string }
  >();
  const ttlOf = typeof ttlMs === 'number' ? () => ttlMs : ttlMs;
  const expiresAt = (entry: { keptAt: number; systemKey: string; key: string }) =>
    entry.keptAt + ttlOf(entry.systemKey, entry.key);
  const inflight = new Map<string, Promise<unknown>>();
  const staleMs = options.staleMs ?? 0;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const outcome = (result: CacheOutcome) => options.onOutcome?.(result);

  const keep = (cacheKey: string, systemKey: string, key: string, value: unknown) => {
    entries.delete(cacheKey);
    entries.set(cacheKey, { value, keptAt: now(), systemKey, key });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
  };

  const loadInto = <T>(
    cacheKey: string,
    systemKey: string,
    key: string,
    load: (lane: CrmLane) => Promise<T>,
    lane: CrmLane,
  ): Promise<T> => {
    const promise = load(lane).then((value) => {
      // A tenant cleared (or the record forgotten) while this read was under way: not kept.
      if (inflight.get(cacheKey) !== promise) return value;
      keep(cacheKey, systemKey, key, value);
      return value;
    });
    inflight.set(cacheKey, promise);
    const settle = () => {
      if (inflight.get(cacheKey) === promise) inflight.delete(cacheKey);
    };
    promise.then(settle, settle);
    return promise;
  };

  return {
    async get<T>(
      systemKey: string,
      key: string,
      load: (lane: CrmLane) => Promise<T>,
      options: { bypass: boolean },
    ): Promise<T> {
      const cacheKey = JSON.stringify([systemKey, key]);
      if (!options.bypass) {
        const hit = entries.get(cacheKey);
        const at = now();
        const until = hit ? expiresAt(hit) : -Infinity;
        if (hit && until > at) {
          outcome('hit');
          return hit.value as T;
        }
        const pending = inflight.get(cacheKey);
        if (hit && until + staleMs > at) {
          // Answered now; read again behind it, once (a failed refresh leaves the entry as it is).
          if (!pending)
            loadInto(cacheKey, systemKey, key, load, 'background').catch(() => undefined);
          outcome('stale');
          return hit.value as T;
        }
        if (pending) {
          outcome('joined');
          return pending as Promise<T>;
        }
      }
      outcome('miss');
      return loadInto(cacheKey, systemKey, key, load, 'interactive');
    },
    peek<T>(systemKey: string, key: string): T | undefined {
      const hit = entries.get(JSON.stringify([systemKey, key]));
      return hit && expiresAt(hit) > now() ? (hit.value as T) : undefined;
    },
    put(systemKey, key, value) {
      if (ttlOf(systemKey, key) <= 0) return;
      const cacheKey = JSON.stringify([systemKey, key]);
      inflight.delete(cacheKey);
      keep(cacheKey, systemKey, key, value);
    },
    clearTenant(systemKey) {
      for (const [cacheKey, entry] of entries)
        if (entry.systemKey === systemKey) entries.delete(cacheKey);
      for (const cacheKey of inflight.keys())
        if ((JSON.parse(cacheKey) as [string, string])[0] === systemKey) inflight.delete(cacheKey);
    },
    clearAll() {
      entries.clear();
      inflight.clear();
    },
    forget(systemKey, matches) {
      for (const [cacheKey, entry] of entries)
        if (entry.systemKey === systemKey && matches(entry.key, entry.value))
          entries.delete(cacheKey);
      for (const cacheKey of inflight.keys()) {
        const [tenant, key] = JSON.parse(cacheKey) as [string, string];
        if (tenant === systemKey && matches(key, undefined)) inflight.delete(cacheKey);
      }
    },
  };
}
