import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, updateDeal } from '@crm-panel/api-client';
import { dealListsKey } from '@deal/features/shared/dealQueryKeys';

export type DealStatusChange =
  { dealId: string; status: 'won' } | { dealId: string; status: 'lost'; lostReasonId: string };

/** Marks the deal won, or lost with its reason (PUT status [+ lost_reason_id]). */
export function useUpdateDealStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DealStatusChange) =>
      updateDeal(
        change.dealId,
        change.status === 'won'
          ? { status: 'won' }
          : { status: 'lost', lost_reason_id: change.lostReasonId },
      ),
    onSuccess: (deal, { dealId }) => {
      queryClient.setQueryData(queryKeys.deal(dealId), deal);
      void queryClient.invalidateQueries({ queryKey: queryKeys.deal(dealId) });
      // The picker shows each deal's status under its name.
      void queryClient.invalidateQueries({ queryKey: dealListsKey });
    },
  });
}
