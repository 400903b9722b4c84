import { sql } from 'kysely';
import { type Database } from '../database';

/**
 * A per-tenant link: one value per key, the last write wins. Both links of this repository are
 * such a table (`system_key`, the key, the value, `updated_at`), read and written the same way.
 */
type TenantLink =
  | { table: 'contact_mappings'; key: 'contact_id'; value: 'rdstation_contact_id' }
  | { table: 'last_deals'; key: 'rdstation_contact_id'; value: 'deal_id' };

function tenantLink(database: Database, now: () => number, link: TenantLink) {
  const { db } = database;
  const table = sql.table(link.table);
  const key = sql.ref(link.key);
  const value = sql.ref(link.value);
  return {
    async get(systemKey: string, id: string): Promise<string | null> {
      const { rows } = await sql<{ value: string | null }>`
        select ${value} as value from ${table}
        where system_key = ${systemKey} and ${key} = ${id}`.execute(db);
      return rows[0]?.value ?? null;
    },
    async save(systemKey: string, id: string, linked: string | null): Promise<void> {
      await sql`
        insert into ${table} (system_key, ${key}, ${value}, updated_at)
        values (${systemKey}, ${id}, ${linked}, ${now()})
        on conflict (system_key, ${key})
        do update set ${value} = excluded.${value}, updated_at = excluded.updated_at`.execute(db);
    },
  };
}

/** Host contact → CRM contact links and the last selected deal per CRM contact (per tenant). */
export function createMappingsRepository(database: Database, now: () => number) {
  const mappings = tenantLink(database, now, {
    table: 'contact_mappings',
    key: 'contact_id',
    value: 'rdstation_contact_id',
  });
  const lastDeals = tenantLink(database, now, {
    table: 'last_deals',
    key: 'rdstation_contact_id',
    value: 'deal_id',
  });
  return {
    getMapping: (systemKey: string, contactId: string) => mappings.get(systemKey, contactId),
    saveMapping: (systemKey: string, contactId: string, rdstationContactId: string) =>
      mappings.save(systemKey, contactId, rdstationContactId),
    getLastDeal: (systemKey: string, rdstationContactId: string) =>
      lastDeals.get(systemKey, rdstationContactId),
    saveLastDeal: (systemKey: string, rdstationContactId: string, dealId: string | null) =>
      lastDeals.save(systemKey, rdstationContactId, dealId),
  };
}

export type MappingsRepository = ReturnType<typeof createMappingsRepository>;
