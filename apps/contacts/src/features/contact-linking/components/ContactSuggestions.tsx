import styled from 'styled-components';
import { getErrorMessage } from '@crm-panel/api-client';
import { type HostContact, MESSAGES } from '@crm-panel/crm-model';
import { Card, FormErrorBanner, InlineError, Skeleton, Stack } from '@crm-panel/ui';
import { useContactSuggestions } from '../hooks/useContactSuggestions';
import { useLinkContact } from '../hooks/useLinkContact';
import { type LinkedHandler } from '../linking';
import { SuggestionItem } from './SuggestionItem';

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

export interface ContactSuggestionsProps {
  hostContact: HostContact;
  onLinked: LinkedHandler;
}

/** CRM contacts with the chat's phone number or name, each linked in one click. */
export function ContactSuggestions({ hostContact, onLinked }: ContactSuggestionsProps) {
  const suggestions = useContactSuggestions(hostContact);
  const link = useLinkContact(hostContact.id, onLinked);
  const linkingId = link.isPending ? link.variables : null;

  let body;
  if (suggestions.isError) {
    body = (
      <InlineError
        message={MESSAGES.auth.fetchContactsError}
        onRetry={() => void suggestions.refetch()}
      />
    );
  } else if (suggestions.isPending && suggestions.fetchStatus === 'idle') {
    body = <StyledNote>Sem telefone ou nome no chat para sugerir contatos.</StyledNote>;
  } else if (suggestions.isPending) {
    body = <Skeleton lines={3} label="Buscando sugestões..." />;
  } else if (suggestions.data.length === 0) {
    body = <StyledNote>Nenhum contato do CRM com o mesmo telefone ou nome.</StyledNote>;
  } else {
    body = (
      <StyledList aria-label="Contatos sugeridos">
        {suggestions.data.map((suggestion) => (
          <SuggestionItem
            key={suggestion.id}
            suggestion={suggestion}
            linking={linkingId === suggestion.id}
            disabled={link.isPending}
            onLink={() => link.mutate(suggestion.id)}
          />
        ))}
      </StyledList>
    );
  }

  return (
    <Card title="Sugestões">
      <Stack>
        <StyledNote>O contato deste chat ainda não está vinculado a um contato do CRM.</StyledNote>
        <FormErrorBanner
          message={link.isError ? getErrorMessage(link.error, MESSAGES.contacts.linkError) : null}
          onClose={link.reset}
        />
        {body}
      </Stack>
    </Card>
  );
}
