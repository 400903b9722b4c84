import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import {
  getErrorMessage,
  productQueryOptions,
  productsInfiniteQueryOptions,
  productsQueryOptions,
  shouldRetryQuery,
} from '@crm-panel/api-client';
import { type DropdownOption, MESSAGES, type Product } from '@crm-panel/crm-model';
import { productMatches, productOption, productOptionLabel } from '../model/productOption';

export interface ProductOptions {
  options: DropdownOption[];
  /** Label of the chosen product even when it is outside the loaded pages or the search. */
  selectedLabel: string | undefined;
  productById: (id: string) => Product | undefined;
  search: string;
  onSearch: (text: string) => void;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  /** 'Erro ao carregar lista de produtos' (server message preferred), or null. */
  error: string | null;
  retry: () => void;
}

/**
 * The Produto select. RD Station CRM filters products by exact name only (api-client README), so
 * a server search alone would find nothing until the whole name is typed. Instead the catalogue
 * is loaded in pages of 200 (infinite scroll) and filtered here, accent-insensitively, on name,
 * price and description; the typed text is also sent as the exact-name search, so a product on a
 * page not loaded yet is still found when its full name is typed. Exact matches come first.
 */
export function useProductOptions(enabled: boolean, selectedId: string): ProductOptions {
  const [search, setSearch] = useState('');
  const term = search.trim();

  const catalogue = useInfiniteQuery({ ...productsInfiniteQueryOptions(), enabled });
  const exact = useQuery({
    ...productsQueryOptions({ search: term }),
    enabled: enabled && term !== '',
  });

  const loaded = useMemo(() => {
    const byId = new Map<string, Product>();
    for (const page of catalogue.data?.pages ?? []) {
      for (const product of page.data) byId.set(product.id, product);
    }
    return byId;
  }, [catalogue.data]);

  const selectedMissing = selectedId !== '' && !loaded.has(selectedId);
  const selected = useQuery({
    ...productQueryOptions(selectedId),
    enabled: enabled && selectedMissing && !catalogue.isPending,
    retry: shouldRetryQuery,
  });

  const exactMatches = useMemo(() => (term === '' ? [] : (exact.data ?? [])), [term, exact.data]);

  const options = useMemo(() => {
    const seen = new Set<string>();
    const result: DropdownOption[] = [];
    const add = (product: Product) => {
      if (seen.has(product.id)) return;
      seen.add(product.id);
      result.push(productOption(product));
    };
    exactMatches.forEach(add);
    for (const product of loaded.values()) {
      if (productMatches(product, term)) add(product);
    }
    return result;
  }, [exactMatches, loaded, term]);

  const productById = useCallback(
    (id: string): Product | undefined =>
      loaded.get(id) ??
      exactMatches.find((product) => product.id === id) ??
      (selected.data?.id === id ? selected.data : undefined),
    [loaded, exactMatches, selected.data],
  );

  let selectedLabel: string | undefined;
  if (selectedId !== '') {
    const product = productById(selectedId);
    if (product) selectedLabel = productOptionLabel(product);
    else if (selected.isError) selectedLabel = MESSAGES.products.notFound;
    else selectedLabel = MESSAGES.dropdown.loading;
  }

  const { fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = catalogue;
  const onLoadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  return {
    options,
    selectedLabel,
    productById,
    search,
    onSearch: setSearch,
    // Exact-name matches join the list when they arrive; they never hide the local matches.
    loading: !enabled || catalogue.isPending,
    loadingMore: isFetchingNextPage,
    hasMore: Boolean(hasNextPage),
    onLoadMore,
    error:
      catalogue.isError && !catalogue.data
        ? getErrorMessage(catalogue.error, MESSAGES.products.listLoadError)
        : null,
    retry: () => void refetch(),
  };
}
