/** Outbound call with a deadline; `timedOut` tells a deadline from other network failures. */
export class OutboundError extends Error {
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause: unknown) {
    super(timedOut ? 'timeout' : 'network failure', { cause });
    this.name = 'OutboundError';
    this.timedOut = timedOut;
  }
}

export async function timedFetch(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await fetchImpl(url, { ...init, signal });
  } catch (error) {
    throw new OutboundError(signal.aborted, error);
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
