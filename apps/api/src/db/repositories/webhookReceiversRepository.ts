import { createHash, randomBytes } from 'node:crypto';
import { type RepositoryContext } from './context';

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const context = (systemKey: string) => JSON.stringify(['crm-webhook-receiver', systemKey]);

/**
 * The token in each tenant's webhook receiver URL. RD Station signs no webhook (its webhook pages
 * document no signature or secret), so an unguessable path token is the only proof a delivery
 * comes from a registration we made: stored hashed for look-up and sealed to rebuild the URL.
 */
export function createWebhookReceiversRepository({
  database,
  box,
  now,
}: Pick<RepositoryContext, 'database' | 'box' | 'now'>) {
  const { db } = database;
  const read = async (systemKey: string): Promise<string | null> => {
    const row = await db
      .selectFrom('crm_webhook_receivers')
      .select('token_sealed')
      .where('system_key', '=', systemKey)
      .executeTakeFirst();
    return row ? box.decrypt(row.token_sealed, context(systemKey)) : null;
  };
  let lastPurge = 0;
  return {
    /**
     * True the first time any api process receives this delivery within `windowMs` (one insert:
     * a retry, a duplicate, or the same delivery at another process answers false). Deliveries
     * older than the window are forgotten, at most once a minute per process.
     */
    async firstDelivery(
      systemKey: string,
      transactionUuid: string,
      windowMs: number,
    ): Promise<boolean> {
      const at = now();
      if (at - lastPurge >= 60_000) {
        lastPurge = at;
        await db
          .deleteFrom('webhook_deliveries')
          .where('received_at', '<', at - windowMs)
          .execute();
      }
      const result = await db
        .insertInto('webhook_deliveries')
        .values({ system_key: systemKey, transaction_uuid: transactionUuid, received_at: at })
        .onConflict((oc) => oc.columns(['system_key', 'transaction_uuid']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The tenant's token, created once (concurrent callers get the same one). */
    async tokenFor(systemKey: string): Promise<string> {
      const known = await read(systemKey);
      if (known) return known;
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('crm_webhook_receivers')
        .values({
          system_key: systemKey,
          token_hash: hashOf(token),
          token_sealed: box.encrypt(token, context(systemKey)),
          created_at: now(),
        })
        .onConflict((oc) => oc.column('system_key').doNothing())
        .execute();
      const stored = await read(systemKey);
      if (!stored) throw new Error('receptor de webhooks não gravado');
      return stored;
    },
    /** The tenant's token if one exists (no new one). */
    existingToken: read,
    /** The tenant a delivery's token belongs to, or null. */
    async tenantOf(token: string): Promise<string | null> {
      const row = await db
        .selectFrom('crm_webhook_receivers')
        .select('system_key')
        .where('token_hash', '=', hashOf(token))
        .executeTakeFirst();
      return row?.system_key ?? null;
    },
    /** Every tenant with a receiver: those whose webhooks are kept on. */
    async tenants(): Promise<string[]> {
      const rows = await db.selectFrom('crm_webhook_receivers').select('system_key').execute();
      return rows.map((row) => row.system_key);
    },
    /**
     * The last check of the tenant's webhooks in the CRM, by whichever process made it: when
     * (null: none yet) and why they were left off (null: on). Null when the tenant has no receiver.
     */
    async lastCheck(
      systemKey: string,
    ): Promise<{ checkedAt: number | null; reason: string | null } | null> {
      const row = await db
        .selectFrom('crm_webhook_receivers')
        .select(['checked_at', 'live_reason'])
        .where('system_key', '=', systemKey)
        .executeTakeFirst();
      return row ? { checkedAt: row.checked_at, reason: row.live_reason } : null;
    },
    /** Records a check's outcome (`reason` null: on) at this moment. */
    async recordCheck(systemKey: string, reason: string | null): Promise<void> {
      await db
        .updateTable('crm_webhook_receivers')
        .set({ checked_at: now(), live_reason: reason })
        .where('system_key', '=', systemKey)
        .execute();
    },
    /**
     * Takes (or extends) the lease on checking the tenant's webhooks for `holder` until `until`:
     * true unless another holder's lease still holds. One statement, so of two processes asking
     * at once exactly one gets it.
     */
    async claimCheck(systemKey: string, holder: string, until: number): Promise<boolean> {
      const result = await db
        .updateTable('crm_webhook_receivers')
        .set({ sweep_holder: holder, sweep_until: until })
        .where('system_key', '=', systemKey)
        .where((eb) =>
          eb.or([
            eb('sweep_until', 'is', null),
            eb('sweep_until', '<=', now()),
            eb('sweep_holder', '=', holder),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Gives the lease back (only `holder`'s own). */
    async releaseCheck(systemKey: string, holder: string): Promise<void> {
      await db
        .updateTable('crm_webhook_receivers')
        .set({ sweep_holder: null, sweep_until: null })
        .where('system_key', '=', systemKey)
        .where('sweep_holder', '=', holder)
        .execute();
    },
    async remove(systemKey: string): Promise<void> {
      await db.deleteFrom('crm_webhook_receivers').where('system_key', '=', systemKey).execute();
    },
  };
}

export type WebhookReceiversRepository = ReturnType<typeof createWebhookReceiversRepository>;
