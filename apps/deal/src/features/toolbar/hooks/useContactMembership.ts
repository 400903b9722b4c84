import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, updateDeal } from '@crm-panel/api-client';
import { type Deal } from '@crm-panel/crm-model';
import { dealListsKey } from '@deal/features/shared/dealQueryKeys';

export interface ContactMembershipChange {
  dealId: string;
  contactId: string;
  /** true adds the contact to the deal, false removes it. */
  add: boolean;
}

/** Adds the contact to the deal or removes it (PUT contact_ids with the whole new list). */
export function useContactMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, contactId, add }: ContactMembershipChange) => {
      // The freshest list we know of, so another contact added meanwhile is kept.
      const current = queryClient.getQueryData<Deal>(queryKeys.deal(dealId))?.contact_ids ?? [];
      const others = current.filter((id) => id !== contactId);
      return updateDeal(dealId, { contact_ids: add ? [...others, contactId] : others });
    },
    onSuccess: (deal, { dealId }) => {
      queryClient.setQueryData(queryKeys.deal(dealId), deal);
      void queryClient.invalidateQueries({ queryKey: queryKeys.deal(dealId) });
      // 'Negociações com esse contato' lists change with the membership.
      void queryClient.invalidateQueries({ queryKey: dealListsKey });
    },
  });
}
