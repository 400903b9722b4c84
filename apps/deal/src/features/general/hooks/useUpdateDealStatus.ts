import { useUpdateDeal } from '@crm-panel/api-client';

export type DealStatusChange =
  { dealId: string; status: 'won' } | { dealId: string; status: 'lost'; lostReasonId: string };

/** Marks the deal won, or lost with its reason (PUT status [+ lost_reason_id]). */
export function useUpdateDealStatus() {
  const update = useUpdateDeal();
  return (change: DealStatusChange) =>
    update.mutateAsync({
      dealId: change.dealId,
      patch:
        change.status === 'won'
          ? { status: 'won' }
          : { status: 'lost', lost_reason_id: change.lostReasonId },
    });
}
