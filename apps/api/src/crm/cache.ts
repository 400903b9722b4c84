/**
 * Short-lived cache of reference data (users, pipelines, stages, sources, campaigns, lost
 * reasons, custom fields) per tenant. Concurrent misses of one key share one CRM call.
 */
export interface ReferenceCache {
  get<T>(
    systemKey: string,
    key: string,
    load: () => Promise<T>,
    options: { bypass: boolean },
  ): Promise<T>;
  /** What `key` holds now, unexpired, without loading it (undefined otherwise). */
  peek<T>(systemKey: string, key: string): T | undefined;
  clearTenant(systemKey: string): void;
}

const MAX_ENTRIES = 5000;

export function createReferenceCache(ttlMs: number, now: () => number): ReferenceCache {
  const entries = new Map<string, { value: unknown; expiresAt: number; systemKey: string }>();
  const inflight = new Map<string, Promise<unknown>>();

  return {
    async get<T>(
      systemKey: string,
      path: string,
      load: () => Promise<T>,
      options: { bypass: boolean },
    ): Promise<T> {
      const key = JSON.stringify([systemKey, path]);
      if (!options.bypass) {
        const hit = entries.get(key);
        if (hit && hit.expiresAt > now()) return hit.value as T;
        const pending = inflight.get(key);
        if (pending) return pending as Promise<T>;
      }
      const promise = load().then((value) => {
        entries.delete(key);
        entries.set(key, { value, expiresAt: now() + ttlMs, systemKey });
        if (entries.size > MAX_ENTRIES) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        return value;
      });
      inflight.set(key, promise);
      try {
        return await promise;
      } finally {
        if (inflight.get(key) === promise) inflight.delete(key);
      }
    },
    peek<T>(systemKey: string, path: string): T | undefined {
      const hit = entries.get(JSON.stringify([systemKey, path]));
      return hit && hit.expiresAt > now() ? (hit.value as T) : undefined;
    },
    clearTenant(systemKey) {
      for (const [key, entry] of entries) if (entry.systemKey === systemKey) entries.delete(key);
    },
  };
}
