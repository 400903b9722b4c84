import { useQuery } from '@tanstack/react-query';
import { pipelinesQueryOptions } from '../query/queryOptions';

export function usePipelines() {
  return useQuery(pipelinesQueryOptions());
}
