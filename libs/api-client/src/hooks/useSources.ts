import { useQuery } from '@tanstack/react-query';
import { sourcesQueryOptions } from '@api-client/query/queryOptions';

export function useSources() {
  return useQuery(sourcesQueryOptions());
}
