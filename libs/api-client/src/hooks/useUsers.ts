import { useQuery } from '@tanstack/react-query';
import { usersQueryOptions } from '@api-client/query/queryOptions';

/** Users of the CRM account (task owners, deal owner, note authors). */
export function useUsers() {
  return useQuery(usersQueryOptions());
}
