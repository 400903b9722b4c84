import { sql } from 'kysely';
import { type Database } from '../db/database';
import { ApiError } from '../errors';
import { API_MESSAGES } from '../messages';

export interface RateLimiter {
  /**
   * Reserves the next free slot of `bucket` (at most `maxPerWindow` per sliding window) and
   * resolves when the request may go. Answers 429 instead of waiting longer than `maxWaitMs`.
   */
  acquire(bucket: string, maxWaitMs: number): Promise<void>;
  /** The CRM answered 429 with Retry-After: nothing goes for this bucket before `untilMs`. */
  block(bucket: string, untilMs: number): void;
}

export interface RateLimiterOptions {
  maxPerWindow: number;
  windowMs: number;
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

/**
 * Slot times are reserved in order, each at least one window after the slot `maxPerWindow`
 * places before it; so no window ever holds more than `maxPerWindow` requests.
 */
function nextSlot(
  descending: number[],
  now: number,
  blockedUntil: number,
  options: RateLimiterOptions,
): number {
  let slot = Math.max(now, blockedUntil);
  const anchor = descending[options.maxPerWindow - 1];
  if (anchor !== undefined) slot = Math.max(slot, anchor + options.windowMs);
  return slot;
}

/** One process: a sliding window of reserved slot times per bucket. */
export function createMemoryRateLimiter(options: RateLimiterOptions): RateLimiter {
  const slots = new Map<string, number[]>();
  const blocked = new Map<string, number>();
  return {
    async acquire(bucket, maxWaitMs) {
      const now = options.now();
      const list = (slots.get(bucket) ?? []).filter((at) => at > now - options.windowMs);
      const slot = nextSlot([...list].reverse(), now, blocked.get(bucket) ?? 0, options);
      if (slot - now > maxWaitMs) {
        slots.set(bucket, list);
        throw tooLong(slot - now);
      }
      list.push(slot);
      slots.set(bucket, list);
      if (slot > now) await options.sleep(slot - now);
    },
    block(bucket, untilMs) {
      blocked.set(bucket, Math.max(blocked.get(bucket) ?? 0, untilMs));
    },
  };
}

/**
 * Several api processes on one PostgreSQL: the slots live in crm_rate_events and each
 * reservation holds a transaction-scoped advisory lock of its bucket.
 */
export function createPostgresRateLimiter(
  database: Database,
  options: RateLimiterOptions,
): RateLimiter {
  const { db } = database;
  const blocked = new Map<string, number>();
  return {
    async acquire(bucket, maxWaitMs) {
      const slot = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
        const now = options.now();
        await trx
          .deleteFrom('crm_rate_events')
          .where('bucket', '=', bucket)
          .where('at', '<=', now - options.windowMs)
          .execute();
        const rows = await trx
          .selectFrom('crm_rate_events')
          .select('at')
          .where('bucket', '=', bucket)
          .orderBy('at', 'desc')
          .limit(options.maxPerWindow)
          .execute();
        const next = nextSlot(
          rows.map((row) => row.at),
          now,
          blocked.get(bucket) ?? 0,
          options,
        );
        if (next - now > maxWaitMs) throw tooLong(next - now);
        await trx.insertInto('crm_rate_events').values({ bucket, at: next }).execute();
        return { next, now };
      });
      if (slot.next > slot.now) await options.sleep(slot.next - slot.now);
    },
    block(bucket, untilMs) {
      blocked.set(bucket, Math.max(blocked.get(bucket) ?? 0, untilMs));
    },
  };
}

export function createRateLimiter(database: Database, options: RateLimiterOptions): RateLimiter {
  return database.kind === 'postgres'
    ? createPostgresRateLimiter(database, options)
    : createMemoryRateLimiter(options);
}
