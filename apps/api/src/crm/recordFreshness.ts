/**
 * How long a CRM user's kept record is fresh (crm/cache.ts's `ttlMs` for records). A record whose
 * every change RD announces by webhook (changes/crmWebhooks.ts, CRM_WEBHOOK_EVENTS: a deal, a
 * contact, a task and the lists of tasks) is kept true by those pushes while the
 * tenant's webhooks are on: then it is fresh for `withWebhooksMs`, a bounded maximum age all the
 * same (a delivery RD lost is never waited for longer). Anything else (an organization, a deal's
 * notes or products, which RD has no event for, a search or the picker's list, which a deal
 * created in RD would change unannounced) and
 * every record of a tenant whose webhooks are off: `freshMs`.
 */
export interface RecordFreshness {
  /** The freshness of the kept record `key` (JSON [owner, path?query]) of the tenant, now. */
  ttlMs(systemKey: string, key: string): number;
}

export interface RecordFreshnessOptions {
  freshMs: number;
  withWebhooksMs: number;
  /**
   * Whether the tenant's webhooks are on (the store's last check found each event's webhook
   * active at this api's receiver, CrmWebhooks.status).
   */
  webhooksOn(systemKey: string): Promise<boolean>;
  now: () => number;
  /** How long a tenant's webhook state is trusted before the store is asked again. */
  recheckMs: number;
  onError?: (error: unknown) => void;
}

/** The CRM paths whose every change RD's webhooks announce (query aside). */
const ANNOUNCED = [/^\/deals\/[^/]+$/, /^\/contacts\/[^/]+$/, /^\/tasks(?:\/[^/]+)?$/];

export function announcedByWebhooks(pathAndQuery: string): boolean {
  const path = pathAndQuery.split('?')[0] ?? '';
  return ANNOUNCED.some((pattern) => pattern.test(path));
}

export function createRecordFreshness(options: RecordFreshnessOptions): RecordFreshness {
  const known = new Map<string, { on: boolean; at: number }>();
  const asking = new Set<string>();
  /**
   * The tenant's last known state, asked again behind it once older than `recheckMs`: a read of a
   * kept record never waits for the store. Unknown counts as off (the shorter freshness).
   */
  const webhooksOn = (systemKey: string): boolean => {
    const state = known.get(systemKey);
    if ((!state || options.now() - state.at >= options.recheckMs) && !asking.has(systemKey)) {
      asking.add(systemKey);
      options
        .webhooksOn(systemKey)
        .then(
          (on) => {
            known.set(systemKey, { on, at: options.now() });
          },
          (error: unknown) => {
            // Not known: off, and asked again at the next read past `recheckMs`.
            known.set(systemKey, { on: false, at: options.now() });
            options.onError?.(error);
          },
        )
        .finally(() => asking.delete(systemKey));
    }
    return state?.on ?? false;
  };
  return {
    ttlMs(systemKey, key) {
      if (options.withWebhooksMs <= options.freshMs || options.freshMs <= 0) return options.freshMs;
      const [, pathAndQuery = ''] = JSON.parse(key) as [string, string];
      if (!announcedByWebhooks(pathAndQuery)) return options.freshMs;
      return webhooksOn(systemKey) ? options.withWebhooksMs : options.freshMs;
    },
  };
}
