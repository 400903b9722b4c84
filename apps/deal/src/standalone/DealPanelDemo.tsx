import { useState } from 'react';
import styled from 'styled-components';
import { contactsFixture } from '@crm-panel/api-client/testing';
import { Tabs } from '@crm-panel/ui';
import { Select } from '@crm-panel/ui/fields';
import { DealGeneralTab } from '@deal/exposed/DealGeneralTab';
import { DealToolbar } from '@deal/exposed/DealToolbar';

const StyledPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const NO_CONTACT = '';

/** The toolbar and the Geral tab as the main panel composes them, for a chat contact picked here. */
export function DealPanelDemo() {
  const [contactId, setContactId] = useState<string>('contact-1');
  const [dealIds, setDealIds] = useState<Record<string, string | null>>({ 'contact-1': 'deal-1' });
  const dealId = dealIds[contactId] ?? null;
  return (
    <StyledPanel>
      <Select
        label="Contato do atendimento (simulado)"
        value={contactId}
        onChange={(event) => setContactId(event.target.value)}
        options={[
          ...contactsFixture.map((item) => ({ value: item.id, label: item.name })),
          { value: NO_CONTACT, label: 'Sem contato' },
        ]}
      />
      <DealToolbar
        contactId={contactId === NO_CONTACT ? null : contactId}
        dealId={dealId}
        onDealChange={(id) => setDealIds((current) => ({ ...current, [contactId]: id }))}
      />
      <Tabs
        label="Dados da negociação"
        tabs={[{ id: 'general', label: 'Geral', content: <DealGeneralTab dealId={dealId} /> }]}
      />
    </StyledPanel>
  );
}
