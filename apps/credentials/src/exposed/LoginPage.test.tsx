import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { reloadPage } from '@credentials/features/shared/reloadPage';
import { CRM_SIGNUP_URL } from '@credentials/features/shared/texts';
import { advance, advanceUntil, fakeSpecTimers, renderPage } from '@credentials/test-utils';
import { LoginPage } from './LoginPage';

jest.mock('@credentials/features/shared/reloadPage');

const server = setupTestServer();
const reload = jest.mocked(reloadPage);

afterEach(() => {
  reload.mockReset();
  jest.useRealTimers();
});

function renderLogin(adapter = createFakeHostAdapter()) {
  return renderPage(<LoginPage />, { route: '/rdstation-login', adapter });
}

describe('LoginPage (/rdstation-login): not authenticated', () => {
  beforeEach(() => {
    server.db.state.integration.authenticated = false;
  });

  it('offers to connect and to create an account, with the dev-mode warning', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Integração OAuth2' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Conectar com RD Station CRM' }),
    ).toBeEnabled();
    const signup = screen.getByRole('link', { name: 'Criar conta no RD Station CRM' });
    expect(signup).toHaveAttribute('href', CRM_SIGNUP_URL);
    expect(signup).toHaveAttribute('target', '_blank');
    expect(signup).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText('Modo de desenvolvimento')).toBeInTheDocument();
    expect(screen.getByText(/usando o usuário simulado user-ana/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buscar Contatos' })).not.toBeInTheDocument();
  });

  it('has no dev-mode warning inside a real host', async () => {
    const adapter = createFakeHostAdapter();
    Object.defineProperty(adapter, 'kind', { value: 'global' });
    renderLogin(adapter);
    await screen.findByRole('button', { name: 'Conectar com RD Station CRM' });
    expect(screen.queryByText('Modo de desenvolvimento')).not.toBeInTheDocument();
  });

  it('connects through the auth window and then shows the signed-in view', async () => {
    fakeSpecTimers();
    const authWindow = { closed: false, focus: jest.fn() };
    const open = jest
      .spyOn(window, 'open')
      .mockImplementation(() => authWindow as unknown as Window);
    try {
      const { user } = renderLogin();
      await advanceUntil(
        () => screen.queryByRole('button', { name: 'Conectar com RD Station CRM' }) !== null,
      );
      await user.click(screen.getByRole('button', { name: 'Conectar com RD Station CRM' }));
      expect(open).toHaveBeenCalledWith(
        `${window.location.origin}/rdstation-auth-popup`,
        'crm-panel-auth',
        expect.stringContaining('width=600,height=700'),
      );
      server.db.state.integration.authenticated = true;
      authWindow.closed = true;
      await advanceUntil(() => screen.queryByRole('button', { name: 'Buscar Contatos' }) !== null);
      expect(screen.getByText('user-1')).toBeInTheDocument();
    } finally {
      open.mockRestore();
    }
  });

  it("where the window may not open, offers 'Entre pelo navegador' and shows the signed-in view once the tab is done", async () => {
    fakeSpecTimers();
    sessionStorage.clear();
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      const { user } = renderLogin();
      await advanceUntil(
        () => screen.queryByRole('button', { name: 'Conectar com RD Station CRM' }) !== null,
      );
      expect(screen.queryByRole('region', { name: 'Entre pelo navegador' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Conectar com RD Station CRM' }));
      expect(
        screen.getByText(
          'Não foi possível abrir a janela de autenticação. Permita pop-ups para este site ou entre pelo navegador, abaixo.',
        ),
      ).toBeInTheDocument();
      const region = await screen.findByRole('region', { name: 'Entre pelo navegador' });
      const link = await within(region).findByRole('textbox', {
        name: 'Link de login (abra numa nova aba deste mesmo navegador)',
      });
      expect(link).toHaveValue('about:blank#oauth-mock');
      const tabCalls = () =>
        server.requests
          .filter((r) => r.path.startsWith('/api/rdstation/auth/tab/'))
          .map((r) => `${r.method} ${r.path}`);
      expect(tabCalls()).toEqual(['POST /api/rdstation/auth/tab/start']);

      // The attendant finishes in the tab; the panel's next try finds it done.
      server.db.state.integration.authenticated = true;
      await advanceUntil(
        () => screen.queryByRole('button', { name: 'Buscar Contatos' }) !== null,
        3_000,
      );
      expect(tabCalls()).toEqual([
        'POST /api/rdstation/auth/tab/start',
        'POST /api/rdstation/auth/tab/redeem',
      ]);
      expect(screen.queryByRole('region', { name: 'Entre pelo navegador' })).toBeNull();
    } finally {
      open.mockRestore();
    }
  });
});

describe('LoginPage (/rdstation-login): authenticated', () => {
  it("shows the user id, 'Buscar Contatos' and 'Sair'", async () => {
    renderLogin();
    expect(await screen.findByText('user-1')).toBeInTheDocument();
    expect(screen.getByText(/Conectado. ID do usuário:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buscar Contatos' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Conectar com RD Station CRM' })).toBeNull();
  });

  it("'Buscar Contatos' lists name, email, job title and phone", async () => {
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Buscar Contatos' }));
    const list = await screen.findByRole('list', { name: 'Contatos' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Fernanda Costa');
    const maria = items.find((item) => item.textContent?.includes('Maria Oliveira'));
    expect(maria).toHaveTextContent('maria.oliveira@acme.com.br');
    expect(maria).toHaveTextContent('Compradora');
    expect(maria).toHaveTextContent('+55 11 98765-4321');
    expect(server.lastRequest()).toMatchObject({
      method: 'GET',
      path: '/api/rdstation/contacts',
      query: { limit: '200', page: '1', order: 'name', direction: 'asc' },
    });
  });

  it("shows 'Erro ao buscar contatos' when the search fails", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/contacts',
        status: 500,
        message: 'Falha no CRM',
      }),
    );
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Buscar Contatos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao buscar contatos');
  });

  it("'Sair' revokes the session, says so and reloads after 0.5 s", async () => {
    fakeSpecTimers();
    const { user } = renderLogin();
    await advanceUntil(() => screen.queryByRole('button', { name: 'Sair' }) !== null);
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await advanceUntil(() => screen.queryByText('Logout realizado com sucesso!') !== null);
    expect(server.lastRequest()).toMatchObject({
      method: 'POST',
      path: '/api/rdstation/auth/revoke',
      body: {},
    });
    await advance(450);
    expect(reload).not.toHaveBeenCalled();
    await advance(60);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says 'Erro ao fazer logout' when revoking fails", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'post',
        path: '/api/rdstation/auth/revoke',
        status: 500,
      }),
    );
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao fazer logout');
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers a retry when the auth status cannot be read', async () => {
    server.use(
      http.get(
        `${server.baseURL}/api/rdstation/auth/status`,
        () => new HttpResponse(null, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderLogin();
    expect(await screen.findByText('Erro ao verificar status de autenticação')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Buscar Contatos' })).toBeInTheDocument();
  });
});
