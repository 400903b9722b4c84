import { type Database } from '../database';

/** Host contact → CRM contact links and the last selected deal per CRM contact (per tenant). */
export function createMappingsRepository(database: Database, now: () => number) {
  const { db } = database;
  return {
    async getMapping(systemKey: string, contactId: string): Promise<string | null> {
      const row = await db
        .selectFrom('contact_mappings')
        .select('rdstation_contact_id')
        .where('system_key', '=', systemKey)
        .where('contact_id', '=', contactId)
        .executeTakeFirst();
      return row?.rdstation_contact_id ?? null;
    },

    async saveMapping(
      systemKey: string,
      contactId: string,
      rdstationContactId: string,
    ): Promise<void> {
      const at = now();
      await db
        .insertInto('contact_mappings')
        .values({
          system_key: systemKey,
          contact_id: contactId,
          rdstation_contact_id: rdstationContactId,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc
            .columns(['system_key', 'contact_id'])
            .doUpdateSet({ rdstation_contact_id: rdstationContactId, updated_at: at }),
        )
        .execute();
    },

    async getLastDeal(systemKey: string, rdstationContactId: string): Promise<string | null> {
      const row = await db
        .selectFrom('last_deals')
        .select('deal_id')
        .where('system_key', '=', systemKey)
        .where('rdstation_contact_id', '=', rdstationContactId)
        .executeTakeFirst();
      return row?.deal_id ?? null;
    },

    async saveLastDeal(
      systemKey: string,
      rdstationContactId: string,
      dealId: string | null,
    ): Promise<void> {
      const at = now();
      await db
        .insertInto('last_deals')
        .values({
          system_key: systemKey,
          rdstation_contact_id: rdstationContactId,
          deal_id: dealId,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc
            .columns(['system_key', 'rdstation_contact_id'])
            .doUpdateSet({ deal_id: dealId, updated_at: at }),
        )
        .execute();
    },
  };
}

export type MappingsRepository = ReturnType<typeof createMappingsRepository>;
