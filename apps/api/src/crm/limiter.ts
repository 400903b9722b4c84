import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Database } from '@api/db/database';
import { ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';

/**
 * The CRM's rate per account (the tenant), shared fairly between the tenant's users.
 *
 * - The bucket is the tenant: at most `maxPerWindow` requests in any sliding window.
 * - A user alone may use all of it. While several users wait, each free slot goes to the waiting
 *   user with the fewest requests in the current window (the user of the oldest request on a
 *   tie): max-min fairness, so nobody gets more than an even share while others wait, and a burst
 *   of one user cannot starve a colleague who needs one call.
 * - A CRM 429's Retry-After blocks the whole bucket.
 * - A request never waits past its `maxWaitMs`: it answers 429 with Retry-After instead.
 */
export interface RateLimiter {
  /** Resolves, with the time its slot was counted at, when `user` may send one request of `bucket`. */
  acquire(bucket: string, user: string, maxWaitMs: number): Promise<number>;
  /** The CRM answered 429 with Retry-After: nothing goes for this bucket before `untilMs`. */
  block(bucket: string, untilMs: number): Promise<void>;
}

export interface RateLimiterOptions {
  maxPerWindow: number;
  windowMs: number;
  /** How often a waiting request that is not next looks again (the next one may be elsewhere). */
  pollMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function tooLong(waitMs: number): ApiError {
  return new ApiError(429, API_MESSAGES.crmRateLimited, {
    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

export interface Waiter {
  id: string;
  user: string;
  since: number;
}

export interface RateSnapshot {
  /** Requests sent in the current window, by whom. */
  events: { user: string; at: number }[];
  waiters: Waiter[];
  blockedUntil: number;
}

export type RateDecision = { grant: true } | { grant: false; wakeAt: number };

/** Whether `me` may go now, or when to look again. */
export function decide(
  snapshot: RateSnapshot,
  me: Waiter,
  now: number,
  options: Pick<RateLimiterOptions, 'maxPerWindow' | 'windowMs' | 'pollMs'>,
): RateDecision {
  if (snapshot.blockedUntil > now) return { grant: false, wakeAt: snapshot.blockedUntil };
  const live = snapshot.events.filter((event) => event.at > now - options.windowMs);
  if (live.length >= options.maxPerWindow) {
    const oldest = Math.min(...live.map((event) => event.at));
    return { grant: false, wakeAt: oldest + options.windowMs };
  }
  const used = new Map<string, number>();
  for (const event of live) used.set(event.user, (used.get(event.user) ?? 0) + 1);
  const usage = (waiter: Waiter) => used.get(waiter.user) ?? 0;
  const next = [...snapshot.waiters].sort(
    (a, b) => usage(a) - usage(b) || a.since - b.since || a.id.localeCompare(b.id),
  )[0];
  // The slot is the user's: whichever of their waiting requests gets here first takes it.
  if (!next || next.user === me.user) return { grant: true };
  return { grant: false, wakeAt: now + options.pollMs };
}

/** Where the window, the waiters and the block live: this process, or the shared store. */
interface RateStore {
  enqueue(bucket: string, waiter: Waiter, expiresAt: number): Promise<void>;
  /**
   * Atomically: the decision for `me` at the store's `now` (read once the bucket is held, so a
   * request is counted at the time it really goes), and on a grant its request counted and `me`
   * dequeued.
   */
  step(bucket: string, me: Waiter): Promise<{ decision: RateDecision; now: number }>;
  dequeue(bucket: string, id: string): Promise<void>;
  block(bucket: string, untilMs: number): Promise<void>;
}

function limiterOn(store: RateStore, options: RateLimiterOptions): RateLimiter {
  // Ids sort in arrival order within a process (ties of `since`), and never collide across them.
  let arrivals = 0;
  return {
    async acquire(bucket, user, maxWaitMs) {
      const since = options.now();
      const deadline = since + Math.max(0, maxWaitMs);
      arrivals += 1;
      const id = `${String(arrivals).padStart(12, '0')}-${randomUUID()}`;
      const me: Waiter = { id, user, since };
      await store.enqueue(bucket, me, deadline);
      let granted = false;
      try {
        for (;;) {
          const { decision, now } = await store.step(bucket, me);
          if (decision.grant) {
            granted = true;
            return now;
          }
          if (decision.wakeAt > deadline) throw tooLong(decision.wakeAt - now);
          await options.sleep(Math.max(1, decision.wakeAt - now));
        }
      } finally {
        if (!granted) await store.dequeue(bucket, me.id);
      }
    },
    block: (bucket, untilMs) => store.block(bucket, untilMs),
  };
}

/** One process (SQLite): the tenant's window and waiters in memory. */
export function createMemoryRateLimiter(options: RateLimiterOptions): RateLimiter {
  const buckets = new Map<string, RateSnapshot>();
  const stateOf = (bucket: string): RateSnapshot => {
    let state = buckets.get(bucket);
    if (!state) {
      state = { events: [], waiters: [], blockedUntil: 0 };
      buckets.set(bucket, state);
    }
    return state;
  };
  return limiterOn(
    {
      async enqueue(bucket, waiter) {
        stateOf(bucket).waiters.push(waiter);
      },
      async step(bucket, me) {
        const now = options.now();
        const state = stateOf(bucket);
        state.events = state.events.filter((event) => event.at > now - options.windowMs);
        const decision = decide(state, me, now, options);
        if (decision.grant) {
          state.events.push({ user: me.user, at: now });
          state.waiters = state.waiters.filter((waiter) => waiter.id !== me.id);
        }
        return { decision, now };
      },
      async dequeue(bucket, id) {
        const state = stateOf(bucket);
        state.waiters = state.waiters.filter((waiter) => waiter.id !== id);
      },
      async block(bucket, untilMs) {
        const state = stateOf(bucket);
        state.blockedUntil = Math.max(state.blockedUntil, untilMs);
      },
    },
    options,
  );
}

/**
 * Several api processes on one PostgreSQL: requests sent (crm_rate_events), requests waiting
 * (crm_rate_waiters) and the Retry-After block (crm_rate_blocks) are shared; each decision holds
 * a transaction-scoped advisory lock of its bucket. A waiter row left by a dead process stops
 * counting at its own deadline.
 */
export function createPostgresRateLimiter(
  database: Database,
  options: RateLimiterOptions,
): RateLimiter {
  const { db } = database;
  return limiterOn(
    {
      async enqueue(bucket, waiter, expiresAt) {
        await db
          .insertInto('crm_rate_waiters')
          .values({
            id: waiter.id,
            bucket,
            user_key: waiter.user,
            since: waiter.since,
            expires_at: expiresAt,
          })
          .execute();
      },
      step: (bucket, me) =>
        db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
          const now = options.now();
          await trx
            .deleteFrom('crm_rate_events')
            .where('bucket', '=', bucket)
            .where('at', '<=', now - options.windowMs)
            .execute();
          await trx
            .deleteFrom('crm_rate_waiters')
            .where('bucket', '=', bucket)
            .where('expires_at', '<', now)
            .where('id', '!=', me.id)
            .execute();
          const events = await trx
            .selectFrom('crm_rate_events')
            .select(['user_key', 'at'])
            .where('bucket', '=', bucket)
            .execute();
          const waiters = await trx
            .selectFrom('crm_rate_waiters')
            .select(['id', 'user_key', 'since'])
            .where('bucket', '=', bucket)
            .execute();
          const block = await trx
            .selectFrom('crm_rate_blocks')
            .select('until')
            .where('bucket', '=', bucket)
            .executeTakeFirst();
          const decision = decide(
            {
              events: events.map((row) => ({ user: row.user_key, at: row.at })),
              waiters: waiters.map((row) => ({ id: row.id, user: row.user_key, since: row.since })),
              blockedUntil: block?.until ?? 0,
            },
            me,
            now,
            options,
          );
          if (decision.grant) {
            await trx
              .insertInto('crm_rate_events')
              .values({ bucket, at: now, user_key: me.user })
              .execute();
            await trx.deleteFrom('crm_rate_waiters').where('id', '=', me.id).execute();
          }
          return { decision, now };
        }),
      async dequeue(_bucket, id) {
        await db.deleteFrom('crm_rate_waiters').where('id', '=', id).execute();
      },
      async block(bucket, untilMs) {
        await db
          .insertInto('crm_rate_blocks')
          .values({ bucket, until: untilMs })
          .onConflict((conflict) =>
            conflict
              .column('bucket')
              .doUpdateSet({ until: sql<number>`greatest(crm_rate_blocks.until, excluded.until)` }),
          )
          .execute();
      },
    },
    options,
  );
}

export function createRateLimiter(database: Database, options: RateLimiterOptions): RateLimiter {
  return database.kind === 'postgres'
    ? createPostgresRateLimiter(database, options)
    : createMemoryRateLimiter(options);
}
