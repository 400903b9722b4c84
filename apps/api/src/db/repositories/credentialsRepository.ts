import { ofTenant } from '../identityLookups';
import { type RepositoryContext } from './context';

export interface StoredCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  passwordHash: string;
  defaultChatDomain: string;
  /** CRM user ids of the account these credentials are bound to; null until a sign-in binds it. */
  accountUserIds: string[] | null;
}

export type NewCredentials = Omit<StoredCredentials, 'accountUserIds'>;

function idsOf(json: string | null): string[] | null {
  if (json === null) return null;
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : null;
}

const secretContext = (systemKey: string): string => `credentials:${systemKey}`;

export function createCredentialsRepository({ database, box, now, lookups }: RepositoryContext) {
  const { db } = database;
  return {
    async get(systemKey: string): Promise<StoredCredentials | null> {
      const row = await db
        .selectFrom('credentials')
        .selectAll()
        .where('system_key', '=', systemKey)
        .executeTakeFirst();
      if (!row) return null;
      return {
        clientId: row.client_id,
        clientSecret: box.decrypt(row.client_secret_enc, secretContext(systemKey)),
        redirectUri: row.redirect_uri,
        passwordHash: row.password_hash,
        defaultChatDomain: row.default_chat_domain,
        accountUserIds: idsOf(row.crm_account_user_ids),
      };
    },

    exists(systemKey: string): Promise<boolean> {
      return lookups.credentials.get(systemKey, async () => {
        const row = await db
          .selectFrom('credentials')
          .select('system_key')
          .where('system_key', '=', systemKey)
          .executeTakeFirst();
        return row !== undefined;
      });
    },

    /**
     * Binds the tenant's credentials to a CRM account (its user ids) once: answers the ids they
     * are bound to afterwards, this binding's or an earlier one's (another process may have won).
     */
    async bindAccount(systemKey: string, userIds: string[]): Promise<string[] | null> {
      await db
        .updateTable('credentials')
        .set({ crm_account_user_ids: JSON.stringify(userIds), updated_at: now() })
        .where('system_key', '=', systemKey)
        .where('crm_account_user_ids', 'is', null)
        .execute();
      const row = await db
        .selectFrom('credentials')
        .select('crm_account_user_ids')
        .where('system_key', '=', systemKey)
        .executeTakeFirst();
      return row ? idsOf(row.crm_account_user_ids) : null;
    },

    /** Inserts; false when the tenant already has credentials (nothing is overwritten). */
    async create(
      systemKey: string,
      values: NewCredentials,
      accountUserIds: string[] | null = null,
    ): Promise<boolean> {
      const at = now();
      const result = await db
        .insertInto('credentials')
        .values({
          system_key: systemKey,
          client_id: values.clientId,
          client_secret_enc: box.encrypt(values.clientSecret, secretContext(systemKey)),
          redirect_uri: values.redirectUri,
          password_hash: values.passwordHash,
          default_chat_domain: values.defaultChatDomain,
          crm_account_user_ids: accountUserIds ? JSON.stringify(accountUserIds) : null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('system_key').doNothing())
        .executeTakeFirst();
      lookups.credentials.delete(systemKey);
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Whether this setup code (its SHA-256) already configured the tenant once. */
    async setupCodeSpent(systemKey: string, codeHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('setup_codes_spent')
        .select('code_hash')
        .where('system_key', '=', systemKey)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks the setup code used: it configures the tenant no more. */
    async spendSetupCode(systemKey: string, codeHash: string): Promise<void> {
      await db
        .insertInto('setup_codes_spent')
        .values({ system_key: systemKey, code_hash: codeHash, spent_at: now() })
        .onConflict((oc) => oc.columns(['system_key', 'code_hash']).doNothing())
        .execute();
    },

    /** Removes the credentials and every session of the tenant; answers how many sessions ended. */
    async removeWithSessions(systemKey: string): Promise<number> {
      const ended = await db.transaction().execute(async (trx) => {
        const sessions = await trx
          .deleteFrom('sessions')
          .where('system_key', '=', systemKey)
          .executeTakeFirst();
        await trx.deleteFrom('credentials').where('system_key', '=', systemKey).execute();
        await trx.deleteFrom('oauth_states').where('system_key', '=', systemKey).execute();
        await trx.deleteFrom('password_guards').where('system_key', '=', systemKey).execute();
        return Number(sessions.numDeletedRows);
      });
      lookups.credentials.delete(systemKey);
      lookups.sessions.deleteWhere(ofTenant(systemKey));
      return ended;
    },
  };
}

export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;
