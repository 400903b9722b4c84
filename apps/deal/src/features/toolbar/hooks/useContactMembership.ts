import { useUpdateDeal } from '@crm-panel/api-client';

export interface ContactMembershipChange {
  dealId: string;
  contactId: string;
  /** true adds the contact to the deal, false removes it. */
  add: boolean;
}

/** Said instead: the spec's texts have none for it, since the spec assumes it can be done. */
export const LAST_CONTACT_KEPT =
  'A API do RD Station CRM não prevê tirar o último contato de uma negociação. Vincule outro contato antes ou remova-o no RD Station CRM.';

/**
 * Taking the deal's last contact off would send `contact_ids: []`, which RD's reference does not
 * document (it types the field as an array of contact ids and gives no way to empty it): refused
 * here, before anything is sent.
 */
export class LastContactError extends Error {
  constructor() {
    super('The deal would be left without contacts');
    this.name = 'LastContactError';
  }
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
          const [first, ...rest] = add ? [...others, contactId] : others;
          if (first === undefined) throw new LastContactError();
          return { contact_ids: [first, ...rest] };
        },
      }),
  };
}
