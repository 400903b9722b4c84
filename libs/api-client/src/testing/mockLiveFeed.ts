/**
 * The mock world's GET /api/events: every open stream idles, as the api's does between
 * changes, and gets what a test or a standalone control pushes. Nothing here imports a Node-only
 * module: it serves msw/node in jest and msw/browser in a standalone page.
 */
import { liveChangeFrame } from './liveStreams';

/** What an open stream receives: a frame of text, already in the SSE wire format. */
type StreamListener = (frame: string) => void;

export interface MockLiveFeed {
  /** Sends a change (the api's RecordChange shape, e.g. `liveDealChange('c1')`) to every open stream. */
  push(change: Record<string, unknown>): void;
  /** Tells every open stream that changes were missed (the panel re-reads what is on screen). */
  resync(): void;
  /** How many streams are open now. */
  readonly open: number;
  /** Used by the handler: one open stream's listener; the returned function closes it. */
  connect(listener: StreamListener): () => void;
}

export function createMockLiveFeed(): MockLiveFeed {
  const listeners = new Set<StreamListener>();
  const send = (frame: string) => listeners.forEach((listener) => listener(frame));
  return {
    push: (change) => send(liveChangeFrame(change)),
    resync: () => send('event: resync\ndata: {}\n\n'),
    get open() {
      return listeners.size;
    },
    connect(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The answer of GET /api/events: an SSE stream that opens with a comment (as the api's first
 * bytes), then stays open, idle, until a change is pushed or the panel goes away.
 */
export function mockEventStream(feed: MockLiveFeed, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let close: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(': fluxo simulado aberto\n\n'));
      const disconnect = feed.connect((frame) => controller.enqueue(encoder.encode(frame)));
      close = () => {
        disconnect();
        close = null;
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      signal.addEventListener('abort', () => close?.());
    },
    cancel() {
      close?.();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
  });
}
