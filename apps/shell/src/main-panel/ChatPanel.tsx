import { useCallback } from 'react';
import { Navigate } from '@crm-panel/contracts/router';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { dealQueryOptions, lastDealQueryOptions, useSaveLastDeal } from '@crm-panel/api-client';
import { usePreloadModule } from '@crm-panel/contracts/preloads';
import { InlineError, Skeleton, Tabs } from '@crm-panel/ui';
import { RemoteModule } from '@shell/federation/RemoteModule';
import { useRemoteCode } from '@shell/federation/useRemoteCode';
import { useChatMemory, useChatMemoryStore, type PanelTab } from './chatMemory';
import { CONTACT_LOAD_ERROR, ContactLoading, useContactMapping } from './ContactLinkingRoute';
import { MAIN_PANEL_MODULES } from './mainPanelModules';

const StyledPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface ChatPanelProps {
  chatKey: string;
  hostContactId: string;
}

/** One chat's panel: its CRM contact, the selected deal and the deal's tabs. */
export function ChatPanel({ chatKey, hostContactId }: ChatPanelProps) {
  const memory = useChatMemory(chatKey);
  const remember = useChatMemoryStore((state) => state.remember);

  const mapping = useContactMapping(hostContactId);
  const crmContactId = mapping.data?.mapped ? mapping.data.rdstationContactId : null;
  // The areas below show at once when their code is in (MainPanel starts loading it): no area
  // flashes its own loading state, which React would then hold on screen ~300 ms.
  const codeReady = useRemoteCode(MAIN_PANEL_MODULES);

  // The last selected deal matters only until this chat has a deal of its own. The mapping's
  // answer usually names it (contactMappingQueryOptions), and then this asks nothing.
  const lastDeal = useQuery({
    ...lastDealQueryOptions(crmContactId ?? ''),
    enabled: crmContactId !== null && memory.dealId === undefined,
  });
  const dealId = memory.dealId !== undefined ? memory.dealId : (lastDeal.data ?? null);
  const deal = useQuery({ ...dealQueryOptions(dealId ?? ''), enabled: dealId !== null });

  // The Geral tab needs its reads the moment the deal shows: start its contract preload now,
  // alongside the contact, not when its area mounts (one CRM round trip less to ready). What it
  // reads is the deal remote's business (libs/contracts/src/preloads.ts); the area's own preload
  // then finds the cache filled and sends nothing.
  usePreloadModule('deal/DealGeneralTab', { dealId });

  const { mutate: saveLastDeal } = useSaveLastDeal();
  const onDealChange = useCallback(
    (next: string | null) => {
      remember(chatKey, { dealId: next });
      if (crmContactId) saveLastDeal({ crmContactId, dealId: next });
    },
    [chatKey, crmContactId, remember, saveLastDeal],
  );

  if (mapping.isError) {
    return <InlineError message={CONTACT_LOAD_ERROR} onRetry={() => void mapping.refetch()} />;
  }
  if (mapping.isPending || (mapping.isFetching && !crmContactId)) {
    return <ContactLoading />;
  }
  if (!crmContactId) return <Navigate to="/contact-linking" replace />;
  if (!codeReady) return <ContactLoading />;

  const dealProps = { dealId, dealName: deal.data?.name };
  return (
    <StyledPanel>
      <RemoteModule
        id="contacts/ContactHeader"
        label="Contato"
        props={{ contactId: crmContactId }}
      />
      {lastDeal.isPending && memory.dealId === undefined ? (
        <Skeleton lines={1} label="Carregando negociação..." />
      ) : (
        <RemoteModule
          id="deal/DealToolbar"
          label="Negociação"
          props={{ contactId: crmContactId, dealId, onDealChange }}
        />
      )}
      <Tabs
        label="Dados da negociação"
        activeId={memory.tab}
        onChange={(tab) => remember(chatKey, { tab: tab as PanelTab })}
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
