import { API_CONTRACT_HEADER, REQUEST_TIMEOUT_MS } from '@crm-panel/crm-model';
import { getPanelTabId } from '@api-client/client/panelContext';
import { type LiveStreamOptions, openLiveStream } from './liveStream';
import { type LiveChange } from './liveChange';
import {
  type ScriptedLiveServer,
  liveChangeFrame,
  liveDealChange,
  scriptedLiveServer,
} from '@api-client/testing/liveStreams';

const flush = () => jest.advanceTimersByTimeAsync(0);

/** The stream against a scripted api, ignoring what a test does not look at; waits at their ceiling. */
const streamOn = (server: ScriptedLiveServer, options: Partial<LiveStreamOptions> = {}) =>
  openLiveStream({
    onChange: () => undefined,
    onResync: () => undefined,
    context: server.context,
    fetch: server.fetch,
    random: () => 1,
    ...options,
  });

describe('openLiveStream', () => {
  beforeEach(() =>
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }),
  );
  afterEach(() => jest.useRealTimers());

  it('opens GET /api/events with the session headers and hands over each change', async () => {
    const server = scriptedLiveServer();
    const changes: LiveChange[] = [];
    const stop = streamOn(server, {
      onChange: (change) => changes.push(change),
    });
    await flush();
    expect(server.calls).toEqual([
      {
        url: 'http://api.test/api/events',
        headers: {
          'x-user-id': 'u-ana',
          'x-system-key': 'tenant-a',
          Authorization: 'Bearer token-ana',
          'x-panel-tab': getPanelTabId(),
          Accept: 'text/event-stream',
          // The stream goes through the client's transport: it names the api contract too.
          [API_CONTRACT_HEADER]: '1.0.0',
        },
      },
    ]);
    server.streams[0]?.push('retry: 3000\n\n');
    server.streams[0]?.push(liveChangeFrame(liveDealChange('c1')).slice(0, 20));
    await flush();
    expect(changes).toEqual([]);
    server.streams[0]?.push(liveChangeFrame(liveDealChange('c1')).slice(20));
    await flush();
    expect(changes).toEqual([
      {
        id: 'c1',
        origin: 'panel',
        actor: { userId: 'u-arthur', name: 'Arthur Lima' },
        record: { type: 'deal', id: 'deal-1', dealId: 'deal-1', contactId: null },
        action: 'updated',
        fields: ['rating'],
        own: false,
      },
    ]);
    stop();
  });

  it('takes a change as its own tab’s only when the api says own: true', async () => {
    const server = scriptedLiveServer();
    const owns: boolean[] = [];
    const stop = streamOn(server, { onChange: (change) => owns.push(change.own) });
    await flush();
    server.streams[0]?.push(
      liveChangeFrame(liveDealChange('c1', { own: true })) +
        liveChangeFrame(liveDealChange('c2')) +
        liveChangeFrame({ ...liveDealChange('c3'), own: 'true' }),
    );
    await flush();
    expect(owns).toEqual([true, false, false]);
    stop();
  });

  it('reconnects after the stream ends, with Last-Event-ID, after the retry hint', async () => {
    const server = scriptedLiveServer();
    const stop = streamOn(server);
    await flush();
    server.streams[0]?.push('retry: 3000\n\n' + liveChangeFrame(liveDealChange('c7')));
    server.streams[0]?.end();
    await jest.advanceTimersByTimeAsync(2_999);
    expect(server.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.headers['Last-Event-ID']).toBe('c7');
    stop();
  });

  it('backs off exponentially while the api refuses, capped at 30 s, and forgets a refused token', async () => {
    const server = scriptedLiveServer();
    server.answers.push(401, 503, 503, 503, 503, 503, 503, 503);
    const stop = streamOn(server);
    await flush();
    expect(server.retired).toBe(1);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const before = server.calls.length;
      let waited = 0;
      while (server.calls.length === before) {
        await jest.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    stop();
  });

  it('jitters each wait between half and all of it', async () => {
    const server = scriptedLiveServer();
    server.answers.push(503);
    const stop = streamOn(server, {
      random: () => 0,
    });
    await flush();
    await jest.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    stop();
  });

  it('asks for a resync on a resync event, and after reconnecting without a last id', async () => {
    const server = scriptedLiveServer();
    let resyncs = 0;
    const stop = streamOn(server, {
      onResync: () => {
        resyncs += 1;
      },
    });
    await flush();
    server.streams[0]?.push('event: resync\ndata: {}\n\n');
    await flush();
    expect(resyncs).toBe(1);
    server.streams[0]?.end();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.headers['Last-Event-ID']).toBeUndefined();
    expect(resyncs).toBe(2);
    stop();
  });

  it('ignores events that are not a change the panel understands', async () => {
    const server = scriptedLiveServer();
    const changes: LiveChange[] = [];
    const stop = streamOn(server, {
      onChange: (change) => changes.push(change),
      random: Math.random,
    });
    await flush();
    server.streams[0]?.push('event: change\ndata: {not json\n\n');
    server.streams[0]?.push(
      liveChangeFrame({ ...liveDealChange('c2'), record: { type: 'segredo', id: 'x' } }),
    );
    server.streams[0]?.push(': ping\n\n');
    await flush();
    expect(changes).toEqual([]);
    stop();
  });

  it("stays open past the client's 10 s request timeout, which covers only the answer's headers", async () => {
    const server = scriptedLiveServer();
    const changes: LiveChange[] = [];
    const stop = streamOn(server, {
      onChange: (change) => changes.push(change),
    });
    await flush();
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 6);
    server.streams[0]?.push(liveChangeFrame(liveDealChange('c9')));
    await flush();
    expect(changes.map((change) => change.id)).toEqual(['c9']);
    expect(server.calls).toHaveLength(1);
    stop();
  });

  it('stops for good: the stream is aborted and nothing reconnects', async () => {
    const server = scriptedLiveServer();
    const stop = streamOn(server, {
      random: Math.random,
    });
    await flush();
    stop();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(server.calls).toHaveLength(1);
  });
});
