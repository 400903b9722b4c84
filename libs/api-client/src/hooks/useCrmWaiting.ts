import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { isCrmBusy } from '@api-client/client/errors';

/**
 * Whether any read or write of the panel (the shell's or a remote's: they share one cache) is
 * waiting for a busy RD Station CRM: it failed with the api's 'crm_busy' 429 and goes again by
 * itself after the Retry-After (shouldRetryQuery, shouldRetryWrite, queryRetryDelay). False again
 * once it is answered.
 */
export function useCrmWaiting(): boolean {
  const reads = useIsFetching({
    predicate: (query) => isCrmBusy(query.state.fetchFailureReason),
  });
  const writes = useIsMutating({
    predicate: (mutation) => isCrmBusy(mutation.state.failureReason),
  });
  return reads + writes > 0;
}
