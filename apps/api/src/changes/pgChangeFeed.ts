import pg from 'pg';
import { type ChangeFeed, type ChangeListener, type RecordChange } from './recordChange';

/** The NOTIFY channel every api process of one database listens on. */
export const CHANGE_CHANNEL = 'crm_panel_changes';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more ("must be shorter than 8000 bytes").
 * A change is small (ids, an actor, a few field previews) but its fields have no hard bound: past
 * this size the field values are cut, then the fields dropped. Other processes only need the
 * record to re-read it; the writing process delivers the whole change to its own listeners.
 */
export const MAX_NOTIFY_BYTES = 7_900;

const FIELD_PREVIEW = 200;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The change as NOTIFY carries it: whole, or with shorter field values, or without fields. */
export function notifyPayload(change: RecordChange): string {
  const whole = JSON.stringify(change);
  if (bytes(whole) < MAX_NOTIFY_BYTES) return whole;
  const cut = (value: string | null) =>
    value === null || value.length <= FIELD_PREVIEW ? value : `${value.slice(0, FIELD_PREVIEW)}…`;
  const shorter = JSON.stringify({
    ...change,
    fields: change.fields.map((field) => ({
      field: field.field.slice(0, FIELD_PREVIEW),
      before: cut(field.before),
      after: cut(field.after),
    })),
  });
  if (bytes(shorter) < MAX_NOTIFY_BYTES) return shorter;
  return JSON.stringify({ ...change, fields: [] });
}

const isChange = (value: unknown): value is RecordChange => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    typeof record.systemKey === 'string' &&
    typeof record.record === 'object' &&
    record.record !== null
  );
};

export interface PgChangeFeedOptions {
  url: string;
  onListenerError?: (error: unknown, change: RecordChange) => void;
  /** A LISTEN connection that failed or ended (it reconnects). */
  onConnectionError?: (error: unknown) => void;
  /** First wait before reconnecting the LISTEN connection (doubles, at most 30 s). */
  reconnectMs?: number;
  channel?: string;
}

export interface PgChangeFeed extends ChangeFeed {
  /** Resolves once this process listens (buildApp waits for it). */
  ready: Promise<void>;
  /** The backend pid of the LISTEN connection (tests end it to prove the reconnect). */
  listenerPid(): number | null;
}

/**
 * The ChangeFeed of api processes sharing one PostgreSQL database: publish delivers to this
 * process's listeners at once and NOTIFYs the others; one dedicated LISTEN connection per process
 * hands every other process's change to its listeners. Each change reaches each listener once:
 * ids already delivered (the publisher's own NOTIFY coming back) are skipped.
 */
export function createPgChangeFeed(options: PgChangeFeedOptions): PgChangeFeed {
  const channel = options.channel ?? CHANGE_CHANNEL;
  const listeners = new Set<ChangeListener>();
  const gapListeners = new Set<() => void>();
  const delivered = new Set<string>();
  const pool = new pg.Pool({ connectionString: options.url, max: 2 });
  pool.on('error', (error) => options.onConnectionError?.(error));
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  /** The LISTEN connection was lost since it last listened: the next one reports the gap. */
  let gap = false;

  const deliver = (change: RecordChange) => {
    if (closed || delivered.has(change.id)) return;
    delivered.add(change.id);
    if (delivered.size > 10_000) {
      const oldest = delivered.values().next().value;
      if (oldest !== undefined) delivered.delete(oldest);
    }
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch (error) {
        options.onListenerError?.(error, change);
      }
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url });
    const lost = (error: unknown) => {
      if (client !== next) return;
      client = null;
      pid = null;
      gap = true;
      options.onConnectionError?.(error);
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('conexão LISTEN encerrada')));
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        const value: unknown = JSON.parse(message.payload);
        if (isChange(value)) deliver(value);
      } catch (error) {
        options.onConnectionError?.(error);
      }
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    const row = await next.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    pid = row.rows[0]?.pid ?? null;
    attempt = 0;
    if (gap) {
      gap = false;
      // Reported once listening again: a change published from now on is not lost.
      for (const listener of [...gapListeners]) {
        try {
          listener();
        } catch (error) {
          options.onConnectionError?.(error);
        }
      }
    }
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const wait = Math.min(30_000, (options.reconnectMs ?? 500) * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: unknown) => {
        options.onConnectionError?.(error);
        scheduleReconnect();
      });
    }, wait);
  };

  const ready = connect();
  ready.catch(() => undefined);

  return {
    ready,
    listenerPid: () => pid,
    publish(change) {
      deliver(change);
      pool
        .query('SELECT pg_notify($1, $2)', [channel, notifyPayload(change)])
        .catch((error: unknown) => options.onConnectionError?.(error));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    subscribeGaps(listener) {
      gapListeners.add(listener);
      return () => {
        gapListeners.delete(listener);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      gapListeners.clear();
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      current?.removeAllListeners();
      await Promise.all([current?.end().catch(() => undefined), pool.end()]);
    },
  };
}
