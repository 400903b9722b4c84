import { screen } from '@testing-library/react';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { FORM_RESULT_PROTOCOL } from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { advance, advanceUntil, fakeSpecTimers, renderPage } from '@credentials/test-utils';
import * as navigation from '@credentials/features/auth/navigateWindow';
import { AuthPopupPage } from './AuthPopupPage';

// A module's exports are read-only bindings (SWC compiles them so): the one test that replaces
// the window's navigation does it through this mock, which calls the real one otherwise.
jest.mock('@credentials/features/auth/navigateWindow', () => {
  const actual = jest.requireActual<typeof navigation>('@credentials/features/auth/navigateWindow');
  return { navigateWindow: jest.fn(actual.navigateWindow) };
});

const server = setupTestServer();

const POPUP_BLOCKED =
  'Não foi possível abrir a janela de autenticação. Permita pop-ups para este site e tente novamente.';

interface FakeWindow {
  closed: boolean;
  focus: jest.Mock;
}

let provider: FakeWindow;
let open: jest.SpyInstance;

beforeEach(() => {
  fakeSpecTimers();
  provider = { closed: false, focus: jest.fn() };
  open = jest.spyOn(window, 'open').mockImplementation(() => provider as unknown as Window);
});

afterEach(() => {
  open.mockRestore();
  jest.useRealTimers();
});

function renderPopup(adapter = createFakeHostAdapter()) {
  return renderPage(<AuthPopupPage />, { route: '/rdstation-auth-popup', adapter });
}

const calls = () => server.requests.map((r) => `${r.method} ${r.path}`);

