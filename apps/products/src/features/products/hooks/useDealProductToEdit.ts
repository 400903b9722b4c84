import { useQuery } from '@tanstack/react-query';
import { dealProductsQueryOptions, getErrorMessage } from '@crm-panel/api-client';
import { type DealProduct, MESSAGES } from '@crm-panel/crm-model';

export type DealProductToEdit =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'notFound' }
  | { status: 'ready'; item: DealProduct };

/**
 * Edit mode: PRODUCT.md §7 reads the deal's products and takes the item whose id equals productId.
 * Shares the tab's cache entry, so a form opened in the same page starts from what the tab shows.
 */
export function useDealProductToEdit(
  dealId: string | null,
  productId: string | null,
  enabled: boolean,
): DealProductToEdit {
  const active = enabled && Boolean(dealId) && Boolean(productId);
  const query = useQuery({ ...dealProductsQueryOptions(dealId ?? ''), enabled: active });
  if (!active) return { status: 'idle' };
  if (query.isPending) return { status: 'loading' };
  if (query.isError) {
    return {
      status: 'error',
      message: getErrorMessage(query.error, MESSAGES.products.productLoadError),
      retry: () => void query.refetch(),
    };
  }
  const item = query.data.find((candidate) => candidate.id === productId);
  return item ? { status: 'ready', item } : { status: 'notFound' };
}
