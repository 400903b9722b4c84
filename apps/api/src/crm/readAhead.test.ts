import { createReadAhead } from './readAhead';

/** A read the test settles by hand, counting how often it was started. */
function manualRead() {
  let starts = 0;
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  return {
    load: () => {
      starts += 1;
      return new Promise<unknown>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    get starts() {
      return starts;
    },
    resolve: (value: unknown) => settle?.resolve(value),
    reject: (error: unknown) => settle?.reject(error),
  };
}

function setUp() {
  let clock = 1_000;
  const ahead = createReadAhead({ ttlMs: 5_000, freshMs: 30_000, now: () => clock });
  return {
    ahead,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('readAhead', () => {
  it('starts one read per key, hands it over once, in flight or answered', async () => {
    const { ahead } = setUp();
    const read = manualRead();
    ahead.start('t1', 'deal', read.load);
    ahead.start('t1', 'deal', read.load);
    expect(read.starts).toBe(1);
    const taken = ahead.take('deal');
    read.resolve({ data: { id: 'd1' } });
    await expect(taken).resolves.toEqual({ data: { id: 'd1' } });
    expect(ahead.take('deal')).toBeUndefined();
  });

  it('drops a read nobody took within its ttl', () => {
    const { ahead, advance } = setUp();
    const read = manualRead();
    ahead.start('t1', 'deal', read.load);
    advance(5_001);
    expect(ahead.take('deal')).toBeUndefined();
    // Expired, so a new one may start.
    ahead.start('t1', 'deal', read.load);
    expect(read.starts).toBe(2);
  });

  it('reads nothing ahead that was served within freshMs (the panel still holds it)', () => {
    const { ahead, advance } = setUp();
    const read = manualRead();
    ahead.served('deal');
    advance(29_999);
    ahead.start('t1', 'deal', read.load);
    expect(read.starts).toBe(0);
    expect(ahead.take('deal')).toBeUndefined();
    advance(1);
    ahead.start('t1', 'deal', read.load);
    expect(read.starts).toBe(1);
  });

  it("judges freshness by the key as served to the reader's tab (freshKey)", () => {
    const { ahead } = setUp();
    const read = manualRead();
    ahead.served('deal|tab-a');
    ahead.start('t1', 'deal', read.load, 'deal|tab-a');
    expect(read.starts).toBe(0);
    ahead.start('t1', 'deal', read.load, 'deal|tab-b');
    expect(read.starts).toBe(1);
    expect(ahead.take('deal')).toBeDefined();
  });

  it('keeps a failed read for the GET that takes it (once), and throws it at nobody else', async () => {
    const { ahead } = setUp();
    const read = manualRead();
    ahead.start('t1', 'deal', read.load);
    read.reject(new Error('CRM fora do ar'));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(ahead.take('deal')).rejects.toThrow('CRM fora do ar');
    expect(ahead.take('deal')).toBeUndefined();
  });

  it('hands the answer to `then` once it answers: where the read that depends on it starts', async () => {
    const { ahead } = setUp();
    const read = manualRead();
    const answers: unknown[] = [];
    ahead.start('t1', 'contact', read.load, 'contact', (answer) => answers.push(answer));
    expect(answers).toEqual([]);
    read.resolve({ data: { id: 'c1', organization_id: 'o1' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toEqual([{ data: { id: 'c1', organization_id: 'o1' } }]);
  });

  it('keeps a `then` that throws to itself: no unhandled rejection, the read still handed over', async () => {
    const { ahead } = setUp();
    const read = manualRead();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      ahead.start('t1', 'contact', read.load, 'contact', () => {
        throw new URIError('URI malformed');
      });
      const taken = ahead.take('contact');
      read.resolve({ data: { id: 'c1' } });
      await expect(taken).resolves.toEqual({ data: { id: 'c1' } });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('runs no `then` for a read that failed, that did not start, or whose tenant changed meanwhile', async () => {
    const { ahead } = setUp();
    const calls: string[] = [];
    const failed = manualRead();
    ahead.start('t1', 'failed', failed.load, 'failed', () => calls.push('failed'));
    failed.reject(new Error('CRM fora do ar'));
    ahead.served('fresh');
    ahead.start('t1', 'fresh', manualRead().load, 'fresh', () => calls.push('fresh'));
    const changed = manualRead();
    ahead.start('t1', 'changed', changed.load, 'changed', () => calls.push('changed'));
    const other = manualRead();
    ahead.start('t2', 'other', other.load, 'other', () => calls.push('other tenant'));
    ahead.forgetTenant('t1');
    changed.resolve({ data: {} });
    other.resolve({ data: {} });
    await new Promise((resolve) => setImmediate(resolve));
    // Only the read of the tenant that did not change goes on.
    expect(calls).toEqual(['other tenant']);
    // A read started after the change goes on again.
    const after = manualRead();
    ahead.start('t1', 'after', after.load, 'after', () => calls.push('after'));
    after.resolve({ data: {} });
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['other tenant', 'after']);
  });

  it('starts nothing for a key that a GET is reading from the CRM itself, until it settled', () => {
    const { ahead } = setUp();
    const read = manualRead();
    const doneFirst = ahead.reading('organization');
    const doneSecond = ahead.reading('organization');
    ahead.start('t1', 'organization', read.load);
    doneFirst();
    ahead.start('t1', 'organization', read.load);
    expect(read.starts).toBe(0);
    // That GET failed (nothing served): the key may be read ahead again.
    doneSecond();
    ahead.start('t1', 'organization', read.load);
    expect(read.starts).toBe(1);
  });

  it("forgets every read of a tenant that changed, and only that tenant's", () => {
    const { ahead } = setUp();
    const read = manualRead();
    ahead.start('t1', 'deal-a', read.load);
    ahead.start('t2', 'deal-b', read.load);
    ahead.forgetTenant('t1');
    expect(ahead.take('deal-a')).toBeUndefined();
    expect(ahead.take('deal-b')).toBeInstanceOf(Promise);
  });
});
