import { useInfiniteQuery } from '@tanstack/react-query';
import { type OrganizationPageSize } from '@api-client/resources/reference';
import { organizationsInfiniteQueryOptions } from '@api-client/query/infiniteQueryOptions';

/** Organization select pages; `limit` 50 in the contact-edit and create-deal modals. */
export function useInfiniteOrganizations(search?: string, limit?: OrganizationPageSize) {
  return useInfiniteQuery(organizationsInfiniteQueryOptions({ search, limit }));
}
