import { type StandaloneConfig } from '@crm-panel/dev-harness';
import { AuthPopupPage } from '@credentials/exposed/AuthPopupPage';
import { CredentialsManagerPage } from '@credentials/exposed/CredentialsManagerPage';
import { CredentialsNeeded } from '@credentials/exposed/CredentialsNeeded';
import { CredentialsSetupPage } from '@credentials/exposed/CredentialsSetupPage';
import { LoginPage } from '@credentials/exposed/LoginPage';
import { LoginPromptPage } from '@credentials/exposed/LoginPromptPage';
import { RemoveIntegrationPage } from '@credentials/exposed/RemoveIntegrationPage';
import { TermsPage } from '@credentials/exposed/TermsPage';
import { MockWorldControls } from './MockWorldControls';
import { createMockWorld } from './mockWorld';
import { StandaloneHome } from './StandaloneHome';

/** Every page at the path the shell mounts it on. */
const PAGES = [
  { path: '/terms-acceptance', label: 'Termos', element: <TermsPage /> },
  { path: '/credentials-needed', label: 'Credenciais ausentes', element: <CredentialsNeeded /> },
  {
    path: '/credentials-setup',
    label: 'Configuração',
    element: <CredentialsSetupPage mode="page" />,
  },
  {
    path: '/credentials-manager',
    label: 'Gerenciar',
    element: <CredentialsManagerPage mode="page" />,
  },
  { path: '/rdstation-login-prompt', label: 'Boas-vindas', element: <LoginPromptPage /> },
  { path: '/rdstation-login', label: 'Login OAuth2', element: <LoginPage /> },
  { path: '/rdstation-auth-popup', label: 'Janela de autenticação', element: <AuthPopupPage /> },
];

const MODALS = [
  {
    path: '/credentials-setup-modal',
    label: 'Formulário de credenciais',
    element: <CredentialsSetupPage mode="modal" />,
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
];

const world = createMockWorld();

/** The credentials remote on its own: terms, credentials, sign-in and the manager. */
export const standalone: StandaloneConfig = {
  name: 'credentials',
  views: [...PAGES, ...MODALS].map(({ path, label }) => ({ to: path, label })),
  routes: [...PAGES, { path: '*', element: <StandaloneHome /> }],
  modalRoutes: MODALS,
  world: { db: world.db },
  onMockedResponse: world.save,
  controls: () => <MockWorldControls world={world} />,
};
