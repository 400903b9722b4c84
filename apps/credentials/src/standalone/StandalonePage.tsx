import { NavLink, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { PageWrapper } from '@crm-panel/ui';
import { AuthPopupPage } from '@credentials/exposed/AuthPopupPage';
import { CredentialsManagerPage } from '@credentials/exposed/CredentialsManagerPage';
import { CredentialsNeeded } from '@credentials/exposed/CredentialsNeeded';
import { CredentialsSetupPage } from '@credentials/exposed/CredentialsSetupPage';
import { LoginPage } from '@credentials/exposed/LoginPage';
import { LoginPromptPage } from '@credentials/exposed/LoginPromptPage';
import { RemoveIntegrationPage } from '@credentials/exposed/RemoveIntegrationPage';
import { TermsPage } from '@credentials/exposed/TermsPage';
import { MockWorldControls } from './MockWorldControls';
import { StandaloneHome } from './StandaloneHome';
import { type MockWorld } from './mockWorld';

export interface StandalonePageProps {
  world: MockWorld;
  /** A form or auth window opened by this page: shown bare, as the host would show it. */
  bare: boolean;
}

/** Every exposed module at the path the shell mounts it on. */
const PAGES = [
  { path: '/terms-acceptance', label: 'Termos', element: <TermsPage /> },
  { path: '/credentials-needed', label: 'Credenciais ausentes', element: <CredentialsNeeded /> },
  {
    path: '/credentials-setup',
    label: 'Configuração',
    element: <CredentialsSetupPage mode="page" />,
  },
  {
    path: '/credentials-setup-modal',
    label: 'Formulário de credenciais',
    element: <CredentialsSetupPage mode="modal" />,
  },
  {
    path: '/credentials-manager',
    label: 'Gerenciar',
    element: <CredentialsManagerPage mode="page" />,
  },
  {
    path: '/credentials-manager-modal',
    label: 'Gerenciar (modal)',
    element: <CredentialsManagerPage mode="modal" />,
  },
  {
    path: '/remove-integration-modal',
    label: 'Desativar (modal)',
    element: <RemoveIntegrationPage />,
  },
  { path: '/rdstation-login-prompt', label: 'Boas-vindas', element: <LoginPromptPage /> },
  { path: '/rdstation-login', label: 'Login OAuth2', element: <LoginPage /> },
  { path: '/rdstation-auth-popup', label: 'Janela de autenticação', element: <AuthPopupPage /> },
];

const StyledShell = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[4]} 0;
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  a {
    padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: none;
  }

  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primarySubtle};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

/** The remote on its own, without the shell: how its team develops and checks it. */
export function StandalonePage({ world, bare }: StandalonePageProps) {
  const routes = (
    <Routes>
      {PAGES.map((page) => (
        <Route key={page.path} path={page.path} element={page.element} />
      ))}
      <Route path="*" element={<StandaloneHome />} />
    </Routes>
  );
  if (bare) return <PageWrapper>{routes}</PageWrapper>;
  return (
    <PageWrapper>
      <StyledShell>
        <StyledNote>Módulo credentials em execução isolada (sem o painel principal).</StyledNote>
        <StyledNav aria-label="Páginas do módulo">
          {PAGES.map((page) => (
            <NavLink key={page.path} to={page.path}>
              {page.label}
            </NavLink>
          ))}
        </StyledNav>
        <MockWorldControls world={world} />
        {routes}
      </StyledShell>
    </PageWrapper>
  );
}
