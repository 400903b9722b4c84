import { createInProcessChangeFeed } from './inProcessChangeFeed';
import { type RecordChange } from './recordChange';

const change: RecordChange = {
  id: 'c1',
  systemKey: 'tenant-a',
  origin: 'panel',
  actor: { userId: 'u1', verified: true, name: 'Ana', crmUserId: null },
  attendanceId: 'at-1',
  chatId: 'chat-1',
  record: { type: 'deal', id: 'd1', dealId: 'd1', contactId: null },
  action: 'updated',
  fields: [{ field: 'rating', before: '1', after: '3' }],
  at: '2026-11-26T10:00:00.000Z',
};

describe('createInProcessChangeFeed', () => {
  it('gives each published change to every listener until it unsubscribes', () => {
    const feed = createInProcessChangeFeed();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = feed.subscribe((c) => first.push(c.id));
    feed.subscribe((c) => second.push(c.id));
    feed.publish(change);
    stopFirst();
    feed.publish({ ...change, id: 'c2' });
    expect(first).toEqual(['c1']);
    expect(second).toEqual(['c1', 'c2']);
  });

  it('reports a throwing listener and still calls the others', () => {
    const errors: unknown[] = [];
    const feed = createInProcessChangeFeed((error) => errors.push(error));
    const seen: string[] = [];
    feed.subscribe(() => {
      throw new Error('quebrou');
    });
    feed.subscribe((c) => seen.push(c.id));
    expect(() => feed.publish(change)).not.toThrow();
    expect(seen).toEqual(['c1']);
    expect(errors).toEqual([new Error('quebrou')]);
  });

  it('calls no listener after close', async () => {
    const feed = createInProcessChangeFeed();
    const seen: string[] = [];
    feed.subscribe((c) => seen.push(c.id));
    await feed.close();
    feed.publish(change);
    expect(seen).toEqual([]);
  });
});
