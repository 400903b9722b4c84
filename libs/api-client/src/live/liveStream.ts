import { createParser } from 'eventsource-parser';
import {
  type ApiRequestContext,
  apiRequestContext,
  openApiStream,
} from '@api-client/client/apiClient';
import { isHttpStatus } from '@api-client/client/errors';
import { getPanelTabId, PANEL_TAB_HEADER } from '@api-client/client/panelContext';
import { LIVE_RETRY_BASE_MS, reconnectDelay } from './backoff';
import { type LiveChange, parseLiveChange } from './liveChange';

export const LIVE_EVENTS_PATH = '/api/events';

export interface LiveStreamOptions {
  /** A change of the tenant (the panel's own included). */
  onChange(change: LiveChange): void;
  /** Changes may have been missed: everything on screen must be read again. */
  onResync(): void;
  /**
   * Injected by tests; the panel uses the api client's session and, under the client's axios,
   * the browser's fetch.
   */
  context?: () => Promise<ApiRequestContext | null>;
  fetch?: typeof fetch;
  random?: () => number;
}

/**
 * Keeps the panel's one stream of GET /api/events open until the returned stop is called:
 * the api client's axios (its fetch adapter, the answer's body as a stream; EventSource cannot
 * send the session's Authorization header) read with eventsource-parser, Last-Event-ID on every reconnect, exponential backoff with jitter between
 * attempts. Never rejects: every failure is one more attempt.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const context = options.context ?? apiRequestContext;
  const random = options.random ?? Math.random;
  let stopped = false;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;
  let lastEventId: string | null = null;
  let baseMs = LIVE_RETRY_BASE_MS;
  let opened = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  /** One connection, read to its end; whether it was accepted. */
  const connect = async (): Promise<boolean> => {
    const request = await context();
    if (!request || stopped) return false;
    controller = new AbortController();
    let response;
    try {
      response = await openApiStream(
        `${request.baseURL}${LIVE_EVENTS_PATH}`,
        {
          headers: {
            ...request.headers,
            // The api marks the changes this tab wrote (`own`) by it, and sends no tab id back.
            [PANEL_TAB_HEADER]: getPanelTabId(),
            Accept: 'text/event-stream',
            ...(lastEventId !== null ? { 'Last-Event-ID': lastEventId } : {}),
          },
          signal: controller.signal,
        },
        options.fetch,
      );
    } catch (error) {
      // The api refused the token: the next context earns a new one.
      if (isHttpStatus(error, 401)) request.retire();
      return false;
    }
    // Reconnected without knowing where we were: whatever happened meanwhile is unknown.
    if (opened && lastEventId === null) options.onResync();
    opened = true;
    const parser = createParser({
      onEvent(event) {
        if (event.event === 'resync') {
          options.onResync();
          return;
        }
        if (event.event !== 'change') return;
        const change = parseLiveChange(event.data);
        if (!change) return;
        lastEventId = event.id ?? change.id;
        options.onChange(change);
      },
      onRetry(ms) {
        baseMs = ms;
      },
    });
    const reader = response.data.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    return true;
  };

  const run = async () => {
    let attempt = 0;
    while (!stopped) {
      let accepted = false;
      try {
        accepted = await connect();
      } catch {
        // Network gone, stream cut, aborted by stop(): all the same, try again later.
      }
      if (stopped) return;
      attempt = accepted ? 0 : attempt + 1;
      await wait(reconnectDelay(attempt, random, baseMs));
    }
  };
  void run();

  return () => {
    stopped = true;
    controller?.abort();
    wake?.();
  };
}
