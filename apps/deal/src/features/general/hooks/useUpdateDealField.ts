import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, updateDeal } from '@crm-panel/api-client';
import { type Deal, type DealUpdatePayload } from '@crm-panel/crm-model';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, patch }: DealFieldUpdate) => updateDeal(dealId, patch),
    onMutate: async ({ dealId, patch }) => {
      const key = queryKeys.deal(dealId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Deal>(key);
      if (previous) queryClient.setQueryData<Deal>(key, { ...previous, ...patch });
      return { previous };
    },
    onError: (error, { dealId }, context) => {
      console.error(FIELD_UPDATE_LOG, error);
      if (context?.previous) queryClient.setQueryData(queryKeys.deal(dealId), context.previous);
    },
    onSuccess: (deal, { dealId, patch }) => {
      queryClient.setQueryData(queryKeys.deal(dealId), deal);
      // A new pipeline brings its own stages: fetch them afresh.
      if ('pipeline_id' in patch) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.stages(patch.pipeline_id) });
      }
    },
    onSettled: (_deal, _error, { dealId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.deal(dealId) }),
  });
}
