/**
 * Counts hits per key in fixed windows (in this process's memory). At most `maxKeys` keys are
 * held: past that the oldest window is dropped, so a flood of distinct keys cannot grow memory.
 */
export function createWindowCounter(windowMs: number, now: () => number, maxKeys = 100_000) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one hit of `key`: how many hits its window holds now, and when the window ends. */
    hit(key: string): { count: number; retryAfterMs: number } {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) {
        windows.delete(key);
        window = { startedAt: at, count: 0 };
        if (windows.size >= maxKeys) {
          const oldest = windows.keys().next();
          if (!oldest.done) windows.delete(oldest.value);
        }
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, retryAfterMs: window.startedAt + windowMs - at };
    },
  };
}

export type WindowCounter = ReturnType<typeof createWindowCounter>;
