import { queryOptions, useQuery } from '@tanstack/react-query';
import { listContacts, queryKeys } from '@crm-panel/api-client';
import { type HostContact } from '@crm-panel/contracts';
import { nameSearchTerm, phoneSearchTerm, rankSuggestions } from '../suggestions';

type SuggestionSource = Pick<HostContact, 'numero' | 'nome'>;

/** Under the shared contacts prefix, so creating a contact refreshes suggestions too. */
export const contactSuggestionsKey = (numero: string, nome: string) =>
  [...queryKeys.all, 'contacts', 'suggestions', { numero, nome }] as const;

/**
 * CRM contacts that are probably this person: same phone number (one search; the api asks the CRM
 * for every form it may hold, and each answer is verified here) or same name. Keyed by number and name, so the
 * answer for one chat never shows under another, and a check of the same number and name (the
 * new-contact form's, before it creates) reuses the list on screen.
 */
export function contactSuggestionsQueryOptions(contact: SuggestionSource) {
  const numero = contact.numero ?? '';
  const nome = contact.nome ?? '';
  const phone = phoneSearchTerm(numero);
  const term = nameSearchTerm(nome);
  return queryOptions({
    queryKey: contactSuggestionsKey(numero, nome),
    queryFn: async ({ signal }) => {
      const [phonePage, namePage] = await Promise.all([
        phone ? listContacts({ search: phone }, { signal }) : null,
        term ? listContacts({ search: term }, { signal }) : null,
      ]);
      return rankSuggestions({ numero, nome }, phonePage?.data ?? [], namePage?.data ?? []);
    },
    enabled: phone !== null || term !== null,
  });
}

export function useContactSuggestions(contact: SuggestionSource) {
  return useQuery(contactSuggestionsQueryOptions(contact));
}
