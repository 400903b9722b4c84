import { useMutation } from '@tanstack/react-query';
import { type DealProductPayload } from '@crm-panel/crm-model';
import {
  createDealProduct,
  deleteDealProduct,
  updateDealProduct,
} from '@api-client/resources/dealProducts';
import { usePanelCache } from './usePanelCache';

export interface DealProductSave {
  dealId: string;
  /** The deal-product id when editing; null when adding. */
  dealProductId: string | null;
  payload: DealProductPayload;
}

/**
 * POST (add) or PUT (edit) a product on a deal. The deal's products re-read, and the deal, whose
 * total the CRM recomputes: the answer cannot tell it.
 */
export function useSaveDealProduct() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ dealId, dealProductId, payload }: DealProductSave) =>
      dealProductId
        ? updateDealProduct(dealId, dealProductId, payload)
        : createDealProduct(dealId, payload),
    onSuccess: (_product, { dealId }) => rules.dealProductsChanged(dealId),
  });
}

export interface DealProductRemoval {
  dealId: string;
  dealProductId: string;
}

/** DELETE a product from a deal; its products and the deal re-read. */
export function useDeleteDealProduct() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ dealId, dealProductId }: DealProductRemoval) =>
      deleteDealProduct(dealId, dealProductId),
    onSuccess: (_nothing, { dealId }) => rules.dealProductsChanged(dealId),
  });
}
