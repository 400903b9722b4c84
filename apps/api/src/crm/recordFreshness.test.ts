import { createReferenceCache, type ReferenceCache } from './cache';
import { announcedByWebhooks, createRecordFreshness } from './recordFreshness';

const MINUTE = 60_000;
const key = (path: string) => JSON.stringify(['crm-user:ana', path]);

/** A freshness on a clock the test moves, over a tenant whose webhooks are `state.on`. */
function setup(state: { on: boolean | Error }) {
  let at = 1_000_000;
  const asked: string[] = [];
  const freshness = createRecordFreshness({
    freshMs: 5 * MINUTE,
    withWebhooksMs: 30 * MINUTE,
    webhooksOn: async (systemKey) => {
      asked.push(systemKey);
      if (state.on instanceof Error) throw state.on;
      return state.on;
    },
    now: () => at,
    recheckMs: 30_000,
  });
  return {
    freshness,
    asked,
    now: () => at,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

/** Ana's reads of deal d1 through `records`, and how many reached the CRM. */
function dealReader(records: ReferenceCache) {
  let count = 0;
  const read = () =>
    records.get(
      'acme',
      key('/deals/d1'),
      async () => {
        count += 1;
        return { data: { id: 'd1' } };
      },
      { bypass: false },
    );
  return { read, reads: () => count };
}

/** Lets the store's answer (a promise already settled) reach the freshness. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('record freshness', () => {
  it('names what RD announces by webhook: a deal, a contact, a task and the lists of tasks', () => {
    expect(announcedByWebhooks('/deals/d1')).toBe(true);
    expect(announcedByWebhooks('/contacts/c1')).toBe(true);
    expect(announcedByWebhooks('/tasks/t1')).toBe(true);
    expect(announcedByWebhooks('/tasks?filter=deal_id%3A%22d1%22')).toBe(true);
    // No RD event for these, and a deal created in RD enters a list of deals unannounced.
    expect(announcedByWebhooks('/organizations/o1')).toBe(false);
    expect(announcedByWebhooks('/deals/d1/notes?page%5Bnumber%5D=1')).toBe(false);
    expect(announcedByWebhooks('/deals/d1/products')).toBe(false);
    expect(announcedByWebhooks('/deals?filter=name%3A~%22Costa%22')).toBe(false);
    expect(announcedByWebhooks('/contacts?filter=name%3A~%22an%22')).toBe(false);
  });

  it("keeps a deal 30 minutes while the tenant's webhooks are on, anything unannounced 5", async () => {
    const { freshness, asked } = setup({ on: true });
    // Not known yet: the short window, and the store asked behind the answer.
    expect(freshness.ttlMs('acme', key('/deals/d1'))).toBe(5 * MINUTE);
    await settle();
    expect(freshness.ttlMs('acme', key('/deals/d1'))).toBe(30 * MINUTE);
    expect(freshness.ttlMs('acme', key('/contacts/c1'))).toBe(30 * MINUTE);
    expect(freshness.ttlMs('acme', key('/organizations/o1'))).toBe(5 * MINUTE);
    expect(freshness.ttlMs('acme', key('/deals/d1/notes'))).toBe(5 * MINUTE);
    // Asked once for the tenant, not at every read.
    expect(asked).toEqual(['acme']);
  });

  it('keeps everything 5 minutes while the webhooks are off, or when their state cannot be read', async () => {
    const off = setup({ on: false });
    off.freshness.ttlMs('acme', key('/deals/d1'));
    await settle();
    expect(off.freshness.ttlMs('acme', key('/deals/d1'))).toBe(5 * MINUTE);
    const failing = setup({ on: new Error('banco indisponível') });
    failing.freshness.ttlMs('acme', key('/deals/d1'));
    await settle();
    expect(failing.freshness.ttlMs('acme', key('/deals/d1'))).toBe(5 * MINUTE);
  });

  it('asks the store again after 30 s: webhooks found off shorten what was kept while they were on', async () => {
    const state: { on: boolean | Error } = { on: true };
    const { freshness, asked, now, advance } = setup(state);
    const records = createReferenceCache(freshness.ttlMs, now);
    freshness.ttlMs('acme', key('/deals/d1'));
    await settle();
    const { read, reads } = dealReader(records);
    await read();
    advance(10 * MINUTE);
    await read();
    await settle();
    expect(reads()).toBe(1);
    expect(asked).toHaveLength(2);
    // RD suspended them: within 30 s of the last look the deal is still answered as kept…
    state.on = false;
    advance(29_000);
    await read();
    await settle();
    expect(asked).toHaveLength(2);
    expect(reads()).toBe(1);
    // …then the store is asked again, says so, and the deal, past the 5 minutes a record is kept
    // without them, is read again.
    advance(1_000);
    await read();
    await settle();
    expect(asked).toHaveLength(3);
    await read();
    expect(reads()).toBe(2);
  });

  it('bounds the age all the same: a deal is read again past 30 minutes with the webhooks on', async () => {
    const { freshness, now, advance } = setup({ on: true });
    const records = createReferenceCache(freshness.ttlMs, now);
    freshness.ttlMs('acme', key('/deals/d1'));
    await settle();
    const { read, reads } = dealReader(records);
    await read();
    for (let minutes = 0; minutes < 29; minutes += 1) {
      advance(MINUTE);
      await read();
      await settle();
    }
    expect(reads()).toBe(1);
    advance(MINUTE);
    await read();
    expect(reads()).toBe(2);
  });
});
