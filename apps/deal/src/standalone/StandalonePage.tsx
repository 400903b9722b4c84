import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { contactsFixture } from '@crm-panel/api-client/testing';
import { HostBridgeProvider } from '@crm-panel/host-bridge';
import { PageWrapper, Select, Tabs } from '@crm-panel/ui';
import { DealCreateForm } from '@deal/exposed/DealCreateForm';
import { DealGeneralTab } from '@deal/exposed/DealGeneralTab';
import { DealToolbar } from '@deal/exposed/DealToolbar';
import { createStandaloneHost } from './createStandaloneHost';

const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledNav = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledPanel = styled.main`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.colors.overlay};
  overflow-y: auto;
`;

const StyledModal = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.content.standalone};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.xl};
`;

const NO_CONTACT = '';

function DemoPanel() {
  const [contactId, setContactId] = useState<string>('contact-1');
  const [dealIds, setDealIds] = useState<Record<string, string | null>>({ 'contact-1': 'deal-1' });
  const dealId = dealIds[contactId] ?? null;
  const contact = contactId === NO_CONTACT ? null : contactId;

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
        contactId={contact}
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

/** The remote on its own, without the shell: how its team develops and checks it. */
export function StandalonePage() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  const [host] = useState(() => createStandaloneHost(() => window.location.assign('/')));
  const modalUrl = useSyncExternalStore(host.subscribe, host.openUrl);
  const modalPath = modalUrl ? new URL(modalUrl).pathname + new URL(modalUrl).search : null;

  return (
    <QueryClientProvider client={queryClient}>
      <HostBridgeProvider adapter={host.adapter}>
        <BrowserRouter>
          <PageWrapper>
            <StyledHeader>
              <StyledNote>
                Módulo deal em execução isolada (api simulada, host simulado).
              </StyledNote>
              <StyledNav aria-label="Módulos expostos">
                <Link to="/">Barra e aba Geral</Link>
                <Link to="/deal-create-modal?contactId=contact-1">Criar Negociação (página)</Link>
              </StyledNav>
            </StyledHeader>
            <Routes>
              <Route path="/deal-create-modal" element={<DealCreateForm />} />
              <Route path="*" element={<DemoPanel />} />
            </Routes>
          </PageWrapper>
        </BrowserRouter>
        {modalPath ? (
          <StyledBackdrop>
            <StyledModal role="dialog" aria-modal="true" aria-label="Criar Negociação">
              <MemoryRouter initialEntries={[modalPath]}>
                <DealCreateForm />
              </MemoryRouter>
            </StyledModal>
          </StyledBackdrop>
        ) : null}
      </HostBridgeProvider>
    </QueryClientProvider>
  );
}