describe('AuthPopupPage (/rdstation-auth-popup)', () => {
  it('opens the provider (600 × 700) and waits, checking every 500 ms whether it closed', async () => {
    renderPopup();
    expect(screen.getByRole('status')).toHaveTextContent('Preparando a autenticação...');
    await advance(100);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0] as [string, string, string];
    expect(url).toBe('about:blank#oauth-mock');
    expect(features).toContain('width=600');
    expect(features).toContain('height=700');
    expect(screen.getByText(/Conclua o login na janela do RD Station CRM/)).toBeInTheDocument();

    await advance(3_000);
    expect(calls()).toEqual(['GET /api/rdstation/auth/start']);

    await advance(200);
    provider.closed = true;
    await advance(499);
    expect(calls()).toEqual(['GET /api/rdstation/auth/start', 'GET /api/rdstation/auth/status']);
  });

  it("brings the provider window forward from 'Mostrar janela de login'", async () => {
    const { user } = renderPopup();
    await advance(100);
    await user.click(screen.getByRole('button', { name: 'Mostrar janela de login' }));
    expect(provider.focus).toHaveBeenCalled();
  });

  it('authenticated: success, then closes with success after 1.5 s', async () => {
    const adapter = createFakeHostAdapter();
    const { queryClient } = renderPopup(adapter);
    await advance(100);
    provider.closed = true;
    await advanceUntil(() => screen.queryByText('Autenticação realizada com sucesso!') !== null);
    expect(queryClient.getQueryData(['crm-panel', 'auth', 'status'])).toMatchObject({
      authenticated: true,
    });
    await advance(1_480);
    expect(adapter.closedForms).toEqual([]);
    await advance(20);
    expect(adapter.closedForms).toEqual([{ success: true, updated: true }]);
  });

  it('not authenticated: asks for the API v1 token (required, trimmed) and succeeds with it', async () => {
    server.db.state.integration.authenticated = false;
    const adapter = createFakeHostAdapter();
    const { user } = renderPopup(adapter);
    await advance(100);
    provider.closed = true;
    await advance(550);
    const token = screen.getByRole('textbox', { name: 'Token da API v1' });

    await user.click(screen.getByRole('button', { name: 'Validar token' }));
    expect(screen.getByText('Por favor, insira o token da API v1')).toBeInTheDocument();
    await user.type(token, '   ');
    await user.click(screen.getByRole('button', { name: 'Validar token' }));
    expect(screen.getByText('Por favor, insira o token da API v1')).toBeInTheDocument();
    expect(calls()).not.toContain('POST /api/rdstation/auth/v1-token');

    await user.clear(token);
    await user.type(token, '  token-v1-valido  ');
    await user.click(screen.getByRole('button', { name: 'Validar token' }));
    await advance(50);
    expect(server.lastRequest()).toMatchObject({
      method: 'POST',
      path: '/api/rdstation/auth/v1-token',
      body: { apiV1Token: 'token-v1-valido' },
    });
    expect(screen.getByText('Autenticação realizada com sucesso!')).toBeInTheDocument();
    await advance(1_500);
    expect(adapter.closedForms).toEqual([{ success: true, updated: true }]);
  });

  it("an invalid token gives 'Token inválido. Verifique e tente novamente.' and stays", async () => {
    server.db.state.integration.authenticated = false;
    const adapter = createFakeHostAdapter();
    const { user } = renderPopup(adapter);
    await advance(100);
    provider.closed = true;
    await advance(550);
    await user.type(screen.getByRole('textbox', { name: 'Token da API v1' }), 'token-errado');
    await user.click(screen.getByRole('button', { name: 'Validar token' }));
    await advance(50);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Token inválido. Verifique e tente novamente.',
    );
    expect(screen.getByRole('textbox', { name: 'Token da API v1' })).toHaveValue('token-errado');
    await advance(5_000);
    expect(adapter.closedForms).toEqual([]);
  });

  it("'Cancelar' on the token screen closes with failure", async () => {
    server.db.state.integration.authenticated = false;
    const adapter = createFakeHostAdapter();
    const { user } = renderPopup(adapter);
    await advance(100);
    provider.closed = true;
    await advance(550);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await advance(10);
    expect(adapter.closedForms).toEqual([{ success: false }]);
  });

  it("a start error shows the server's message and closes with failure after 3 s", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/auth/start',
        status: 428,
        message: 'Credenciais não configuradas.',
      }),
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const adapter = createFakeHostAdapter();
    renderPopup(adapter);
    await advanceUntil(() => screen.queryByRole('alert') !== null);
    expect(screen.getByRole('alert')).toHaveTextContent('Credenciais não configuradas.');
    // Spec §6: a 428 is logged as a warning and rethrown.
    expect(warn).toHaveBeenCalledWith('Credenciais não configuradas');
    warn.mockRestore();
    expect(open).not.toHaveBeenCalled();
    await advance(2_980);
    expect(adapter.closedForms).toEqual([]);
    await advance(20);
    expect(adapter.closedForms).toEqual([{ success: false }]);
  });

  it("a start error without a message shows 'Erro ao iniciar autenticação'", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/auth/start',
        status: 500,
      }),
    );
    renderPopup();
    await advance(100);
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao iniciar autenticação');
  });

  it("a failed status check gives 'Erro ao verificar status de autenticação', closing after 2 s", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/auth/status',
        status: 500,
      }),
    );
    const adapter = createFakeHostAdapter();
    renderPopup(adapter);
    await advance(100);
    provider.closed = true;
    await advanceUntil(() => screen.queryByRole('alert') !== null);
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao verificar status de autenticação');
    await advance(1_980);
    expect(adapter.closedForms).toEqual([]);
    await advance(20);
    expect(adapter.closedForms).toEqual([{ success: false }]);
  });

  it('a blocked provider window: this window goes to the provider itself, no second click', async () => {
    open.mockImplementationOnce(() => null);
    const navigate = jest.mocked(navigation.navigateWindow).mockImplementationOnce(() => undefined);
    const adapter = createFakeHostAdapter();
    renderPopup(adapter);
    await advance(100);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('about:blank#oauth-mock');
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(POPUP_BLOCKED)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await advance(5_000);
    expect(adapter.closedForms).toEqual([]);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('without a host, ends by posting the result to the opener and closing itself', async () => {
    const opener = { closed: false, postMessage: jest.fn() };
    const openerProperty = Object.getOwnPropertyDescriptor(window, 'opener');
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    try {
      renderPopup(createFakeHostAdapter({ modalApi: false }));
      await advance(100);
      provider.closed = true;
      await advance(2_100);
      expect(opener.postMessage).toHaveBeenCalledWith(
        {
          protocol: FORM_RESULT_PROTOCOL,
          type: 'formResult',
          route: null,
          result: { success: true, updated: true },
        },
        window.location.origin,
      );
      expect(close).toHaveBeenCalled();
    } finally {
      close.mockRestore();
      if (openerProperty) Object.defineProperty(window, 'opener', openerProperty);
    }
  });
});
