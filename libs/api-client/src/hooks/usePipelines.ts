import { useQuery } from '@tanstack/react-query';
import { pipelinesQueryOptions } from '@api-client/query/queryOptions';

export function usePipelines() {
  return useQuery(pipelinesQueryOptions());
}
