import { type Database } from '../database';

export function createPasswordAttemptsRepository(database: Database, now: () => number) {
  const { db } = database;
  return {
    /**
     * Records one try and answers how many tries the tenant made inside the window, this one
     * included. Recording before checking keeps concurrent guesses from all slipping through.
     */
    async record(systemKey: string, windowMs: number): Promise<number> {
      const at = now();
      await db
        .deleteFrom('password_attempts')
        .where('attempted_at', '<', at - windowMs)
        .execute();
      await db
        .insertInto('password_attempts')
        .values({ system_key: systemKey, attempted_at: at })
        .execute();
      const row = await db
        .selectFrom('password_attempts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('system_key', '=', systemKey)
        .where('attempted_at', '>=', at - windowMs)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** How many tries the tenant made inside the window, recording none. */
    async recent(systemKey: string, windowMs: number): Promise<number> {
      const row = await db
        .selectFrom('password_attempts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('system_key', '=', systemKey)
        .where('attempted_at', '>=', now() - windowMs)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async clear(systemKey: string): Promise<void> {
      await db.deleteFrom('password_attempts').where('system_key', '=', systemKey).execute();
    },
  };
}

export type PasswordAttemptsRepository = ReturnType<typeof createPasswordAttemptsRepository>;
