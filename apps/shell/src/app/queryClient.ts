import { QueryClient } from '@tanstack/react-query';
import { isHttpStatus } from '@crm-panel/api-client';

/** Client errors are answers, not glitches: retrying a 4xx only repeats it. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if ([400, 401, 403, 404, 409, 422, 428].some((status) => isHttpStatus(error, status))) {
    return false;
  }
  return failureCount < 2;
}

/** One query cache for the shell and every remote (the library is a shared singleton). */
export function createPanelQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
