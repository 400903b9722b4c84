import { type Database } from '@api/db/database';

/**
 * What each tenant's CRM answered to a probe of an operator RD's docs are silent on (e.g.
 * 'contacts.email~'): kept in the store, so every api process asks once per tenant and TTL, with
 * a copy in memory so a hot list does not read the store on every call.
 */
export interface ProbeVerdicts {
  /** true / false while a fresh verdict exists; null when the CRM must be asked. */
  get(systemKey: string, capability: string): Promise<boolean | null>;
  set(systemKey: string, capability: string, supported: boolean): Promise<void>;
}

interface Verdict {
  supported: boolean;
  checkedAt: number;
}

export function createProbeVerdicts(
  database: Database,
  ttlMs: number,
  now: () => number,
): ProbeVerdicts {
  const { db } = database;
  const memory = new Map<string, Verdict>();
  const keyOf = (systemKey: string, capability: string) => JSON.stringify([systemKey, capability]);
  const fresh = (verdict: Verdict | undefined): verdict is Verdict =>
    verdict !== undefined && verdict.checkedAt + ttlMs > now();

  return {
    async get(systemKey, capability) {
      const key = keyOf(systemKey, capability);
      const known = memory.get(key);
      if (fresh(known)) return known.supported;
      const row = await db
        .selectFrom('crm_filter_probes')
        .select(['supported', 'checked_at'])
        .where('system_key', '=', systemKey)
        .where('capability', '=', capability)
        .executeTakeFirst();
      const stored = row
        ? { supported: row.supported === 1, checkedAt: row.checked_at }
        : undefined;
      if (!fresh(stored)) return null;
      memory.set(key, stored);
      return stored.supported;
    },
    async set(systemKey, capability, supported) {
      const checkedAt = now();
      memory.set(keyOf(systemKey, capability), { supported, checkedAt });
      const values = { supported: supported ? 1 : 0, checked_at: checkedAt };
      await db
        .insertInto('crm_filter_probes')
        .values({ system_key: systemKey, capability, ...values })
        .onConflict((conflict) =>
          conflict.columns(['system_key', 'capability']).doUpdateSet(values),
        )
        .execute();
    },
  };
}
