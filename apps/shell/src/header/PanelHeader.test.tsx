import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter, emitFormResult } from '@crm-panel/host-bridge/testing';
import { renderShell } from '@shell/test-utils';
import { PanelHeader } from './PanelHeader';

const server = setupTestServer();

const profileError = (status: number, message?: string) =>
  mockErrorHandler({
    baseURL: server.baseURL,
    method: 'get',
    path: '/api/rdstation/user/profile',
    status,
    message,
  });

it("greets the user by name and shows the organization's name", async () => {
  renderShell(<PanelHeader />, { adapter: createFakeHostAdapter() });
  expect(await screen.findByText('Olá, Ana Souza!')).toBeInTheDocument();
  expect(screen.getByText(server.db.state.profile.organization?.name ?? '')).toBeInTheDocument();
});

it('shows a skeleton while the profile loads', () => {
  renderShell(<PanelHeader />, { adapter: createFakeHostAdapter() });
  expect(screen.getByText('Carregando perfil...')).toBeInTheDocument();
});

it('leaves the greeting empty, without an error, when there is no CRM session (401)', async () => {
  server.use(profileError(401, 'Sessão expirada'));
  renderShell(<PanelHeader />, { adapter: createFakeHostAdapter() });
  await screen.findByRole('button', { name: 'Atualizar' });
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByText(/Olá/)).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it("shows the server's message when the profile fails otherwise", async () => {
  server.use(profileError(502, 'O CRM está indisponível.'));
  renderShell(<PanelHeader />, { adapter: createFakeHostAdapter() });
  expect(await screen.findByRole('alert')).toHaveTextContent('O CRM está indisponível.');
});

it("falls back to 'Erro ao carregar perfil do usuário'", async () => {
  server.use(profileError(500));
  renderShell(<PanelHeader />, { adapter: createFakeHostAdapter() });
  expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar perfil do usuário');
});

it('goes to the CRM user step when the api does not know who the attendant is (409)', async () => {
  server.db.state.integration.crmUserChosen = false;
  renderShell(<PanelHeader />, {
    adapter: createFakeHostAdapter(),
    routes: [{ path: '/rdstation-crm-user', element: <p>Escolha do usuário</p> }],
  });
  expect(await screen.findByText('Escolha do usuário')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/rdstation-crm-user');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('offers to manage the integration only when credentials are configured', async () => {
  const adapter = createFakeHostAdapter();
  renderShell(<PanelHeader />, { adapter });
  await userEvent.click(await screen.findByRole('button', { name: 'Gerenciar Integração' }));
  expect(adapter.openedForms[0]?.route).toBe('credentials-manager');
});

it('hides the manage-integration button without credentials', async () => {
  server.db.state.integration.credentialsConfigured = false;
  renderShell(<PanelHeader />, { adapter: createFakeHostAdapter() });
  await screen.findByRole('button', { name: 'Atualizar' });
  await new Promise((r) => setTimeout(r, 50));
  expect(server.requests.some((r) => r.path === '/api/rdstation/credentials/status')).toBe(true);
  expect(screen.queryByRole('button', { name: 'Gerenciar Integração' })).not.toBeInTheDocument();
});

it('reports a removal made in the integration manager and reloads after 2 s', async () => {
  const reload = jest.fn();
  renderShell(<PanelHeader reload={reload} />, { adapter: createFakeHostAdapter() });
  await screen.findByText('Olá, Ana Souza!');
  jest.useFakeTimers();
  try {
    act(() =>
      emitFormResult({
        route: 'credentials-manager',
        result: { success: true, removed: true, usersAffected: 2 },
      }),
    );
    expect(
      screen.getByText('Integração removida com sucesso! 2 usuário(s) afetado(s).'),
    ).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
});

it('reloads after a logout made in the integration manager', async () => {
  const reload = jest.fn();
  renderShell(<PanelHeader reload={reload} />, { adapter: createFakeHostAdapter() });
  await screen.findByText('Olá, Ana Souza!');
  act(() =>
    emitFormResult({ route: 'credentials-manager', result: { success: true, updated: true } }),
  );
  expect(reload).toHaveBeenCalledTimes(1);
});

it('does nothing when the manager was cancelled', async () => {
  const reload = jest.fn();
  renderShell(<PanelHeader reload={reload} />, { adapter: createFakeHostAdapter() });
  await screen.findByText('Olá, Ana Souza!');
  act(() => emitFormResult({ route: 'credentials-manager', result: { success: false } }));
  expect(reload).not.toHaveBeenCalled();
});
