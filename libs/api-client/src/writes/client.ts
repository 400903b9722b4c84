import {
  notifyManager,
  QueryClient,
  useQueryClient,
  type FetchQueryOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryRetryDelay, shouldRetryQuery, shouldRetryWrite } from '@api-client/client/errors';

/**
 * The panel's one query cache (the shell creates it; TanStack Query is a federation singleton, so
 * every remote shares it). Freshness is set here and in each query's options, nowhere else.
 */
/** How long an answer stays fresh unless its query says otherwise. */
const PANEL_STALE_TIME_MS = 30_000;

export function createPanelQueryClient(): QueryClient {
  // Answers reach React in a microtask after they are read, not in a setTimeout(0): that timer
  // waited 1–4 ms behind the browser's clamp after the deal's answer, on the path to the panel
  // being ready. What resolves together still renders together (TanStack
  // batches within the task); notifyManager is TanStack's own singleton, shared by every remote.
  notifyManager.setScheduler(queueMicrotask);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
        staleTime: PANEL_STALE_TIME_MS,
      },
      // A write on a busy CRM waits its turn and goes again by itself ('Aguardando o RD Station
      // CRM…'); nothing else is sent twice.
      mutations: { retry: shouldRetryWrite, retryDelay: queryRetryDelay },
    },
  });
}

/**
 * A read on demand (a button, a check before a step) through the shared cache: an answer already
 * there and fresh enough is used, a read in flight is joined. Pass `staleTime: 0` to ask anew.
 */
export function useFetchQuery() {
  const client = useQueryClient();
  return useCallback(
    <T, Key extends QueryKey>(options: FetchQueryOptions<T, Error, T, Key>) =>
      client.fetchQuery(options),
    [client],
  );
}
