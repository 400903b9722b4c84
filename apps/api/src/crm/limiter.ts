import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Database } from '@api/db/database';
import { ApiError, CRM_BUSY_CODE } from '@api/errors';
import { API_MESSAGES } from '@api/messages';

/**
 * The CRM's rate per account (the tenant), shared fairly between the tenant's users.
 *
 * - The bucket is the tenant: at most `maxPerWindow` requests in any sliding window.
 * - Two lanes: 'interactive', a read or write a person is waiting for on the panel, and
 *   'background', work nobody waits for yet (reads ahead, list scans, reference refreshes, re-reads
 *   after a webhook). While both wait, the free slots go to interactive requests first, and the
 *   last `backgroundReserve` slots of a window are theirs only: a burst of background work never
 *   leaves a person waiting a whole window. Background work is not starved: a background request
 *   that has waited `backgroundAgingMs` counts as interactive from then on.
 * - A user alone may use all of it. While several users wait, each free slot goes to the waiting
 *   user with the fewest requests in the current window (the user of the oldest request on a
 *   tie): max-min fairness, so nobody gets more than an even share while others wait, and a burst
 *   of one user cannot starve a colleague who needs one call.
 * - A CRM 429's Retry-After blocks the whole bucket.
 * - A request never waits past its `maxWaitMs`: it answers 429 with Retry-After instead.
 */
export type CrmLane = 'interactive' | 'background';

export interface RateLimiter {
  /**
   * Resolves, with the time its slot was counted at, when `user` may send one request of
   * `bucket` in `lane` (interactive unless said). A function is asked again at every look: a
   * background read a person has started waiting for moves to the interactive lane.
   */
  acquire(
    bucket: string,
    user: string,
    maxWaitMs: number,
    lane?: CrmLane | (() => CrmLane),
    /**
     * Slots of the window that must stay free once this request is counted: a refresh behind a
     * kept answer goes only while the minute is far from full (0: only the lane's own rule).
     */
    headroom?: number,
  ): Promise<number>;
  /** The CRM answered 429 with Retry-After: nothing goes for this bucket before `untilMs`. */
  block(bucket: string, untilMs: number): Promise<void>;
}

