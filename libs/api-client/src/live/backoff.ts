/** First wait before reconnecting (the api's `retry:` hint replaces it once heard). */
export const LIVE_RETRY_BASE_MS = 1_000;
/** The longest wait between two attempts. */
export const LIVE_RETRY_CAP_MS = 30_000;

/**
 * How long to wait before attempt `attempt` (0 = the first retry): doubling from `baseMs`, capped,
 * and jittered between half and all of it so panels dropped together do not return together.
 */
export function reconnectDelay(
  attempt: number,
  random: () => number,
  baseMs: number = LIVE_RETRY_BASE_MS,
): number {
  const ceiling = Math.min(LIVE_RETRY_CAP_MS, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
