import { useMemo } from 'react';
import { useLocation as useRouterLocation } from 'wouter';
import { useRawSearch } from './useRawSearch';

export interface Location {
  pathname: string;
  /** The query with its '?' ('?dealId=7'), or '' when there is none. */
  search: string;
}

/** Where the router is now. */
export function useLocation(): Location {
  const [pathname] = useRouterLocation();
  const search = useRawSearch();
  return useMemo(() => ({ pathname, search: search ? `?${search}` : '' }), [pathname, search]);
}
