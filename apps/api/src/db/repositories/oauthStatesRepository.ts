import { createHash } from 'node:crypto';
import { type Database } from '../database';

const hashState = (state: string): string => createHash('sha256').update(state).digest('hex');

export interface StateOwner {
  systemKey: string;
  userId: string;
}

export function createOAuthStatesRepository(database: Database, now: () => number) {
  const { db } = database;
  return {
    async create(state: string, owner: StateOwner, ttlMs: number): Promise<void> {
      const at = now();
      await db.deleteFrom('oauth_states').where('expires_at', '<', at).execute();
      await db
        .insertInto('oauth_states')
        .values({
          state_hash: hashState(state),
          system_key: owner.systemKey,
          user_id: owner.userId,
          expires_at: at + ttlMs,
          created_at: at,
        })
        .execute();
    },

    /** One use only: the row is deleted as it is read, so a replayed state finds nothing. */
    async consume(state: string): Promise<StateOwner | null> {
      const row = await db
        .deleteFrom('oauth_states')
        .where('state_hash', '=', hashState(state))
        .returning(['system_key', 'user_id', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at < now()) return null;
      return { systemKey: row.system_key, userId: row.user_id };
    },
  };
}

export type OAuthStatesRepository = ReturnType<typeof createOAuthStatesRepository>;
