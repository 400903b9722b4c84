import { useQuery } from '@tanstack/react-query';
import { sourcesQueryOptions } from '../query/queryOptions';

export function useSources() {
  return useQuery(sourcesQueryOptions());
}
