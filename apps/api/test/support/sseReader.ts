import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One SSE stream read as the panel reads it (fetch + eventsource-parser), for the api tests. */
export interface SseReader {
  status: number;
  headers: Headers;
  /** Every event parsed so far. */
  events: EventSourceMessage[];
  /** Every comment line (heartbeats). */
  comments: string[];
  /** The `retry:` hints. */
  retries: number[];
  /** Resolves once `count` events arrived (rejects after `timeoutMs`). */
  waitForEvents(count: number, timeoutMs?: number): Promise<EventSourceMessage[]>;
  /** Whether the server ended the stream. */
  ended(): boolean;
  /** Resolves when the server ends the stream. */
  done: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const waiters: (() => void)[] = [];
  let finished = false;
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      waiters.splice(0).forEach((wake) => wake());
    },
    onComment: (comment) => comments.push(comment),
    onRetry: (retry) => retries.push(retry),
  });
  const done = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Aborted by close(): the test ended the stream itself.
    } finally {
      finished = true;
      waiters.splice(0).forEach((wake) => wake());
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    retries,
    async waitForEvents(count, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (finished) throw new Error(`stream ended after ${events.length} events`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`only ${events.length} of ${count} events`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.slice(0, count);
    },
    ended: () => finished,
    done,
    close: () => controller.abort(),
  };
}
