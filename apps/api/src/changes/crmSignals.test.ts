import { createCrmSignals } from './crmSignals';
import { createInProcessChangeFeed } from './inProcessChangeFeed';
import { type RecordChange } from './recordChange';

const DEAL = 'deal-1';
const WRITTEN_AT = '2026-11-26T10:00:00.000Z';

const panelWrite = (crmUpdatedAt: string | null): RecordChange => ({
  id: 'p1',
  systemKey: 'tenant-a',
  origin: 'panel',
  actor: { userId: 'ana', verified: true, name: 'Ana', crmUserId: null },
  attendanceId: null,
  chatId: null,
  crmUpdatedAt,
  record: { type: 'deal', id: DEAL, dealId: DEAL, contactId: null },
  action: 'updated',
  fields: [{ field: 'stage_id', before: 'etapa-1', after: 'etapa-2' }],
  at: WRITTEN_AT,
});

const signal = (uuid: string): RecordChange => ({
  id: `crm:${uuid}`,
  systemKey: 'tenant-a',
  origin: 'crm',
  actor: null,
  attendanceId: null,
  chatId: null,
  record: { type: 'deal', id: DEAL, dealId: DEAL, contactId: null },
  action: 'updated',
  fields: [],
  at: WRITTEN_AT,
});

function world(settleMs = 300) {
  const feed = createInProcessChangeFeed();
  const published: string[] = [];
  feed.subscribe((change) => published.push(change.id));
  const signals = createCrmSignals({ feed, now: Date.now, echoWindowMs: 10_000, settleMs });
  return { feed, published, signals };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('CRM signals settle before they are matched against panel echoes', () => {
  it('a webhook that arrives before the write’s answer is taken as its echo, not published', () => {
    const { feed, published, signals } = world();
    // The CRM delivers the webhook of the write first…
    signals.receive(signal('echo'), { id: DEAL, updated_at: WRITTEN_AT });
    jest.advanceTimersByTime(120);
    // …then the api gets the CRM's answer and publishes the panel change.
    feed.publish(panelWrite(WRITTEN_AT));
    jest.advanceTimersByTime(180);
    expect(published).toEqual(['p1']);
    expect(signals.pending()).toBe(0);
  });

  it('the echo is matched by instant: RD’s webhook writes -03:00 where its API answered Z', () => {
    const { feed, published, signals } = world(0);
    feed.publish(panelWrite(WRITTEN_AT));
    signals.receive(signal('echo'), { id: DEAL, updated_at: '2026-11-26T07:00:00.000-03:00' });
    expect(published).toEqual(['p1']);
    // Another instant at the same offset is someone else's change.
    feed.publish({ ...panelWrite(WRITTEN_AT), id: 'p2' });
    signals.receive(signal('someone'), { id: DEAL, updated_at: '2026-11-26T07:00:01.000-03:00' });
    expect(published).toEqual(['p1', 'p2', 'crm:someone']);
  });

  it('a real CRM change is published once the settle is over, not before', () => {
    const { published, signals } = world();
    signals.receive(signal('someone'), { id: DEAL, updated_at: '2026-11-26T10:05:00.000Z' });
    jest.advanceTimersByTime(299);
    expect(published).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(published).toEqual(['crm:someone']);
  });

  it('a CRM change with another updated_at than the write’s goes through even inside the settle', () => {
    const { feed, published, signals } = world();
    signals.receive(signal('someone'), { id: DEAL, updated_at: '2026-11-26T10:00:01.500Z' });
    feed.publish(panelWrite(WRITTEN_AT));
    jest.advanceTimersByTime(300);
    expect(published).toEqual(['p1', 'crm:someone']);
  });

  it('without a settle (0) the signal is matched and published at once', () => {
    const { feed, published, signals } = world(0);
    signals.receive(signal('early'), { id: DEAL, updated_at: WRITTEN_AT });
    feed.publish(panelWrite(WRITTEN_AT));
    expect(published).toEqual(['crm:early', 'p1']);
  });

  it('close drops the signals still settling', () => {
    const { published, signals } = world();
    signals.receive(signal('late'), { id: DEAL });
    signals.close();
    jest.advanceTimersByTime(1_000);
    expect(published).toEqual([]);
    expect(signals.pending()).toBe(0);
  });
});
