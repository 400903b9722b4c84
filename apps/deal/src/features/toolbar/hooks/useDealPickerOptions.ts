import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { dealsInfiniteQueryOptions } from '@crm-panel/api-client';
import { DEAL_STATUS_LABELS, type Deal, type DropdownOption } from '@crm-panel/crm-model';
import { formatBRL } from '@crm-panel/format';

function dealOption(deal: Deal): DropdownOption {
  return {
    value: deal.id,
    label: deal.name,
    subtitle: `${DEAL_STATUS_LABELS[deal.status]} · ${formatBRL(deal.total_price)}`,
  };
}

export interface UseDealPickerOptionsArgs {
  /** Only deals with this contact ('Negociações com esse contato'); null for every deal. */
  contactId: string | null;
  /** The list is fetched only once someone may look at it. */
  enabled: boolean;
}

/** The deal picker's options: server-side name search and pages followed through links.next. */
export function useDealPickerOptions({ contactId, enabled }: UseDealPickerOptionsArgs) {
  const [search, setSearch] = useState('');
  const query = useInfiniteQuery({
    ...dealsInfiniteQueryOptions({ search, contactId }),
    enabled,
  });

  const options = useMemo(() => {
    const seen = new Set<string>();
    const result: DropdownOption[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const deal of page.data) {
        if (seen.has(deal.id)) continue;
        seen.add(deal.id);
        result.push(dealOption(deal));
      }
    }
    return result;
  }, [query.data]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  return {
    options,
    /** The api scanned only this many of the most recent deals for the contact (else null). */
    limitedTo: query.data?.pages[0]?.limitedTo ?? null,
    setSearch,
    loading: enabled && query.isPending,
    loadingMore: isFetchingNextPage,
    hasMore: Boolean(hasNextPage),
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    isError: query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}
