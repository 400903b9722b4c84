import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, NavLink, Route, Routes, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { buildModalUrl } from '@crm-panel/contracts';
import { FakeHostProvider } from '@crm-panel/host-bridge/testing';
import { PageWrapper } from '@crm-panel/ui';
import { ContactEditForm } from '@contacts/exposed/ContactEditForm';
import { ContactLinkingPage } from '@contacts/exposed/ContactLinkingPage';
import { AttendanceSwitcher } from './AttendanceSwitcher';
import { HeaderDemo } from './HeaderDemo';
import { standaloneHost } from './standaloneHost';

const StyledLayout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[4]} 0`};
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};

  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }

  a.active {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
`;

const EDIT_URL = buildModalUrl('contact-edit', {
  contactId: 'contact-1',
  name: 'Maria Oliveira',
  organizationId: 'organization-1',
  organizationName: 'Acme Comércio Ltda',
});

function StandaloneRoutes() {
  const navigate = useNavigate();
  return (
    <FakeHostProvider adapter={standaloneHost} navigate={navigate}>
      <PageWrapper>
        <StyledLayout>
          <StyledNote>
            Módulo contacts em execução isolada: host simulado e api simulada (MSW) no navegador.
          </StyledNote>
          <StyledNav aria-label="Módulos expostos">
            <NavLink to="/" end>
              Cabeçalho do contato
            </NavLink>
            <NavLink to="/contact-linking">Vincular contato</NavLink>
            <NavLink to={EDIT_URL}>Editar contato</NavLink>
          </StyledNav>
          <AttendanceSwitcher />
          <Routes>
            <Route path="/" element={<HeaderDemo />} />
            <Route path="/contact-linking" element={<ContactLinkingPage />} />
            <Route path="/contact-edit-modal" element={<ContactEditForm />} />
          </Routes>
        </StyledLayout>
      </PageWrapper>
    </FakeHostProvider>
  );
}

/** The remote on its own, without the shell: how its team develops and checks it. */
export function StandalonePage() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <StandaloneRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
