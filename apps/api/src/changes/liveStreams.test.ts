import { EventEmitter } from 'node:events';
import { DEFAULT_LIVE_CONFIG } from '@api/config';
import { createInProcessChangeFeed } from './inProcessChangeFeed';
import { createLiveStreams, type StreamSink } from './liveStreams';
import { type RecordChange } from './recordChange';

class FakeResponse extends EventEmitter implements StreamSink {
  writableEnded = false;
  destroyed = false;
  written = '';
  write(text: string) {
    this.written += text;
    return true;
  }
  end() {
    this.writableEnded = true;
  }
}

const change = (id: string, systemKey = 'tenant-a'): RecordChange => ({
  id,
  systemKey,
  origin: 'crm',
  actor: null,
  attendanceId: null,
  chatId: null,
  record: { type: 'deal', id: 'd1', dealId: 'd1', contactId: null },
  action: 'updated',
  fields: [],
  at: '2026-11-26T10:00:00.000Z',
});

describe('createLiveStreams', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes a heartbeat comment every heartbeatMs on every open stream, and none after close', () => {
    const streams = createLiveStreams(createInProcessChangeFeed(), DEFAULT_LIVE_CONFIG);
    const res = new FakeResponse();
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, res, null);
    expect(res.written).toBe('retry: 3000\n\n');
    jest.advanceTimersByTime(19_999);
    expect(res.written).toBe('retry: 3000\n\n');
    jest.advanceTimersByTime(1);
    expect(res.written).toBe('retry: 3000\n\n: ping\n\n');
    jest.advanceTimersByTime(20_000);
    expect(res.written).toBe('retry: 3000\n\n: ping\n\n: ping\n\n');
    streams.close();
    expect(res.writableEnded).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(res.written).toBe('retry: 3000\n\n: ping\n\n: ping\n\n');
  });

  it('forgets a stream the client closed', () => {
    const feed = createInProcessChangeFeed();
    const streams = createLiveStreams(feed, DEFAULT_LIVE_CONFIG);
    const res = new FakeResponse();
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, res, null);
    expect(streams.count()).toBe(1);
    res.emit('close');
    expect(streams.count()).toBe(0);
    feed.publish(change('c1'));
    expect(res.written).toBe('retry: 3000\n\n');
    streams.close();
  });

  it('keeps only the last replayPerTenant changes of each tenant', () => {
    const feed = createInProcessChangeFeed();
    const streams = createLiveStreams(feed, { ...DEFAULT_LIVE_CONFIG, replayPerTenant: 2 });
    ['c1', 'c2', 'c3'].forEach((id) => feed.publish(change(id)));
    feed.publish(change('x1', 'tenant-b'));
    const fromC2 = new FakeResponse();
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, fromC2, 'c2');
    expect(fromC2.written).toBe(
      `retry: 3000\n\nid: c3\nevent: change\ndata: ${JSON.stringify({ ...change('c3'), own: false })}\n\n`,
    );
    // c1 fell out of the buffer: what followed it cannot all be replayed.
    const fromC1 = new FakeResponse();
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, fromC1, 'c1');
    expect(fromC1.written).toBe('retry: 3000\n\nevent: resync\ndata: {}\n\n');
    streams.close();
  });

  it('marks a change own on the stream of the tab that wrote it, and sends no tab id to any stream', () => {
    const feed = createInProcessChangeFeed();
    const streams = createLiveStreams(feed, DEFAULT_LIVE_CONFIG);
    const tabA = new FakeResponse();
    const tabB = new FakeResponse();
    const noTab = new FakeResponse();
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: 'tab-a' }, tabA, null);
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: 'tab-b' }, tabB, null);
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, noTab, null);
    feed.publish(change('c0'));
    tabA.written = tabB.written = noTab.written = '';
    feed.publish({ ...change('c1'), origin: 'panel', panelTab: 'tab-a' });
    const { panelTab: _tab, ...sent } = { ...change('c1'), origin: 'panel', panelTab: 'tab-a' };
    const frame = (own: boolean) =>
      `id: c1\nevent: change\ndata: ${JSON.stringify({ ...sent, own })}\n\n`;
    expect(tabA.written).toBe(frame(true));
    expect(tabB.written).toBe(frame(false));
    expect(noTab.written).toBe(frame(false));
    for (const res of [tabA, tabB, noTab]) expect(res.written).not.toContain('tab-a');
    // A reconnect's replay marks the same way, per stream.
    const replayA = new FakeResponse();
    const replayB = new FakeResponse();
    feed.publish(change('c2'));
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: 'tab-a' }, replayA, 'c0');
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: 'tab-b' }, replayB, 'c0');
    expect(replayA.written).toContain(`"own":true`);
    expect(replayB.written).toContain(`"own":false`);
    expect(replayB.written).not.toContain('tab-a');
    streams.close();
  });

  it('sends resync on every open stream when the feed reports a gap, and replays nothing across it', () => {
    const inProcess = createInProcessChangeFeed();
    const gaps = new Set<() => void>();
    const feed = {
      ...inProcess,
      subscribeGaps(listener: () => void) {
        gaps.add(listener);
        return () => gaps.delete(listener);
      },
    };
    const streams = createLiveStreams(feed, DEFAULT_LIVE_CONFIG);
    feed.publish(change('c1'));
    const a = new FakeResponse();
    const b = new FakeResponse();
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, a, null);
    streams.open({ systemKey: 'tenant-b', person: 's2', tab: null }, b, null);
    for (const gap of gaps) gap();
    expect(a.written).toBe('retry: 3000\n\nevent: resync\ndata: {}\n\n');
    expect(b.written).toBe('retry: 3000\n\nevent: resync\ndata: {}\n\n');
    // c1 was before the gap: a reconnect from it cannot know what was missed.
    const resumed = new FakeResponse();
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, resumed, 'c1');
    expect(resumed.written).toBe('retry: 3000\n\nevent: resync\ndata: {}\n\n');
    streams.close();
    expect(gaps.size).toBe(0);
  });

  it('keeps at most streamsPerPerson open per person: one more ends the oldest of that person only', () => {
    const feed = createInProcessChangeFeed();
    const streams = createLiveStreams(feed, { ...DEFAULT_LIVE_CONFIG, streamsPerPerson: 2 });
    const [first, second, third] = [new FakeResponse(), new FakeResponse(), new FakeResponse()];
    const other = new FakeResponse();
    streams.open({ systemKey: 'tenant-a', person: 's2', tab: null }, other, null);
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, first, null);
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, second, null);
    expect(streams.count()).toBe(3);
    streams.open({ systemKey: 'tenant-a', person: 's1', tab: null }, third, null);
    expect(first.writableEnded).toBe(true);
    expect([second, third, other].map((res) => res.writableEnded)).toEqual([false, false, false]);
    expect(streams.count()).toBe(3);
    feed.publish(change('c1'));
    expect(first.written).toBe('retry: 3000\n\n');
    expect(third.written).toContain('id: c1');
    streams.close();
  });
});