export interface RateLimiterOptions {
  maxPerWindow: number;
  windowMs: number;
  /** How often a waiting request that is not next looks again (the next one may be elsewhere). */
  pollMs: number;
  /** Slots of every window that only interactive requests may take (0: none kept). */
  backgroundReserve?: number;
  /** A background request that has waited this long is served as an interactive one. */
  backgroundAgingMs?: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function tooLong(waitMs: number): ApiError {
  return new ApiError(
    429,
    API_MESSAGES.crmRateLimited,
    {
      'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
    },
    CRM_BUSY_CODE,
  );
}

export interface Waiter {
  id: string;
  user: string;
  since: number;
  lane: CrmLane;
  /** Slots this request leaves free at the least (only its own decision reads it). */
  headroom?: number;
}

/** What a lane is worth when slots are handed out: 0 goes first (interactive, or aged background). */
function rank(
  waiter: Waiter,
  now: number,
  options: Pick<RateLimiterOptions, 'backgroundAgingMs'>,
): 0 | 1 {
  if (waiter.lane !== 'background') return 0;
  return now - waiter.since >= (options.backgroundAgingMs ?? Infinity) ? 0 : 1;
}

export interface RateSnapshot {
  /** Requests sent in the current window, by whom. */
  events: { user: string; at: number }[];
  waiters: Waiter[];
  blockedUntil: number;
}

export type RateDecision = { grant: true } | { grant: false; wakeAt: number };

/** The current window of a bucket, however it is kept. */
export interface RateWindow {
  /** Requests sent in the window. */
  live: number;
  /** When the oldest of them was sent (only read when the window is full). */
  oldestAt: number;
  /** Requests `user` sent in the window. */
  usage(user: string): number;
}

/** The window of a snapshot's events at `now`. */
export function windowOf(
  events: RateSnapshot['events'],
  now: number,
  windowMs: number,
): RateWindow {
  const used = new Map<string, number>();
  let live = 0;
  let oldestAt = Infinity;
  for (const event of events) {
    if (event.at <= now - windowMs) continue;
    live += 1;
    oldestAt = Math.min(oldestAt, event.at);
    used.set(event.user, (used.get(event.user) ?? 0) + 1);
  }
  return { live, oldestAt, usage: (user) => used.get(user) ?? 0 };
}

/** What a decision reads of the limiter's settings. */
type DecideOptions = Pick<
  RateLimiterOptions,
  'maxPerWindow' | 'windowMs' | 'pollMs' | 'backgroundReserve' | 'backgroundAgingMs'
>;

/**
 * Whether `me` may go now, or when to look again. The free slots go one at a time to the waiting
 * requests of the first lane (interactive, and background that has waited long enough), then to
 * background ones outside the interactive reserve; within a lane to the user who used least (the
 * oldest request on a tie), counting each slot given: `me` goes when one of those slots is its
 * user's in its lane. With a slot free for every waiting request, all of them go at once (nobody
 * waits a poll for a slot nobody else needs).
 */
export function decideIn(
  window: RateWindow,
  waiters: readonly Waiter[],
  blockedUntil: number,
  me: Waiter,
  now: number,
  options: DecideOptions,
): RateDecision {
  if (blockedUntil > now) return { grant: false, wakeAt: blockedUntil };
  const free = options.maxPerWindow - window.live;
  if (free <= 0) return { grant: false, wakeAt: window.oldestAt + options.windowMs };
  const reserve = Math.min(Math.max(0, options.backgroundReserve ?? 0), options.maxPerWindow - 1);
  // A request that must leave room (a refresh nobody waits for) waits until the window has it.
  if ((me.headroom ?? 0) > 0 && free - 1 < (me.headroom ?? 0))
    return {
      grant: false,
      wakeAt: Math.max(now + options.pollMs, window.oldestAt + options.windowMs),
    };
  const myRank = rank(me, now, options);
  // Background work may not take the slots kept for people; it looks again when one leaves the
  // window or when it has waited long enough to count as a person's.
  const backgroundFree = free - reserve;
  const wakeBackground = () => ({
    grant: false as const,
    wakeAt: Math.max(
      now + options.pollMs,
      Math.min(
        window.live > 0 ? window.oldestAt + options.windowMs : Infinity,
        me.since + (options.backgroundAgingMs ?? Infinity),
        now + options.windowMs,
      ),
    ),
  });
  if (myRank === 1 && backgroundFree <= 0) return wakeBackground();
  if (waiters.length <= (myRank === 0 ? free : backgroundFree)) return { grant: true };
  const used = new Map<string, number>();
  const usage = (waiter: Waiter) => used.get(waiter.user) ?? window.usage(waiter.user);
  const waiting = waiters.map((waiter) => ({ waiter, rank: rank(waiter, now, options) }));
  for (let slot = 0; slot < free && waiting.length > 0; slot += 1) {
    let best = 0;
    for (let index = 1; index < waiting.length; index += 1) {
      const a = waiting[index] as { waiter: Waiter; rank: 0 | 1 };
      const b = waiting[best] as { waiter: Waiter; rank: 0 | 1 };
      const order =
        a.rank - b.rank ||
        usage(a.waiter) - usage(b.waiter) ||
        a.waiter.since - b.waiter.since ||
        a.waiter.id.localeCompare(b.waiter.id);
      if (order < 0) best = index;
    }
    const [next] = waiting.splice(best, 1) as [{ waiter: Waiter; rank: 0 | 1 }];
    // Past the reserve's edge only interactive requests are served.
    if (next.rank === 1 && slot >= backgroundFree) break;
    // The slot is the user's in that lane: whichever of their requests there gets here first.
    if (next.waiter.user === me.user && next.rank === myRank) return { grant: true };
    used.set(next.waiter.user, usage(next.waiter) + 1);
  }
  return myRank === 1 ? wakeBackground() : { grant: false, wakeAt: now + options.pollMs };
}

/** Whether `me` may go now, or when to look again (decideIn over the snapshot's events). */
export function decide(
  snapshot: RateSnapshot,
  me: Waiter,
  now: number,
  options: DecideOptions,
): RateDecision {
  return decideIn(
    windowOf(snapshot.events, now, options.windowMs),
    snapshot.waiters,
    snapshot.blockedUntil,
    me,
    now,
    options,
  );
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
  /** `waiter` (already queued) changed lanes. */
  relane(bucket: string, waiter: Waiter): Promise<void>;
  block(bucket: string, untilMs: number): Promise<void>;
  /**
   * A store that can tell at once: `user`'s request counted and its time when nobody waits, the
   * bucket is not blocked and the window has room (what `step` would grant a lone waiter), else
   * null (then the request queues as usual).
   */
  grantAtOnce?(bucket: string, user: string, lane: CrmLane, headroom: number): number | null;
}

function limiterOn(store: RateStore, options: RateLimiterOptions): RateLimiter {
  // Ids sort in arrival order within a process (ties of `since`), and never collide across them.
  let arrivals = 0;
  return {
    async acquire(bucket, user, maxWaitMs, lane = 'interactive', headroom = 0) {
      const laneNow = typeof lane === 'function' ? lane : () => lane;
      const at = store.grantAtOnce?.(bucket, user, laneNow(), headroom) ?? null;
      if (at !== null) return at;
      const since = options.now();
      const deadline = since + Math.max(0, maxWaitMs);
      arrivals += 1;
      const id = `${String(arrivals).padStart(12, '0')}-${randomUUID()}`;
      const me: Waiter = { id, user, since, lane: laneNow(), headroom };
      await store.enqueue(bucket, me, deadline);
      let granted = false;
      try {
        for (;;) {
          const current = laneNow();
          if (current !== me.lane) {
            me.lane = current;
            await store.relane(bucket, me);
          }
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

interface MemoryBucket {
  /** Requests sent, oldest first; those before `head` have left the window. */
  events: { user: string; at: number }[];
  head: number;
  /** Requests per user among events[head…]. */
  used: Map<string, number>;
  waiters: Waiter[];
  blockedUntil: number;
}

/**
 * One process (SQLite): the tenant's window and waiters in memory, kept so that a decision costs
 * the same however many requests the window holds (requests leave from the front, counts per
 * user are kept as they come and go).
 */
export function createMemoryRateLimiter(options: RateLimiterOptions): RateLimiter {
  const buckets = new Map<string, MemoryBucket>();
  const stateOf = (bucket: string): MemoryBucket => {
    let state = buckets.get(bucket);
    if (!state) {
      state = { events: [], head: 0, used: new Map(), waiters: [], blockedUntil: 0 };
      buckets.set(bucket, state);
    }
    return state;
  };
  const slide = (state: MemoryBucket, now: number) => {
    const { events, used } = state;
    while (state.head < events.length) {
      const event = events[state.head] as { user: string; at: number };
      if (event.at > now - options.windowMs) break;
      const count = (used.get(event.user) ?? 1) - 1;
      if (count > 0) used.set(event.user, count);
      else used.delete(event.user);
      state.head += 1;
    }
    if (state.head > 1024 && state.head * 2 > events.length) {
      state.events = events.slice(state.head);
      state.head = 0;
    }
  };
  /** `user`'s request, sent at `now`, in the window. */
  const count = (state: MemoryBucket, user: string, now: number) => {
    // A clock that stepped back still counts the request at the window's newest time.
    const last = state.events[state.events.length - 1];
    state.events.push({ user, at: Math.max(now, last?.at ?? now) });
    state.used.set(user, (state.used.get(user) ?? 0) + 1);
  };
  return limiterOn(
    {
      async enqueue(bucket, waiter) {
        stateOf(bucket).waiters.push(waiter);
      },
      async step(bucket, me) {
        const now = options.now();
        const state = stateOf(bucket);
        slide(state, now);
        const window: RateWindow = {
          live: state.events.length - state.head,
          oldestAt: state.events[state.head]?.at ?? now,
          usage: (user) => state.used.get(user) ?? 0,
        };
        const decision = decideIn(window, state.waiters, state.blockedUntil, me, now, options);
        if (decision.grant) {
          count(state, me.user, now);
          const index = state.waiters.findIndex((waiter) => waiter.id === me.id);
          if (index >= 0) state.waiters.splice(index, 1);
        }
        return { decision, now };
      },
      // The common case, a request while nobody waits, without a waiter's id, queue and three
      // turns of the event loop: the same decision decideIn makes for it.
      grantAtOnce(bucket, user, lane, headroom) {
        const state = stateOf(bucket);
        if (state.waiters.length > 0) return null;
        const now = options.now();
        if (state.blockedUntil > now) return null;
        slide(state, now);
        const room =
          options.maxPerWindow -
          Math.max(lane === 'background' ? (options.backgroundReserve ?? 0) : 0, headroom);
        if (state.events.length - state.head >= room) return null;
        count(state, user, now);
        return now;
      },
      async dequeue(bucket, id) {
        const state = stateOf(bucket);
        const index = state.waiters.findIndex((waiter) => waiter.id === id);
        if (index >= 0) state.waiters.splice(index, 1);
      },
      // The queued waiter is the acquiring request's own object: already in its new lane.
      async relane() {},
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
            lane: waiter.lane,
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
            .select(['id', 'user_key', 'since', 'lane'])
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
              waiters: waiters.map((row) => ({
                id: row.id,
                user: row.user_key,
                since: row.since,
                lane: row.lane === 'background' ? 'background' : 'interactive',
              })),
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
      async relane(_bucket, waiter) {
        await db
          .updateTable('crm_rate_waiters')
          .set({ lane: waiter.lane })
          .where('id', '=', waiter.id)
          .execute();
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
