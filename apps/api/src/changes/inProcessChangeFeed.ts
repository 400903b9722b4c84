import { type ChangeFeed, type ChangeListener, type RecordChange } from './recordChange';

/**
 * The ChangeFeed of one api process (the SQLite default): listeners are called synchronously, in
 * subscription order. A listener that throws is reported and skipped; the write that published
 * the change has already succeeded and never sees the failure.
 */
export function createInProcessChangeFeed(
  onListenerError: (error: unknown, change: RecordChange) => void = () => undefined,
): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  return {
    publish(change) {
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch (error) {
          onListenerError(error, change);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    // In one process nothing travels: no change is ever missed.
    subscribeGaps: () => () => undefined,
    async close() {
      listeners.clear();
    },
  };
}
