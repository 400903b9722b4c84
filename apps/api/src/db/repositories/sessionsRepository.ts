import { type Kysely } from 'kysely';
import { type DatabaseSchema } from '../schema';
import { ownerKey } from '../identityLookups';
import {
  CRM_USER_SOURCES,
  type CrmUserChoice,
  type OAuthTokens,
  type StoredSession,
  type V1Profile,
} from '../sessionRecords';

export interface Identity {
  systemKey: string;
  userId: string;
}

export {
  CRM_USER_SOURCES,
  type CrmUserChoice,
  type CrmUserSource,
  type OAuthTokens,
  type StoredSession,
  type V1Profile,
} from '../sessionRecords';
import { type RepositoryContext } from './context';

/** Writes allowed while a session row is locked. */
export interface SessionWriter {
  saveOAuth(tokens: OAuthTokens): Promise<void>;
  clearOAuth(): Promise<void>;
}

const context = (kind: string, identity: Identity): string =>
  JSON.stringify(['session', kind, identity.systemKey, identity.userId]);

type Row = DatabaseSchema['sessions'];

export function createSessionsRepository({ database, box, now, lookups }: RepositoryContext) {
  const { db } = database;
  /** After every write of an owner's row: this process reads it from the store again. */
  const forget = (identity: Identity) =>
    lookups.sessions.delete(ownerKey(identity.systemKey, identity.userId));

  // The CRM user belongs to one CRM sign-in: it goes when the sign-in goes, or a new one starts.
  const noCrmUser = {
    crm_user_id: null,
    crm_user_source: null,
    crm_user_chosen_at: null,
    crm_user_name: null,
  };

  const decode = (identity: Identity, row: Row | undefined): StoredSession | null => {
    if (!row) return null;
    const oauth =
      row.access_token_enc && row.refresh_token_enc && row.expires_at !== null
        ? {
            accessToken: box.decrypt(row.access_token_enc, context('access', identity)),
            refreshToken: box.decrypt(row.refresh_token_enc, context('refresh', identity)),
            expiresAt: row.expires_at,
          }
        : null;
    const v1 = row.v1_token_enc
      ? {
          token: box.decrypt(row.v1_token_enc, context('v1', identity)),
          profile: JSON.parse(row.v1_profile ?? 'null') as V1Profile,
        }
      : null;
    if (!oauth && !v1) return null;
    const source = CRM_USER_SOURCES.find((known) => known === row.crm_user_source);
    const crmUser =
      row.crm_user_id && source
        ? {
            userId: row.crm_user_id,
            source,
            chosenAt: Number(row.crm_user_chosen_at ?? 0),
            name: row.crm_user_name || null,
          }
        : null;
    return { oauth, v1, crmUser };
  };

  const read = async (executor: Kysely<DatabaseSchema>, identity: Identity, lock: boolean) => {
    let query = executor
      .selectFrom('sessions')
      .selectAll()
      .where('system_key', '=', identity.systemKey)
      .where('user_id', '=', identity.userId);
    if (lock) query = query.forUpdate();
    return decode(identity, await query.executeTakeFirst());
  };

  const saveOAuth = async (
    executor: Kysely<DatabaseSchema>,
    identity: Identity,
    tokens: OAuthTokens,
  ) => {
    const at = now();
    const values = {
      access_token_enc: box.encrypt(tokens.accessToken, context('access', identity)),
      refresh_token_enc: box.encrypt(tokens.refreshToken, context('refresh', identity)),
      expires_at: tokens.expiresAt,
      updated_at: at,
    };
    await executor
      .insertInto('sessions')
      .values({
        system_key: identity.systemKey,
        user_id: identity.userId,
        v1_token_enc: null,
        v1_profile: null,
        ...noCrmUser,
        created_at: at,
        ...values,
      })
      .onConflict((oc) => oc.columns(['system_key', 'user_id']).doUpdateSet(values))
      .execute();
  };

  const setCrmUser = (
    executor: Kysely<DatabaseSchema>,
    identity: Identity,
    choice: Omit<CrmUserChoice, 'chosenAt'>,
    chosenAt: number,
  ) =>
    executor
      .updateTable('sessions')
      .set({
        crm_user_id: choice.userId,
        crm_user_source: choice.source,
        crm_user_chosen_at: chosenAt,
        crm_user_name: choice.name,
        updated_at: chosenAt,
      })
      .where('system_key', '=', identity.systemKey)
      .where('user_id', '=', identity.userId)
      .executeTakeFirst();

  const clearCrmUser = async (executor: Kysely<DatabaseSchema>, identity: Identity) => {
    await executor
      .updateTable('sessions')
      .set(noCrmUser)
      .where('system_key', '=', identity.systemKey)
      .where('user_id', '=', identity.userId)
      .execute();
  };

  const clearOAuth = async (executor: Kysely<DatabaseSchema>, identity: Identity) => {
    await executor
      .updateTable('sessions')
      .set({
        access_token_enc: null,
        refresh_token_enc: null,
        expires_at: null,
        updated_at: now(),
        ...noCrmUser,
      })
      .where('system_key', '=', identity.systemKey)
      .where('user_id', '=', identity.userId)
      .execute();
    // A row with neither OAuth nor v1 left is no session at all.
    await executor
      .deleteFrom('sessions')
      .where('system_key', '=', identity.systemKey)
      .where('user_id', '=', identity.userId)
      .where('access_token_enc', 'is', null)
      .where('v1_token_enc', 'is', null)
      .execute();
  };

  const lockedSession = async <T>(
    identity: Identity,
    fn: (session: StoredSession | null, writer: SessionWriter) => Promise<T>,
  ): Promise<T> => {
    if (database.kind === 'postgres') {
      return db.transaction().execute(async (trx) => {
        const session = await read(trx, identity, true);
        return fn(session, {
          saveOAuth: (tokens) => saveOAuth(trx, identity, tokens),
          clearOAuth: () => clearOAuth(trx, identity),
        });
      });
    }
    const session = await read(db, identity, false);
    return fn(session, {
      saveOAuth: (tokens) => saveOAuth(db, identity, tokens),
      clearOAuth: () => clearOAuth(db, identity),
    });
  };

  return {
    /**
     * The tenant's most recently renewed CRM sign-in (OAuth), or null: whose token keeps the
     * tenant's webhooks on between sign-ins (changes/crmWebhooks.ts).
     */
    async latestOAuthOwner(systemKey: string): Promise<Identity | null> {
      const row = await db
        .selectFrom('sessions')
        .select('user_id')
        .where('system_key', '=', systemKey)
        .where('refresh_token_enc', 'is not', null)
        .orderBy('updated_at', 'desc')
        .executeTakeFirst();
      return row ? { systemKey, userId: row.user_id } : null;
    },

    /** The owner's CRM tokens, decrypted (cached: section 'Identity look-ups' of the README). */
    get: (identity: Identity): Promise<StoredSession | null> =>
      lookups.sessions.get(ownerKey(identity.systemKey, identity.userId), () =>
        read(db, identity, false),
      ),

    async saveOAuth(identity: Identity, tokens: OAuthTokens): Promise<void> {
      await saveOAuth(db, identity, tokens);
      forget(identity);
    },

    /**
     * A completed CRM sign-in: its tokens, with the CRM user the attendant confirmed in the sign-in
     * window (or the host-signed e-mail found), or none yet (asked again), in one transaction.
     * Token refreshes use saveOAuth and keep the choice.
     */
    async saveSignIn(
      identity: Identity,
      tokens: OAuthTokens,
      choice: Omit<CrmUserChoice, 'chosenAt'> | null = null,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await saveOAuth(trx, identity, tokens);
        if (!choice) {
          await clearCrmUser(trx, identity);
          return;
        }
        await setCrmUser(trx, identity, choice, now());
      });
      forget(identity);
    },

    /** Records who the owner is in the CRM; null when the owner has no sign-in (nothing saved). */
    async saveCrmUser(
      identity: Identity,
      choice: Omit<CrmUserChoice, 'chosenAt'>,
    ): Promise<CrmUserChoice | null> {
      const chosenAt = now();
      const result = await setCrmUser(db, identity, choice, chosenAt);
      forget(identity);
      return Number(result.numUpdatedRows) > 0 ? { ...choice, chosenAt } : null;
    },

    /** The chosen user's name as RD now gives it (a rename, or a choice stored without one). */
    async saveCrmUserName(identity: Identity, userId: string, name: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ crm_user_name: name, updated_at: now() })
        .where('system_key', '=', identity.systemKey)
        .where('user_id', '=', identity.userId)
        .where('crm_user_id', '=', userId)
        .execute();
      forget(identity);
    },

    /** Forgets the CRM user (e.g. RD no longer knows that id); the sign-in stays. */
    async clearCrmUser(identity: Identity): Promise<void> {
      await clearCrmUser(db, identity);
      forget(identity);
    },

    async saveV1(identity: Identity, token: string, profile: V1Profile): Promise<void> {
      const at = now();
      const values = {
        v1_token_enc: box.encrypt(token, context('v1', identity)),
        v1_profile: JSON.stringify(profile),
        updated_at: at,
      };
      await db
        .insertInto('sessions')
        .values({
          system_key: identity.systemKey,
          user_id: identity.userId,
          access_token_enc: null,
          refresh_token_enc: null,
          expires_at: null,
          ...noCrmUser,
          created_at: at,
          ...values,
        })
        .onConflict((oc) => oc.columns(['system_key', 'user_id']).doUpdateSet(values))
        .execute();
      forget(identity);
    },

    async delete(identity: Identity): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('system_key', '=', identity.systemKey)
        .where('user_id', '=', identity.userId)
        .executeTakeFirst();
      forget(identity);
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Runs `fn` while the session row is locked. On PostgreSQL this is a transaction holding
     * SELECT … FOR UPDATE, so api processes sharing one database refresh a token one at a time.
     * SQLite serves one process: the caller's in-memory single flight is the lock there.
     * Always reads the store, and this process's cached copy goes afterwards whatever happened
     * (a refresh, an ended session, or tokens another process had already renewed).
     */
    async withLockedSession<T>(
      identity: Identity,
      fn: (session: StoredSession | null, writer: SessionWriter) => Promise<T>,
    ): Promise<T> {
      try {
        return await lockedSession(identity, fn);
      } finally {
        forget(identity);
      }
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
