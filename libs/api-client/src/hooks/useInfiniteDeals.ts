import { useInfiniteQuery } from '@tanstack/react-query';
import { dealsInfiniteQueryOptions } from '@api-client/query/infiniteQueryOptions';

/** The deal picker's pages; pass `contactId` when 'Negociações com esse contato' is on. */
export function useInfiniteDeals(search?: string, contactId?: string | null) {
  return useInfiniteQuery(dealsInfiniteQueryOptions({ search, contactId }));
}
