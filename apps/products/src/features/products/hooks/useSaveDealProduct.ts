import { useMutation } from '@tanstack/react-query';
import { createDealProduct, updateDealProduct } from '@crm-panel/api-client';
import { type DealProduct, type DealProductPayload } from '@crm-panel/crm-model';
import { useInvalidateDealProducts } from './useInvalidateDealProducts';

export interface SaveDealProductTarget {
  dealId: string;
  /** The deal-product id when editing; absent when adding. */
  dealProductId: string | null;
}

/** POST (add) or PUT (edit) a deal product; the deal's products and the deal are refetched. */
export function useSaveDealProduct() {
  const invalidate = useInvalidateDealProducts();
  return useMutation<
    DealProduct,
    unknown,
    { target: SaveDealProductTarget; payload: DealProductPayload }
  >({
    mutationFn: ({ target, payload }) =>
      target.dealProductId
        ? updateDealProduct(target.dealId, target.dealProductId, payload)
        : createDealProduct(target.dealId, payload),
    onSuccess: (_product, { target }) => {
      void invalidate(target.dealId);
    },
  });
}
