import { useQuery } from '@tanstack/react-query';
import { customFieldsQueryOptions } from '@api-client/query/queryOptions';

/** Custom-field definitions of deals (the general tab's read-only grid, the create-deal form). */
export function useCustomFields() {
  return useQuery(customFieldsQueryOptions());
}
