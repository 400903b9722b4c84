import { createHash, randomBytes } from 'node:crypto';
import { type RepositoryContext } from './context';

/** The CRM's answer to a check it refused: the api's status for it and its detail. */
export interface CheckRefusal {
  status: number;
  detail: string;
}

/** The last check of a tenant's webhooks, by any process. */
export interface StoredCheck {
  /** Epoch ms of the check; null: none yet. */
  checkedAt: number | null;
  /** Why it left them off (a LiveUpdatesReason); null: on. */
  reason: string | null;
  /** When a check last found RD had suspended them; null: never. */
  suspendedAt: number | null;
  /** When the receiver last took a delivery; null: never. */
  lastDeliveryAt: number | null;
  refusal: CheckRefusal | null;
}

const CHECK_COLUMNS = [
  'checked_at',
  'live_reason',
  'suspended_at',
  'last_delivery_at',
  'refusal_status',
  'refusal_detail',
] as const;

const checkOf = (row: {
  checked_at: number | null;
  live_reason: string | null;
  suspended_at: number | null;
  last_delivery_at: number | null;
  refusal_status: number | null;
  refusal_detail: string | null;
}): StoredCheck => ({
  checkedAt: row.checked_at,
  reason: row.live_reason,
  suspendedAt: row.suspended_at,
  lastDeliveryAt: row.last_delivery_at,
  refusal:
    row.refusal_status === null
      ? null
      : { status: row.refusal_status, detail: row.refusal_detail ?? '' },
});

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
     * The last check of the tenant's webhooks in the CRM, by whichever process made it, with what
     * it found; null when the tenant has no receiver.
     */
    async lastCheck(systemKey: string): Promise<StoredCheck | null> {
      const row = await db
        .selectFrom('crm_webhook_receivers')
        .select(CHECK_COLUMNS)
        .where('system_key', '=', systemKey)
        .executeTakeFirst();
      return row ? checkOf(row) : null;
    },
    /**
     * Every configured tenant's last check (null: no receiver yet), tenant ids left out: what the
     * health answer counts.
     */
    async configuredChecks(): Promise<(StoredCheck | null)[]> {
      const rows = await db
        .selectFrom('credentials')
        .leftJoin(
          'crm_webhook_receivers',
          'crm_webhook_receivers.system_key',
          'credentials.system_key',
        )
        .select([
          'crm_webhook_receivers.system_key as receiver',
          ...CHECK_COLUMNS.map((column) => `crm_webhook_receivers.${column}` as const),
        ])
        .execute();
      return rows.map((row) => (row.receiver === null ? null : checkOf(row)));
    },
    /**
     * Records a check's outcome at this moment: `reason` null when it left them on; `suspended`
     * when it found RD had suspended them (kept until a later check finds them suspended again);
     * the CRM's `refusal` when it refused the check (cleared otherwise).
     */
    async recordCheck(
      systemKey: string,
      reason: string | null,
      found: { suspended?: boolean; refusal?: CheckRefusal | null } = {},
    ): Promise<void> {
      const at = now();
      await db
        .updateTable('crm_webhook_receivers')
        .set({
          checked_at: at,
          live_reason: reason,
          refusal_status: found.refusal?.status ?? null,
          refusal_detail: found.refusal?.detail ?? null,
          ...(found.suspended ? { suspended_at: at } : {}),
        })
        .where('system_key', '=', systemKey)
        .execute();
    },
    /**
     * A delivery reached the tenant's receiver now: RD reaches this api. Kept only when it is the
     * first since the last suspension found, the one thing its instant tells (the webhooks made
     * again work): any other delivery writes nothing.
     */
    async recordDelivery(systemKey: string): Promise<void> {
      await db
        .updateTable('crm_webhook_receivers')
        .set({ last_delivery_at: now() })
        .where('system_key', '=', systemKey)
        .where('suspended_at', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('last_delivery_at', 'is', null),
            eb('last_delivery_at', '<', eb.ref('suspended_at')),
          ]),
        )
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
