import { useState } from 'react';
import styled from 'styled-components';
import { Tabs } from '@crm-panel/ui';
import { RemoteModule } from '../federation/RemoteModule';

const StyledPanel = styled.main`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface MainPanelProps {
  contactId: string | null;
}

/** The main panel: contact header, deal toolbar and the deal's tabs, each a remote area. */
export function MainPanel({ contactId }: MainPanelProps) {
  const [dealId, setDealId] = useState<string | null>(null);
  const dealProps = { dealId };

  return (
    <StyledPanel>
      <RemoteModule id="contacts/ContactHeader" label="Contato" props={{ contactId }} />
      <RemoteModule
        id="deal/DealToolbar"
        label="Negociação"
        props={{ contactId, dealId, onDealChange: setDealId }}
      />
      <Tabs
        label="Dados da negociação"
        tabs={[
          {
            id: 'general',
            label: 'Geral',
            content: <RemoteModule id="deal/DealGeneralTab" label="Geral" props={dealProps} />,
          },
          {
            id: 'notes',
            label: 'Notas',
            content: <RemoteModule id="notes/NotesTab" label="Notas" props={dealProps} />,
          },
          {
            id: 'tasks',
            label: 'Tarefas',
            content: <RemoteModule id="tasks/TasksTab" label="Tarefas" props={dealProps} />,
          },
          {
            id: 'products',
            label: 'Produtos e Serviços',
            content: (
              <RemoteModule
                id="products/ProductsTab"
                label="Produtos e Serviços"
                props={dealProps}
              />
            ),
          },
        ]}
      />
    </StyledPanel>
  );
}
