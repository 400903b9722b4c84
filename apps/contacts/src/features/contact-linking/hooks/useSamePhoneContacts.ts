import { useCallback } from 'react';
import { useFetchQuery } from '@crm-panel/api-client';
import { type HostContact } from '@crm-panel/crm-model';
import { type ContactSuggestion, phoneSearchTerm } from '../suggestions';
import { contactSuggestionsQueryOptions } from './useContactSuggestions';

/** A suggestions list answered this recently is taken as it is, without asking the CRM again. */
export const SAME_PHONE_FRESH_MS = 30_000;

/**
 * Asks, before a contact is created, which CRM contacts already have `phone`. The chat's own
 * number (with the chat's name) is the suggestions list on screen, so it costs no request; another
 * number typed into the form is searched the same way as the suggestions are.
 */
export function useSamePhoneContacts(hostContact: Pick<HostContact, 'nome'>) {
  const fetchQuery = useFetchQuery();
  return useCallback(
    async (phone: string): Promise<ContactSuggestion[]> => {
      if (phoneSearchTerm(phone) === null) return [];
      const found = await fetchQuery({
        ...contactSuggestionsQueryOptions({ numero: phone, nome: hostContact.nome }),
        staleTime: SAME_PHONE_FRESH_MS,
      });
      return found.filter((suggestion) => suggestion.reason !== 'name');
    },
    [fetchQuery, hostContact.nome],
  );
}
