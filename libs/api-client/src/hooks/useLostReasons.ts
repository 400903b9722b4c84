import { useQuery } from '@tanstack/react-query';
import { lostReasonsQueryOptions } from '@api-client/query/queryOptions';

export function useLostReasons(search?: string) {
  return useQuery(lostReasonsQueryOptions({ search }));
}
