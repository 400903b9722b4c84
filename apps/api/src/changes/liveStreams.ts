import { type LiveConfig } from '@api/config';
import { type ChangeFeed, type RecordChange } from './recordChange';

/** What the hub writes on a stream: SSE frames (https://html.spec.whatwg.org/#server-sent-events). */
export const sseFrame = {
  retry: (ms: number) => `retry: ${ms}\n\n`,
  /**
   * A change as one stream sees it: `own` says whether that stream's tab wrote it; the writing
   * tab's id (`panelTab`) never leaves the api.
   */
  change: (change: RecordChange, own: boolean) => {
    const { panelTab: _tab, ...sent } = change;
    return `id: ${change.id}\nevent: change\ndata: ${JSON.stringify({ ...sent, own })}\n\n`;
  },
  /** The gap after Last-Event-ID cannot be filled: the panel re-reads everything it shows. */
  resync: () => `event: resync\ndata: {}\n\n`,
  /** A comment: ignored by parsers, keeps proxies and load balancers from closing the stream. */
  heartbeat: () => `: ping\n\n`,
};

/** The part of a ServerResponse a stream writes on. */
export interface StreamSink {
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
  write(text: string): unknown;
  end(): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** Who a stream is for, from its request. */
export interface StreamOwner {
  systemKey: string;
  /**
   * The person across all their sessions and browsers (tenant + the session's user): at most
   * `streamsPerPerson` streams each.
   */
  person: string;
  /** The browser tab the stream serves (`x-panel-tab`), when the panel said it. */
  tab: string | null;
}

interface OpenStream extends StreamOwner {
  res: StreamSink;
}

const isOwn = (stream: StreamOwner, change: RecordChange) =>
  stream.tab !== null && change.panelTab === stream.tab;

export interface LiveStreams {
  /**
   * Serves one panel's stream on `res` (headers already written): replays what follows
   * `lastEventId` (or sends `resync` when the gap is gone), then every change of the owner's
   * tenant, each marked `own` when the owner's tab wrote it.
   */
  open(owner: StreamOwner, res: StreamSink, lastEventId: string | null): void;
  /** Streams open now (tests, health). */
  count(): number;
  /** Ends every stream and stops listening (app close). */
  close(): void;
}

type Timers = Pick<typeof globalThis, 'setInterval' | 'clearInterval'>;

/**
 * The open SSE streams of this process, by tenant. Subscribes once on the ChangeFeed, keeps the
 * last `replayPerTenant` changes of each tenant for reconnects, and never writes one tenant's
 * change on another tenant's stream.
 */
export function createLiveStreams(
  feed: ChangeFeed,
  config: LiveConfig,
  timers: Timers = globalThis,
): LiveStreams {
  const streams = new Set<OpenStream>();
  const recent = new Map<string, RecordChange[]>();

  const write = (stream: OpenStream, text: string) => {
    if (!stream.res.writableEnded && !stream.res.destroyed) stream.res.write(text);
  };

  const unsubscribe = feed.subscribe((change) => {
    const kept = recent.get(change.systemKey) ?? [];
    kept.push(change);
    if (kept.length > config.replayPerTenant) kept.splice(0, kept.length - config.replayPerTenant);
    recent.set(change.systemKey, kept);
    // Two frames at most per change, whatever the number of streams.
    const frames = new Map<boolean, string>();
    for (const stream of streams) {
      if (stream.systemKey !== change.systemKey) continue;
      const own = isOwn(stream, change);
      const frame = frames.get(own) ?? sseFrame.change(change, own);
      frames.set(own, frame);
      write(stream, frame);
    }
  });

  // Changes of other processes were lost (a LISTEN reconnect): every open stream re-reads all,
  // and no reconnect may resume across the gap by replay.
  const unsubscribeGaps = feed.subscribeGaps(() => {
    recent.clear();
    for (const stream of streams) write(stream, sseFrame.resync());
  });

  const heartbeat = timers.setInterval(() => {
    for (const stream of streams) write(stream, sseFrame.heartbeat());
  }, config.heartbeatMs);
  // The heartbeat alone must not keep a process alive.
  if (typeof heartbeat === 'object' && 'unref' in heartbeat) heartbeat.unref();

  return {
    open(owner, res, lastEventId) {
      const { systemKey } = owner;
      const stream: OpenStream = { ...owner, res };
      // A person reloading again and again, or starting session after session, must not pile up
      // sockets: their oldest streams end (a panel still reading one reconnects with
      // Last-Event-ID, ending another).
      const ofPerson = [...streams].filter((open) => open.person === owner.person);
      const over = ofPerson.length - config.streamsPerPerson + 1;
      for (const oldest of ofPerson.slice(0, Math.max(0, over))) {
        streams.delete(oldest);
        oldest.res.end();
      }
      streams.add(stream);
      res.on('close', () => streams.delete(stream));
      write(stream, sseFrame.retry(config.retryMs));
      if (lastEventId === null) return;
      const kept = recent.get(systemKey) ?? [];
      const index = kept.findIndex((change) => change.id === lastEventId);
      if (index === -1) {
        write(stream, sseFrame.resync());
        return;
      }
      for (const change of kept.slice(index + 1))
        write(stream, sseFrame.change(change, isOwn(stream, change)));
    },
    count: () => streams.size,
    close() {
      unsubscribe();
      unsubscribeGaps();
      timers.clearInterval(heartbeat);
      for (const stream of streams) stream.res.end();
      streams.clear();
    },
  };
}
