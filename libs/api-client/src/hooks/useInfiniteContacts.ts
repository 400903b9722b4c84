import { useInfiniteQuery } from '@tanstack/react-query';
import { contactsInfiniteQueryOptions } from '@api-client/query/infiniteQueryOptions';

export function useInfiniteContacts(search?: string) {
  return useInfiniteQuery(contactsInfiniteQueryOptions({ search }));
}
