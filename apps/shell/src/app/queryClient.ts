import { QueryClient } from '@tanstack/react-query';
import { shouldRetryQuery } from '@crm-panel/api-client';

/** One query cache for the shell and every remote (the library is a shared singleton). */
export function createPanelQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
