import { useState } from 'react';
import styled from 'styled-components';
import { RemoteModule } from '../federation/RemoteModule';

type TabId = 'general' | 'notes' | 'tasks' | 'products';

const TABS: { id: TabId; label: string }[] = [
  { id: 'general', label: 'Geral' },
  { id: 'notes', label: 'Notas' },
  { id: 'tasks', label: 'Tarefas' },
  { id: 'products', label: 'Produtos e Serviços' },
];

const StyledPanel = styled.main`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const StyledTabList = styled.div`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid #dde3ec;
  overflow-x: auto;
`;

const StyledTab = styled.button<{ $active: boolean }>`
  padding: 8px 12px;
  border: 0;
  border-bottom: 2px solid ${({ $active }) => ($active ? '#1a6bff' : 'transparent')};
  background: none;
  color: ${({ $active }) => ($active ? '#0f3d91' : '#4b5563')};
  font: inherit;
  font-weight: ${({ $active }) => ($active ? 600 : 500)};
  white-space: nowrap;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid #1a6bff;
    outline-offset: -2px;
  }
`;

export interface MainPanelProps {
  contactId: string | null;
}

/** The main panel: contact header, deal toolbar and the deal's tabs, each a remote area. */
export function MainPanel({ contactId }: MainPanelProps) {
  const [dealId, setDealId] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>('general');
  const dealProps = { dealId };

  return (
    <StyledPanel>
      <RemoteModule id="contacts/ContactHeader" label="Contato" props={{ contactId }} />
      <RemoteModule
        id="deal/DealToolbar"
        label="Negociação"
        props={{ contactId, dealId, onDealChange: setDealId }}
      />
      <StyledTabList role="tablist" aria-label="Dados da negociação">
        {TABS.map((item) => (
          <StyledTab
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            $active={tab === item.id}
            onClick={() => setTab(item.id)}
          >
            {item.label}
          </StyledTab>
        ))}
      </StyledTabList>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'general' && (
          <RemoteModule id="deal/DealGeneralTab" label="Geral" props={dealProps} />
        )}
        {tab === 'notes' && <RemoteModule id="notes/NotesTab" label="Notas" props={dealProps} />}
        {tab === 'tasks' && <RemoteModule id="tasks/TasksTab" label="Tarefas" props={dealProps} />}
        {tab === 'products' && (
          <RemoteModule id="products/ProductsTab" label="Produtos e Serviços" props={dealProps} />
        )}
      </div>
    </StyledPanel>
  );
}
