/** Outbound call with a deadline; `timedOut` tells a deadline from other network failures. */
export class OutboundError extends Error {
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause: unknown) {
    super(timedOut ? 'timeout' : 'network failure', { cause });
    this.name = 'OutboundError';
    this.timedOut = timedOut;
  }
}

/** An answer and its body read as JSON (null for an empty or non-JSON one). */
export interface JsonAnswer {
  response: Response;
  body: unknown;
}

/** A call within its deadline, its answer read as JSON (the body's reading inside the deadline). */
export type TimedJson = (url: string, init: RequestInit, timeoutMs: number) => Promise<JsonAnswer>;

/**
 * A call's deadline: after `timeoutMs`, `onPassed` gets a TimeoutError (AbortSignal.timeout's
 * reason). The caller clears the timer when the call ends.
 *
 * Why not AbortSignal.timeout: its timer is never cleared when the call ends, so every call
 * answered in a few ms left a timer of the whole deadline behind (held by a weak reference and a
 * finalizer), ~20 µs per CRM call on this machine.
 */
export function startDeadline(
  timeoutMs: number,
  onPassed: (reason: DOMException) => void,
): NodeJS.Timeout {
  const timer = setTimeout(
    () => onPassed(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    timeoutMs,
  );
  // Like AbortSignal.timeout's, the deadline alone never keeps the process alive.
  timer.unref();
  return timer;
}

/**
 * `fetchImpl`, its answer read as JSON, within a deadline of `timeoutMs` (the body's reading
 * included): past it, the call is aborted and rejects as a timed-out OutboundError; any other
 * failure, as a network OutboundError.
 */
export async function timedJson(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<JsonAnswer> {
  const controller = new AbortController();
  const timer = startDeadline(timeoutMs, (reason) => controller.abort(reason));
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    return { response, body: await readJson(response) };
  } catch (error) {
    throw new OutboundError(controller.signal.aborted, error);
  } finally {
    clearTimeout(timer);
  }
}

/** A JSON text's value; null for an empty or non-JSON one. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Reads a JSON body; null for an empty or non-JSON one. */
export async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text());
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The record of a CRM v2 single-record answer (`{ data: {…} }`), or null for any other body. */
export function recordOf(body: unknown): Record<string, unknown> | null {
  return isRecord(body) && isRecord(body.data) ? body.data : null;
}

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
