import { type ChangeFeed, type RecordChange } from './recordChange';

/**
 * RD calls back for the panel's own writes too (an API update fires crm_deal_updated). Each panel
 * change of a record expects one such echo within `echoWindowMs`, taken as it and dropped
 * (the panels already re-read it, and its 'Atualizado no RD Station CRM' hint would be wrong):
 * the signal whose document's `updated_at` is the instant the CRM answered the write with, or, when
 * either is unknown, the first signal for the record in the window. A signal with another
 * `updated_at` (someone changed the record in the CRM meanwhile) goes through.
 */
/**
 * Two CRM times name the same instant: RD's API answers in UTC ("…com timezone padrão sendo o
 * UTC", crm-v2-introduction) while its webhook samples write `2023-09-18T15:04:34.515-03:00`
 * (webhooks-payload-crm). Times that do not parse are compared as written.
 */
export function sameInstant(a: string, b: string): boolean {
  const x = Date.parse(a);
  const y = Date.parse(b);
  return Number.isFinite(x) && Number.isFinite(y) ? x === y : a === b;
}

function panelEchoes(feed: ChangeFeed, now: () => number, windowMs: number) {
  interface Expected {
    at: number;
    crmUpdatedAt: string | null;
  }
  const expected = new Map<string, Expected[]>();
  const keyOf = (systemKey: string, type: string, id: string) => `${systemKey}|${type}|${id}`;
  const live = (key: string, at: number): Expected[] => {
    const entries = (expected.get(key) ?? []).filter((entry) => at - entry.at <= windowMs);
    if (entries.length) expected.set(key, entries);
    else expected.delete(key);
    return entries;
  };
  const unsubscribe = feed.subscribe((change) => {
    if (change.origin !== 'panel') return;
    const at = now();
    const { systemKey, record } = change;
    const expect = (key: string, crmUpdatedAt: string | null) =>
      expected.set(key, [...live(key, at), { at, crmUpdatedAt }]);
    expect(keyOf(systemKey, record.type, record.id), change.crmUpdatedAt ?? null);
    // RD reports a deal's products, contacts and tasks as the deal's update.
    if (record.dealId && !(record.type === 'deal' && record.dealId === record.id))
      expect(keyOf(systemKey, 'deal', record.dealId), null);
    if (expected.size > 5_000) for (const key of [...expected.keys()]) live(key, at);
  });
  return {
    unsubscribe,
    isEcho(change: RecordChange, document: Record<string, unknown>): boolean {
      const key = keyOf(change.systemKey, change.record.type, change.record.id);
      const entries = live(key, now());
      const stamp = typeof document.updated_at === 'string' ? document.updated_at : null;
      const index = entries.findIndex(
        (entry) =>
          entry.crmUpdatedAt === null || stamp === null || sameInstant(entry.crmUpdatedAt, stamp),
      );
      if (index === -1) return false;
      entries.splice(index, 1);
      if (entries.length) expected.set(key, entries);
      else expected.delete(key);
      return true;
    },
  };
}

export interface CrmSignalsOptions {
  feed: ChangeFeed;
  now: () => number;
  /** How long after a panel write its echo is expected. */
  echoWindowMs: number;
  /** How long a signal waits before it is matched against echoes (0: matched at once). */
  settleMs: number;
  timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
}

export interface CrmSignals {
  /** Takes one (de-duplicated) delivery's change: published after the settle unless an echo. */
  receive(change: RecordChange, document: Record<string, unknown>): void;
  /** Signals still settling (tests). */
  pending(): number;
  /** Drops the signals still settling and stops watching panel writes (app close). */
  close(): void;
}

/**
 * The CRM's signals on their way to the feed. RD (and the sandbox) may deliver the webhook of a
 * panel write before the api has the CRM's answer to that write, so before the panel change that
 * announces the echo is published: matched at once, the echo would go out as a CRM change and the
 * writing panel would re-read the record. Each signal therefore waits `settleMs` first; the
 * receiver has already answered the CRM.
 */
export function createCrmSignals(options: CrmSignalsOptions): CrmSignals {
  const { feed, settleMs } = options;
  const timers = options.timers ?? globalThis;
  const echoes = panelEchoes(feed, options.now, options.echoWindowMs);
  const settling = new Set<ReturnType<typeof setTimeout>>();
  const decide = (change: RecordChange, document: Record<string, unknown>) => {
    if (!echoes.isEcho(change, document)) feed.publish(change);
  };
  return {
    receive(change, document) {
      if (settleMs <= 0) {
        decide(change, document);
        return;
      }
      const timer = timers.setTimeout(() => {
        settling.delete(timer);
        decide(change, document);
      }, settleMs);
      settling.add(timer);
    },
    pending: () => settling.size,
    close() {
      echoes.unsubscribe();
      for (const timer of settling) timers.clearTimeout(timer);
      settling.clear();
    },
  };
}
