import { useRouter } from 'wouter';

/**
 * The location's query as the URL has it, without its '?'. The router's own `useSearch` passes it
 * through decodeURI first, so a value holding an escape ('50%2541', i.e. '50%41') would be
 * decoded twice ('50A') by URLSearchParams.
 */
export function useRawSearch(): string {
  const router = useRouter();
  const search = router.searchHook(router);
  return search.startsWith('?') ? search.slice(1) : search;
}
