import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { productQueryOptions, productsQueryOptions, shouldRetryQuery } from '@crm-panel/api-client';
import { type Product } from '@crm-panel/crm-model';

/** What the tab knows about the catalogue product behind a deal product. */
export type CatalogueEntry =
  | { status: 'loading' }
  | { status: 'found'; product: Product }
  /** Absent from the catalogue (or unreadable): 'Produto não encontrado'. */
  | { status: 'missing' };

/**
 * Names and list prices for the tab: the catalogue's first page (200) in one request, then one
 * GET /products/{id} for each product not on it (larger catalogues, or removed products).
 */
export function useCatalogueProducts(
  productIds: readonly string[],
): (id: string) => CatalogueEntry {
  const enabled = productIds.length > 0;
  const firstPage = useQuery({ ...productsQueryOptions(), enabled });

  const onFirstPage = useMemo(
    () => new Map((firstPage.data ?? []).map((product) => [product.id, product])),
    [firstPage.data],
  );
  const settled = firstPage.isSuccess || firstPage.isError;
  const others = useMemo(
    () => (settled ? [...new Set(productIds)].filter((id) => !onFirstPage.has(id)).sort() : []),
    [settled, productIds, onFirstPage],
  );
  const singles = useQueries({
    queries: others.map((id) => ({ ...productQueryOptions(id), retry: shouldRetryQuery })),
  });

  return (id: string): CatalogueEntry => {
    const product = onFirstPage.get(id);
    if (product) return { status: 'found', product };
    if (!settled) return { status: 'loading' };
    const single = singles[others.indexOf(id)];
    if (!single || single.isPending) return { status: 'loading' };
    if (single.isError) return { status: 'missing' };
    return { status: 'found', product: single.data };
  };
}
