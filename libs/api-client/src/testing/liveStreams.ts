/** A stand-in for GET /api/events in unit tests: each fetch gets a stream the test writes to. */
import { type ApiRequestContext } from '@api-client/client/apiClient';

/**
 * Header names as the panel spells them. The stream goes out through axios's fetch adapter as a
 * Request, whose headers come back lower-cased (names are case-insensitive on the wire); the
 * calls are recorded with the panel's spelling, so tests read them as the panel wrote them.
 */
const SPELLING = new Map(
  ['Authorization', 'Accept', 'Last-Event-ID'].map((name) => [name.toLowerCase(), name]),
);

/** A fetch call's headers, whether it got a Request or a URL and its init. */
function headersOf(input: Parameters<typeof fetch>[0], init?: RequestInit): Record<string, string> {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
  const recorded: Record<string, string> = {};
  headers.forEach((value, name) => {
    recorded[SPELLING.get(name) ?? name] = value;
  });
  return recorded;
}

/** One response of GET /api/events whose body a test writes to as the api would. */
interface ScriptedStream {
  response: Response;
  push(text: string): void;
  end(): void;
}

function scriptedStream(status = 200): ScriptedStream {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(status === 200 ? body : JSON.stringify({ message: 'x' }), {
      status,
      headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' },
    }),
    push: (text) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  };
}

export interface ScriptedLiveServer {
  fetch: typeof fetch;
  /** Each call: its URL and headers. */
  calls: { url: string; headers: Record<string, string> }[];
  /** The streams handed out, in order. */
  streams: ScriptedStream[];
  /** What the next calls answer (default: a 200 stream). */
  answers: number[];
  context: () => Promise<ApiRequestContext | null>;
  retired: number;
}

/** A fake api for the live stream: every fetch gets a new scripted stream. */
export function scriptedLiveServer(): ScriptedLiveServer {
  const server: ScriptedLiveServer = {
    calls: [],
    streams: [],
    answers: [],
    retired: 0,
    fetch: async (input, init) => {
      server.calls.push({
        url: input instanceof Request ? input.url : String(input),
        headers: headersOf(input, init),
      });
      const stream = scriptedStream(server.answers.shift() ?? 200);
      server.streams.push(stream);
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      signal?.addEventListener('abort', () => {
        try {
          stream.end();
        } catch {
          // already closed
        }
      });
      return stream.response;
    },
    context: async () => ({
      baseURL: 'http://api.test',
      headers: {
        'x-user-id': 'u-ana',
        'x-system-key': 'tenant-a',
        Authorization: 'Bearer token-ana',
      },
      retire: () => {
        server.retired += 1;
      },
    }),
  };
  return server;
}

export const liveChangeFrame = (change: Record<string, unknown>) =>
  `id: ${String(change.id)}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;

export const liveDealChange = (
  id: string,
  overrides: Partial<{
    origin: 'panel' | 'crm';
    actor: { userId: string; name: string } | null;
    own: boolean;
  }> = {},
) => ({
  id,
  systemKey: 'tenant-a',
  origin: 'panel',
  actor: { userId: 'u-arthur', verified: true, name: 'Arthur Lima', crmUserId: null },
  attendanceId: 'at-1',
  chatId: 'chat-1',
  own: false,
  record: { type: 'deal', id: 'deal-1', dealId: 'deal-1', contactId: null },
  action: 'updated',
  fields: [{ field: 'rating', before: '1', after: '3' }],
  at: '2026-11-26T10:00:00.000Z',
  ...overrides,
});
