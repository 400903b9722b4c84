import { useIsFetching } from '@tanstack/react-query';
import { isCrmBusy } from '@api-client/client/errors';

/**
 * Whether any read of the panel (the shell's or a remote's: they share one cache) is waiting for a
 * busy RD Station CRM: it failed with the api's 'crm_busy' 429 and asks again by itself after the
 * Retry-After (shouldRetryQuery, queryRetryDelay). False again once it is answered.
 */
export function useCrmWaiting(): boolean {
  return useIsFetching({ predicate: (query) => isCrmBusy(query.state.fetchFailureReason) }) > 0;
}
