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
 * POST (add) or PUT (edit) a product on a deal. The answer takes its place in the deal's
 * products; the deal re-reads, as its total is the CRM's to recompute.
 */
export function useSaveDealProduct() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ dealId, dealProductId, payload }: DealProductSave) =>
      dealProductId
        ? updateDealProduct(dealId, dealProductId, payload)
        : createDealProduct(dealId, payload),
    onSuccess: (product, { dealId }) => rules.dealProductWritten(dealId, product),
  });
}

export interface DealProductRemoval {
  dealId: string;
  dealProductId: string;
}

/** DELETE a product from a deal; it leaves the list and the deal re-reads (its total). */
export function useDeleteDealProduct() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ dealId, dealProductId }: DealProductRemoval) =>
      deleteDealProduct(dealId, dealProductId),
    onSuccess: (_nothing, { dealId, dealProductId }) =>
      rules.dealProductRemoved(dealId, dealProductId),
  });
}
