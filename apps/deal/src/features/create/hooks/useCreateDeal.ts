import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDeal, queryKeys } from '@crm-panel/api-client';
import { type DealCreatePayload } from '@crm-panel/crm-model';
import { dealListsKey } from '@deal/features/shared/dealQueryKeys';

export interface DealCreation {
  payload: DealCreatePayload;
  /** The chat's CRM contact: the new deal starts with it. */
  contactId?: string;
}

/** POST /api/rdstation/deals, with the chat's contact in contact_ids. */
export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, contactId }: DealCreation) =>
      createDeal(contactId ? { ...payload, contact_ids: [contactId] } : payload),
    onSuccess: (deal) => {
      queryClient.setQueryData(queryKeys.deal(deal.id), deal);
      void queryClient.invalidateQueries({ queryKey: dealListsKey });
    },
  });
}
