import { useUpdateDeal } from '@crm-panel/api-client';
import { type DealUpdatePayload } from '@crm-panel/crm-model';

export interface DealFieldUpdate {
  dealId: string;
  patch: DealUpdatePayload;
}

/** Logged, and only logged, when an in-place field change fails (PRODUCT.md §8). */
export const FIELD_UPDATE_LOG = 'Erro ao atualizar campo da negociação';

/**
 * One in-place field change (owner, rating, source, pipeline, stage): shown at once, sent as a
 * partial PUT, and on failure the field goes back to its previous value and the error is logged.
 */
export function useUpdateDealField() {
  const update = useUpdateDeal({ optimistic: true });
  // The promise, not mutate's per-call onError: that one is skipped once the tab unmounts.
  return (change: DealFieldUpdate) =>
    void update
      .mutateAsync(change)
      .catch((error: unknown) => console.error(FIELD_UPDATE_LOG, error));
}
