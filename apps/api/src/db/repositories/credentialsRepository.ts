import { type Database } from '../database';
import { type SecretBox } from '@api/security/crypto';
import { type IdentityLookups, ofTenant } from '../identityLookups';

export interface StoredCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  passwordHash: string;
  defaultChatDomain: string;
}

export interface NewCredentials extends Omit<StoredCredentials, 'clientSecret'> {
  clientSecret: string;
}

const secretContext = (systemKey: string): string => `credentials:${systemKey}`;

export function createCredentialsRepository(
  database: Database,
  box: SecretBox,
  now: () => number,
  lookups: IdentityLookups,
) {
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

    /** Inserts; false when the tenant already has credentials (nothing is overwritten). */
    async create(systemKey: string, values: NewCredentials): Promise<boolean> {
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
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('system_key').doNothing())
        .executeTakeFirst();
      lookups.credentials.delete(systemKey);
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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
        await trx.deleteFrom('password_attempts').where('system_key', '=', systemKey).execute();
        return Number(sessions.numDeletedRows);
      });
      lookups.credentials.delete(systemKey);
      lookups.sessions.deleteWhere(ofTenant(systemKey));
      return ended;
    },
  };
}

export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;
