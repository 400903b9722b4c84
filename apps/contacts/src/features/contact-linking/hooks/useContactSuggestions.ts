import { queryOptions, useQuery } from '@tanstack/react-query';
import { listContacts, queryKeys } from '@crm-panel/api-client';
import { type HostContact } from '@crm-panel/contracts';
import { nameSearchTerm, phoneSearchVariants, rankSuggestions } from '../suggestions';

type SuggestionSource = Pick<HostContact, 'numero' | 'nome'>;

/** Under the shared contacts prefix, so creating a contact refreshes suggestions too. */
export const contactSuggestionsKey = (numero: string, nome: string) =>
  [...queryKeys.all, 'contacts', 'suggestions', { numero, nome }] as const;

/**
 * CRM contacts that are probably this person: same phone number (every stored form of a
 * Brazilian number is searched, then verified) or same name. Keyed by number and name, so the
 * answer for one chat never shows under another, and a check of the same number and name (the
 * new-contact form's, before it creates) reuses the list on screen.
 */
export function contactSuggestionsQueryOptions(contact: SuggestionSource) {
  const numero = contact.numero ?? '';
  const nome = contact.nome ?? '';
  const variants = phoneSearchVariants(numero);
  const term = nameSearchTerm(nome);
  return queryOptions({
    queryKey: contactSuggestionsKey(numero, nome),
    queryFn: async ({ signal }) => {
      const [phonePages, namePage] = await Promise.all([
        Promise.all(variants.map((search) => listContacts({ search }, { signal }))),
        term ? listContacts({ search: term }, { signal }) : null,
      ]);
      return rankSuggestions(
        { numero, nome },
        phonePages.flatMap((page) => page.data),
        namePage?.data ?? [],
      );
    },
    enabled: variants.length > 0 || term !== null,
  });
}

export function useContactSuggestions(contact: SuggestionSource) {
  return useQuery(contactSuggestionsQueryOptions(contact));
}
