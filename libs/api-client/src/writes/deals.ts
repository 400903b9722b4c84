import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Deal, type DealCreatePayload, type DealUpdatePayload } from '@crm-panel/crm-model';
import { createDeal, updateDeal } from '@api-client/resources/deals';
import { queryKeys } from '@api-client/query/queryKeys';
import { usePanelCache } from './usePanelCache';

export interface DealUpdate {
  dealId: string;
  /** The partial body, or a function of the deal as the cache knows it (e.g. its contact list). */
  patch: DealUpdatePayload | ((deal: Deal | undefined) => DealUpdatePayload);
}

export interface UpdateDealOptions {
  /**
   * Show the change at once and put the previous deal back if the CRM refuses it (the general
   * tab's in-place fields). Off, the deal on screen changes with the answer.
   */
  optimistic?: boolean;
}

/**
 * PUT /api/rdstation/deals/{id}, the one write of a deal's fields, status and contacts. The answer
 * is the deal: it replaces the cached one (no re-read); the picker's lists re-read.
 */
export function useUpdateDeal({ optimistic = false }: UpdateDealOptions = {}) {
  const client = useQueryClient();
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ dealId, patch }: DealUpdate) =>
      updateDeal(
        dealId,
        typeof patch === 'function' ? patch(client.getQueryData(queryKeys.deal(dealId))) : patch,
      ),
    onMutate: async ({ dealId, patch }) => {
      if (!optimistic || typeof patch === 'function') return { previous: undefined };
      const key = queryKeys.deal(dealId);
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData(key);
      if (previous) client.setQueryData(key, { ...previous, ...patch });
      return { previous };
    },
    onError: (_error, { dealId }, context) => {
      if (context?.previous) client.setQueryData(queryKeys.deal(dealId), context.previous);
    },
    onSuccess: (deal) => rules.dealWritten(deal),
  });
}

/** POST /api/rdstation/deals; the new deal goes into the cache, the picker's lists re-read. */
export function useCreateDeal() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: (payload: DealCreatePayload) => createDeal(payload),
    onSuccess: (deal) => rules.dealWritten(deal),
  });
}
