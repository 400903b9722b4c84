import { useUpdateDeal } from '@crm-panel/api-client';

export interface ContactMembershipChange {
  dealId: string;
  contactId: string;
  /** true adds the contact to the deal, false removes it. */
  add: boolean;
}

/** Adds the contact to the deal or removes it (PUT contact_ids with the whole new list). */
export function useContactMembership() {
  const update = useUpdateDeal();
  return {
    busy: update.isPending,
    change: ({ dealId, contactId, add }: ContactMembershipChange) =>
      update.mutateAsync({
        dealId,
        // The freshest list the panel knows of, so another contact added meanwhile is kept.
        patch: (deal) => {
          const others = (deal?.contact_ids ?? []).filter((id) => id !== contactId);
          return { contact_ids: add ? [...others, contactId] : others };
        },
      }),
  };
}
