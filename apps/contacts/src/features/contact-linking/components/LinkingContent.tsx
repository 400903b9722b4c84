import styled from 'styled-components';
import { type HostContact } from '@crm-panel/crm-model';
import { Card, Tabs } from '@crm-panel/ui';
import { type LinkedHandler } from '../linking';
import { ContactSearchPanel } from './ContactSearchPanel';
import { ContactSuggestions } from './ContactSuggestions';
import { HostContactSummary } from './HostContactSummary';
import { NewContactForm } from './NewContactForm';

const StyledPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding-bottom: ${({ theme }) => theme.space[6]};
`;

export interface LinkingContentProps {
  hostContact: HostContact;
  onLinked: LinkedHandler;
}

/**
 * Suggestions first (a CRM contact with the chat's phone is most likely the one: linking it is
 * one click, in sight as the page opens), then who the chat's contact is, then the two modes of
 * PRODUCT.md §4: search an existing contact or create one.
 */
export function LinkingContent({ hostContact, onLinked }: LinkingContentProps) {
  return (
    <StyledPage>
      <ContactSuggestions hostContact={hostContact} onLinked={onLinked} />
      <HostContactSummary contact={hostContact} />
      <Card title="Outro contato">
        <Tabs
          label="Como vincular"
          keepMounted
          tabs={[
            {
              id: 'search',
              label: 'Buscar contato',
              content: <ContactSearchPanel hostContactId={hostContact.id} onLinked={onLinked} />,
            },
            {
              id: 'create',
              label: 'Criar contato',
              content: <NewContactForm hostContact={hostContact} onLinked={onLinked} />,
            },
          ]}
        />
      </Card>
    </StyledPage>
  );
}
