import { sql } from 'kysely';
import { type Database } from '../database';

/**
 * The tenant's security-password lockout, one row per tenant in the store every api process
 * shares. A try first reserves its place with one statement (an upsert that counts it and answers
 * the count), so parallel guesses, in this process or another, are counted one by one and no
 * guess is compared before it was counted.
 */
export function createPasswordGuardsRepository(database: Database, now: () => number) {
  const { db } = database;
  return {
    /**
     * Counts one try as a failure and answers the failures inside the window, this one included.
     * The window starts at the first failure after the last one ended.
     */
    async reserve(systemKey: string, windowMs: number): Promise<number> {
      const at = now();
      const expired = sql<boolean>`password_guards.window_started_at <= ${at - windowMs}`;
      const row = await db
        .insertInto('password_guards')
        .values({ system_key: systemKey, window_started_at: at, failures: 1 })
        .onConflict((oc) =>
          oc.column('system_key').doUpdateSet({
            failures: sql<number>`CASE WHEN ${expired} THEN 1 ELSE password_guards.failures + 1 END`,
            window_started_at: sql<number>`CASE WHEN ${expired} THEN ${at} ELSE password_guards.window_started_at END`,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },

    /** The reserved try was the right password: it is no failure. */
    async release(systemKey: string): Promise<void> {
      await db
        .updateTable('password_guards')
        .set({ failures: sql<number>`failures - 1` })
        .where('system_key', '=', systemKey)
        .where('failures', '>', 0)
        .execute();
    },

    async clear(systemKey: string): Promise<void> {
      await db.deleteFrom('password_guards').where('system_key', '=', systemKey).execute();
    },
  };
}

export type PasswordGuardsRepository = ReturnType<typeof createPasswordGuardsRepository>;
