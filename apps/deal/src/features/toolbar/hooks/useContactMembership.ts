import { useUpdateDeal } from '@crm-panel/api-client';

export interface ContactMembershipChange {
  dealId: string;
  contactId: string;
  /** true adds the contact to the deal, false removes it. */
  add: boolean;
}

/**
 * Taking the deal's last contact off would send `contact_ids: []`, which RD's reference does not
 * document (it types the field as an array of contact ids and gives no way to empty it): refused
 * before anything is sent, with this message (the spec's texts have none: it assumes it can be
 * done).
 */
export const LAST_CONTACT_KEPT =
  'A API do RD Station CRM não prevê tirar o último contato da negociação; vincule outro antes.';

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
          const [first, ...rest] = add ? [...others, contactId] : others;
          if (first === undefined) throw new Error(LAST_CONTACT_KEPT);
          return { contact_ids: [first, ...rest] };
        },
      }),
  };
}
