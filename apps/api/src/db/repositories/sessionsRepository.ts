import { type Kysely } from 'kysely';
import { type Database } from '../database';
import { type DatabaseSchema } from '../schema';
import { type SecretBox } from '../../security/crypto';

export interface Identity {
  systemKey: string;
  userId: string;
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface V1Profile {
  name: string;
  email: string;
  organization: { name: string } | null;
}

export interface StoredSession {
  oauth: OAuthTokens | null;
  v1: { token: string; profile: V1Profile } | null;
}

/** Writes allowed while a session row is locked. */
export interface SessionWriter {
  saveOAuth(tokens: OAuthTokens): Promise<void>;
  clearOAuth(): Promise<void>;
}

const context = (kind: string, identity: Identity): string =>
  JSON.stringify(['session', kind, identity.systemKey, identity.userId]);

type Row = DatabaseSchema['sessions'];

export function createSessionsRepository(database: Database, box: SecretBox, now: () => number) {
  const { db } = database;

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
    return { oauth, v1 };
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
        created_at: at,
        ...values,
      })
      .onConflict((oc) => oc.columns(['system_key', 'user_id']).doUpdateSet(values))
      .execute();
  };

  const clearOAuth = async (executor: Kysely<DatabaseSchema>, identity: Identity) => {
    await executor
      .updateTable('sessions')
      .set({ access_token_enc: null, refresh_token_enc: null, expires_at: null, updated_at: now() })
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

  return {
    get: (identity: Identity): Promise<StoredSession | null> => read(db, identity, false),

    saveOAuth: (identity: Identity, tokens: OAuthTokens): Promise<void> =>
      saveOAuth(db, identity, tokens),

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
          created_at: at,
          ...values,
        })
        .onConflict((oc) => oc.columns(['system_key', 'user_id']).doUpdateSet(values))
        .execute();
    },

    async delete(identity: Identity): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('system_key', '=', identity.systemKey)
        .where('user_id', '=', identity.userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Runs `fn` while the session row is locked. On PostgreSQL this is a transaction holding
     * SELECT … FOR UPDATE, so api processes sharing one database refresh a token one at a time.
     * SQLite serves one process: the caller's in-memory single flight is the lock there.
     */
    async withLockedSession<T>(
      identity: Identity,
      fn: (session: StoredSession | null, writer: SessionWriter) => Promise<T>,
    ): Promise<T> {
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
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
