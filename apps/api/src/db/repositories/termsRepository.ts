import { type Database } from '../database';

export function createTermsRepository(database: Database, now: () => number) {
  const { db } = database;
  return {
    async isAccepted(systemKey: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('terms')
        .select('accepted_at')
        .where('system_key', '=', systemKey)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async accept(systemKey: string, userId: string): Promise<void> {
      await db
        .insertInto('terms')
        .values({ system_key: systemKey, user_id: userId, accepted_at: now() })
        .onConflict((oc) => oc.columns(['system_key', 'user_id']).doNothing())
        .execute();
    },
  };
}

export type TermsRepository = ReturnType<typeof createTermsRepository>;
