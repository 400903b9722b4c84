import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { setupTestServer } from '@crm-panel/api-client/testing';
import type { RemoteModuleId } from '@crm-panel/contracts';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { registerManifestRemotes } from '@shell/federation/remoteLoader';
import { renderShell } from '@shell/test-utils';
import { AppRoutes, PAGE_ROUTES } from './AppRoutes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const server = setupTestServer();

beforeEach(() => {
  registerManifestRemotes({
    apiBaseUrl: server.baseURL,
    remotes: {
      deal: 'http://r/deal',
      notes: 'http://r/notes',
      tasks: 'http://r/tasks',
      products: 'http://r/products',
      contacts: 'http://r/contacts',
      credentials: 'http://r/credentials',
    },
    hostOrigins: [],
    contracts: {},
    overrideOrigins: [],
  });
  (loadRemote as jest.Mock).mockImplementation(async (id: RemoteModuleId) => ({
    default: (props: object) => (
      <p>
        {id} {JSON.stringify(props)}
      </p>
    ),
  }));
});

it('covers every route of the spec route table', () => {
  expect(PAGE_ROUTES.map((r) => r.path).sort()).toEqual(
    [
      '/terms-acceptance',
      '/credentials-setup',
      '/credentials-setup-modal',
      '/credentials-manager-modal',
      '/contact-edit-modal',
      '/deal-create-modal',
      '/note-create-modal',
      '/note-view-modal',
      '/task-create-modal',
      '/product-create-modal',
      '/remove-integration-modal',
      '/rdstation-login-prompt',
      '/rdstation-login',
      '/rdstation-auth-popup',
      '/credentials-manager',
    ].sort(),
  );
});

it('opens modal pages with no guard and no access check', async () => {
  renderShell(<AppRoutes />, {
    adapter: createFakeHostAdapter(),
    route: '/note-create-modal?dealId=d1',
  });
  expect(await screen.findByText('notes/NoteCreateForm {}')).toBeInTheDocument();
  expect(server.requests.filter((r) => /status$/.test(r.path))).toEqual([]);
});

it('guards /credentials-manager with terms and credentials', async () => {
  server.db.state.integration.credentialsConfigured = false;
  renderShell(<AppRoutes />, { adapter: createFakeHostAdapter(), route: '/credentials-manager' });
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('/credentials-setup'),
  );
  expect(
    await screen.findByText('credentials/CredentialsSetupPage {"mode":"page"}'),
  ).toBeInTheDocument();
});

it('sends a signed-out person from the main panel to the login prompt', async () => {
  server.db.state.integration.authenticated = false;
  renderShell(<AppRoutes />, { adapter: createFakeHostAdapter(), route: '/' });
  expect(await screen.findByText('credentials/LoginPromptPage {}')).toBeInTheDocument();
});

it('sends a signed-in person whose CRM user is unknown from the main panel to the picker', async () => {
  server.db.state.integration.crmUserChosen = false;
  renderShell(<AppRoutes />, { adapter: createFakeHostAdapter(), route: '/' });
  expect(
    await screen.findByRole('heading', { name: 'Quem é você no RD Station CRM?' }),
  ).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/rdstation-crm-user');
});

it('shows the terms page to anyone the api takes for who they say they are', async () => {
  server.db.state.integration.termsAccepted = false;
  renderShell(<AppRoutes />, { adapter: createFakeHostAdapter(), route: '/contact-linking' });
  expect(await screen.findByText('credentials/TermsPage {}')).toBeInTheDocument();
});

it('says an identity the api refuses on the terms page too, never the terms', async () => {
  const message =
    'A identidade enviada pela plataforma de atendimento é inválida ou expirou. Recarregue o painel.';
  server.use(
    http.get(`${server.baseURL}/api/rdstation/terms/status`, () =>
      HttpResponse.json({ message, code: 'assertion_invalid' }, { status: 401 }),
    ),
  );
  renderShell(<AppRoutes />, { adapter: createFakeHostAdapter(), route: '/terms-acceptance' });
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.queryByText('credentials/TermsPage {}')).not.toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/terms-acceptance');
});
