/**
 * CRM reads started before the panel asks for them. When the panel asks which
 * CRM contact a chat is linked to, the api already knows that contact and its last deal, and the
 * panel's next calls are exactly those two reads: they start then, and the panel's own GETs
 * (150 ms of CRM latency later in the chain) find them in flight or answered.
 *
 * What keeps it from costing CRM requests (120 a minute per account):
 * - one read per key (tenant + CRM user + path), taken by the first GET that asks for it: never
 *   a second CRM call for the same answer, and never an answer served twice; nor one while a GET
 *   of that key reads the CRM itself (a panel back on a chat it holds stale asks for the contact
 *   and its organization at once with the mapping, and may be first);
 * - nothing is read ahead that this user's browser tab was served less than `freshMs` ago: that
 *   panel's own cache still holds it (its queries stay fresh 30 s, api-client's `staleTime`), so
 *   it will not ask; this is what keeps a return to a chat already seen at 0 CRM requests. The
 *   tab is the panel's `x-panel-tab`: a new tab or a reload holds nothing and will ask, so its
 *   reads go ahead as a first open's do;
 * - a read nobody took within `ttlMs` is dropped, and so is every read of a tenant when anything of
 *   it changes (a write through the api, a CRM webhook): a GET never gets a state older than the
 *   change it follows.
 * A read ahead that fails fails nothing by itself (nobody awaits it; the mapping is answered as
 * always); the GET that takes it answers its error, which is the CRM's answer to that very read
 * (after the client's own retries): reading again would spend up to three more CRM requests on a
 * deal the CRM just refused or could not serve.
 *
 * A read the panel can only make once another has answered (the contact's organization, named in
 * the contact) is read ahead when that one answers here (`then`), not after it has travelled to the
 * panel and been rendered. Not when the tenant changed meanwhile: what the first read said may no
 * longer be so, and a read nobody asks for is a CRM request spent for nothing.
 */
export interface ReadAhead {
  /**
   * Starts `load` for `key` unless it is in flight, or `freshKey` (the key as served to the tab
   * this read is for) was served within `freshMs`. `then` gets its answer, if it answers and
   * nothing of the tenant changed since it started.
   */
  start(
    systemKey: string,
    key: string,
    load: () => Promise<unknown>,
    freshKey?: string,
    then?: (answer: unknown) => void,
  ): void;
  /** The read ahead of `key`, handed over once (undefined when none is usable). */
  take(key: string): Promise<unknown> | undefined;
  /**
   * A GET of `key` found nothing to take and reads the CRM itself: nothing starts for it until the
   * function this returns is called (when it settled; `served` right after, if it answered).
   */
  reading(key: string): () => void;
  /** A GET was answered to the panel now (`freshKey`: its key as served to the asking tab). */
  served(freshKey: string): void;
  /** Drops every read ahead of the tenant (its data changed). */
  forgetTenant(systemKey: string): void;
}

/** An untaken read is dropped after this: the panel asks within a few hundred ms, or never. */
export const READ_AHEAD_TTL_MS = 5_000;
/** How long the panel's queries stay fresh (api-client's default `staleTime`). */
export const PANEL_FRESH_MS = 30_000;

export interface ReadAheadOptions {
  /** How long an untaken read is kept (from its start). */
  ttlMs: number;
  /** A key served this recently is not read ahead (the panel still holds it). */
  freshMs: number;
  now: () => number;
  /** Keys remembered as served; the oldest goes first past this. */
  maxServed?: number;
}

interface Pending {
  systemKey: string;
  startedAt: number;
  promise: Promise<unknown>;
}

export function createReadAhead(options: ReadAheadOptions): ReadAhead {
  const pending = new Map<string, Pending>();
  const servedAt = new Map<string, number>();
  // Bumped when a tenant's reads are dropped: a `then` of a read started before does not run.
  const changes = new Map<string, number>();
  // GETs reading the CRM themselves, per key (a user may have two tabs asking at once).
  const readings = new Map<string, number>();
  const maxServed = options.maxServed ?? 10_000;

  const usable = (entry: Pending | undefined) =>
    entry !== undefined && options.now() - entry.startedAt <= options.ttlMs;

  return {
    start(systemKey, key, load, freshKey = key, then) {
      // Reads nobody took would otherwise stay in memory for good (a chat opened, never looked at).
      for (const [other, entry] of pending) if (!usable(entry)) pending.delete(other);
      if (usable(pending.get(key)) || readings.has(key)) return;
      const served = servedAt.get(freshKey);
      if (served !== undefined && options.now() - served < options.freshMs) return;
      const entry: Pending = { systemKey, startedAt: options.now(), promise: load() };
      pending.set(key, entry);
      const changesAtStart = changes.get(systemKey);
      // Nobody may be waiting yet: the failure is kept for the GET that takes it, never thrown here.
      // A `then` that throws (an answer it cannot read) only loses the read it would have started:
      // the panel asks for it as it would have anyway. Never an unhandled rejection.
      entry.promise
        .then((answer) => {
          if (then && changes.get(systemKey) === changesAtStart) then(answer);
        })
        .catch(() => undefined);
    },
    take(key) {
      const entry = pending.get(key);
      if (entry) pending.delete(key);
      return usable(entry) ? entry?.promise : undefined;
    },
    reading(key) {
      readings.set(key, (readings.get(key) ?? 0) + 1);
      return () => {
        const left = (readings.get(key) ?? 1) - 1;
        if (left > 0) readings.set(key, left);
        else readings.delete(key);
      };
    },
    served(freshKey) {
      servedAt.delete(freshKey);
      servedAt.set(freshKey, options.now());
      if (servedAt.size > maxServed) {
        const oldest = servedAt.keys().next();
        if (!oldest.done) servedAt.delete(oldest.value);
      }
    },
    forgetTenant(systemKey) {
      changes.set(systemKey, (changes.get(systemKey) ?? 0) + 1);
      for (const [key, entry] of pending) if (entry.systemKey === systemKey) pending.delete(key);
    },
  };
}
