import { useMemo, useState } from 'react';
import { type DropdownOption } from '@crm-panel/crm-model';

/** What a searchable select reads of an infinite CRM list (api-client's `useInfinite…` hooks). */
export interface InfiniteList<T> {
  data?: { pages: readonly { data: readonly T[] }[] };
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The SingleSelect props of a search over a CRM list: typed text, the options, paging. */
export interface SearchSelectProps {
  searchable: true;
  onSearch: (text: string) => void;
  options: DropdownOption[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * A SingleSelect that searches a CRM list as the person types and loads the next page as they
 * scroll: `useList` is the api-client hook for the typed text (organizations, contacts), and
 * `toOption` how one record reads in the list. Returns the list (for its error and retry) and the
 * props to spread on the select.
 */
export function useSearchSelect<T, L extends InfiniteList<T>>(
  useList: (search: string) => L,
  toOption: (item: T) => DropdownOption,
): { list: L; selectProps: SearchSelectProps } {
  const [search, setSearch] = useState('');
  const list = useList(search);
  const options = useMemo(
    () => (list.data?.pages ?? []).flatMap((page) => page.data).map(toOption),
    [list.data, toOption],
  );
  return {
    list,
    selectProps: {
      searchable: true,
      onSearch: setSearch,
      options,
      loading: list.isPending,
      hasMore: list.hasNextPage,
      loadingMore: list.isFetchingNextPage,
      onLoadMore: () => void list.fetchNextPage(),
    },
  };
}
