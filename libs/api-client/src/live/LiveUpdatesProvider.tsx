import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cacheRules } from '@api-client/writes/cacheRules';
import { type LiveChange } from './liveChange';
import { type LiveStreamOptions, openLiveStream } from './liveStream';
import { liveHintText } from './liveTexts';
import { type LiveHint, LiveUpdatesContext, type LiveUpdatesValue } from './LiveUpdatesContext';

/** How long the 'Atualizado por … agora' hint stays. */
export const LIVE_HINT_MS = 5_000;

export interface LiveUpdatesProviderProps {
  /** The host user of this panel: their own changes re-read but show no hint or warning. */
  selfUserId: string | null;
  children: ReactNode;
  /** Tests inject the stream's transport; the panel uses the api client's. */
  transport?: Pick<LiveStreamOptions, 'context' | 'fetch' | 'random'>;
}

/**
 * The panel's live updates: one stream of the tenant's changes while mounted; each
 * change re-reads what shows that record, a `resync` re-reads everything; others' changes show a
 * short hint and reach the forms that listen (they warn instead of overwriting).
 */
export function LiveUpdatesProvider({ selfUserId, children, transport }: LiveUpdatesProviderProps) {
  const client = useQueryClient();
  const [hint, setHint] = useState<LiveHint | null>(null);
  const listeners = useRef(new Set<(change: LiveChange) => void>());
  const self = useRef(selfUserId);
  self.current = selfUserId;
  const transportRef = useRef(transport);

  useEffect(() => {
    const rules = cacheRules(client);
    return openLiveStream({
      ...transportRef.current,
      onChange(change) {
        // Written from this tab (the panel or one of its forms): its answer is in the cache.
        if (change.own) return;
        void rules.recordChanged(change);
        const own = change.origin === 'panel' && change.actor?.userId === self.current;
        if (own) return;
        setHint({
          changeId: change.id,
          text: liveHintText(change),
          record: { type: change.record.type, id: change.record.id },
          fields: change.fields,
        });
        for (const listener of [...listeners.current]) {
          try {
            listener(change);
          } catch (error) {
            console.error(error);
          }
        }
      },
      onResync() {
        void rules.refreshAll();
      },
    });
  }, [client]);

  useEffect(() => {
    if (!hint) return undefined;
    const timer = setTimeout(() => setHint(null), LIVE_HINT_MS);
    return () => clearTimeout(timer);
  }, [hint]);

  const subscribe = useCallback((listener: (change: LiveChange) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const value = useMemo<LiveUpdatesValue>(() => ({ hint, subscribe }), [hint, subscribe]);
  return <LiveUpdatesContext.Provider value={value}>{children}</LiveUpdatesContext.Provider>;
}
