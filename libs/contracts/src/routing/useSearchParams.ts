import { useMemo } from 'react';
import { useRawSearch } from './useRawSearch';

/** The location's query parameters (read-only: the panel's pages read theirs, never write them). */
export function useSearchParams(): readonly [URLSearchParams] {
  const search = useRawSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params] as const;
}
