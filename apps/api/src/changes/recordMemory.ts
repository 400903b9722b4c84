import { type ChangedRecordType } from './recordChange';

/**
 * The last version of each record this api process served or wrote, per tenant: where a change's
 * `before` values come from without asking the CRM again (one CRM request per
 * write). Bounded both ways (records per tenant, tenants) and least-recently-used first out; a
 * record it no longer holds, or never saw, gives `before` null ('—' in the audit list).
 */
export interface RecordMemory<Kind extends string = ChangedRecordType> {
  remember(systemKey: string, type: Kind, id: string, record: Record<string, unknown>): void;
  recall(systemKey: string, type: Kind, id: string): Record<string, unknown> | null;
  forget(systemKey: string, type: Kind, id: string): void;
}

export interface RecordMemoryLimits {
  recordsPerTenant: number;
  tenants: number;
}

export const DEFAULT_MEMORY_LIMITS: RecordMemoryLimits = { recordsPerTenant: 500, tenants: 1000 };

/** Also the names of reference records (recordNames.ts), under kinds of their own. */
export function createRecordMemory<Kind extends string = ChangedRecordType>(
  limits: RecordMemoryLimits = DEFAULT_MEMORY_LIMITS,
): RecordMemory<Kind> {
  const tenants = new Map<string, Map<string, Record<string, unknown>>>();

  /** The tenant's records, moved to the most recently used end. */
  const tenantOf = (systemKey: string, create: boolean) => {
    const existing = tenants.get(systemKey);
    if (existing) {
      tenants.delete(systemKey);
      tenants.set(systemKey, existing);
      return existing;
    }
    if (!create) return null;
    const fresh = new Map<string, Record<string, unknown>>();
    tenants.set(systemKey, fresh);
    if (tenants.size > limits.tenants) {
      const oldest = tenants.keys().next();
      if (!oldest.done) tenants.delete(oldest.value);
    }
    return fresh;
  };

  return {
    remember(systemKey, type, id, record) {
      const records = tenantOf(systemKey, true);
      if (!records) return;
      const key = `${type}:${id}`;
      records.delete(key);
      records.set(key, record);
      if (records.size > limits.recordsPerTenant) {
        const oldest = records.keys().next();
        if (!oldest.done) records.delete(oldest.value);
      }
    },
    recall(systemKey, type, id) {
      const records = tenantOf(systemKey, false);
      const record = records?.get(`${type}:${id}`);
      if (!records || !record) return null;
      records.delete(`${type}:${id}`);
      records.set(`${type}:${id}`, record);
      return record;
    },
    forget(systemKey, type, id) {
      tenants.get(systemKey)?.delete(`${type}:${id}`);
    },
  };
}
