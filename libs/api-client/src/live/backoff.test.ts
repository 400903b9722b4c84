import { LIVE_RETRY_CAP_MS, reconnectDelay } from './backoff';

describe('reconnectDelay', () => {
  it('doubles from the base, is capped, and is jittered between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(reconnectDelay(3, () => 0)).toBe(4_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6_000);
    expect(reconnectDelay(100, () => 1)).toBe(LIVE_RETRY_CAP_MS);
    expect(reconnectDelay(1, () => 1, 3_000)).toBe(6_000);
  });
});
