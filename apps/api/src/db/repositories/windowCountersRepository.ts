import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { type Database } from '../database';

/** Expired windows are deleted at most this often per process (on the next hit). */
const PURGE_EVERY_MS = 60_000;

export interface WindowHit {
  /** Hits in the key's current window, this one included. */
  count: number;
  /** How long until that window ends. */
  retryAfterMs: number;
}

/**
 * Rate limits in fixed windows, counted in the store every api process shares: two processes
 * behind one balancer grant a key no more than one would. A hit is one statement (an upsert that
 * starts a new window when the old one ended, or counts one more, and answers the count), so
 * parallel hits, here or in another process, are each counted once.
 */
export function createWindowCountersRepository(database: Database, now: () => number) {
  const { db } = database;
  let lastPurge = 0;
  return {
    /** Counts one hit of `key` under the limit `limit` in windows of `windowMs`. */
    async hit(limit: string, key: string, windowMs: number): Promise<WindowHit> {
      const at = now();
      if (at - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = at;
        await db.deleteFrom('window_counters').where('expires_at', '<=', at).execute();
      }
      const ended = sql<boolean>`window_counters.expires_at <= ${at}`;
      const row = await db
        .insertInto('window_counters')
        .values({
          key_hash: createHash('sha256')
            .update(JSON.stringify([limit, key]))
            .digest('hex'),
          window_started_at: at,
          expires_at: at + windowMs,
          hits: 1,
        })
        .onConflict((oc) =>
          oc.column('key_hash').doUpdateSet({
            hits: sql<number>`CASE WHEN ${ended} THEN 1 ELSE window_counters.hits + 1 END`,
            window_started_at: sql<number>`CASE WHEN ${ended} THEN ${at} ELSE window_counters.window_started_at END`,
            expires_at: sql<number>`CASE WHEN ${ended} THEN ${at + windowMs} ELSE window_counters.expires_at END`,
          }),
        )
        .returning(['hits', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.hits), retryAfterMs: Number(row.expires_at) - at };
    },
  };
}

export type WindowCountersRepository = ReturnType<typeof createWindowCountersRepository>;
