import { act, screen, waitFor } from '@testing-library/react';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { FORM_RESULT_PROTOCOL } from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { reloadPage } from '@credentials/features/shared/reloadPage';
import { advance, advanceUntil, fakeSpecTimers, renderPage } from '@credentials/test-utils';
import { LoginPromptPage } from './LoginPromptPage';

jest.mock('@credentials/features/shared/reloadPage');

const server = setupTestServer();
const reload = jest.mocked(reloadPage);

interface FakeWindow {
  closed: boolean;
  focus: jest.Mock;
}

let authWindow: FakeWindow;
let open: jest.SpyInstance;

beforeEach(() => {
  authWindow = { closed: false, focus: jest.fn() };
  open = jest.spyOn(window, 'open').mockImplementation(() => authWindow as unknown as Window);
});

afterEach(() => {
  open.mockRestore();
  reload.mockReset();
  jest.useRealTimers();
});

function renderPrompt(adapter = createFakeHostAdapter()) {
  return renderPage(<LoginPromptPage />, { route: '/rdstation-login-prompt', adapter });
}

describe('LoginPromptPage (/rdstation-login-prompt)', () => {
  it("welcomes with a login button and 'Gerenciar Integração'", async () => {
    renderPrompt();
    expect(await screen.findByRole('heading', { name: 'Bem-vindo!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar com RD Station CRM' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Gerenciar Integração' })).toBeEnabled();
  });

  it('opens /rdstation-auth-popup in a 600 × 700 window, centred', async () => {
    const { user } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
    const left = Math.round((window.outerWidth - 600) / 2);
    const top = Math.round((window.outerHeight - 700) / 2);
    expect(open).toHaveBeenCalledWith(
      `${window.location.origin}/rdstation-auth-popup`,
      'crm-panel-auth',
      `popup=yes,width=600,height=700,left=${left},top=${top}`,
    );
    expect(screen.getByText('Conclua a autenticação na janela que foi aberta.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(authWindow.focus).toHaveBeenCalled();
  });

  it("goes to '/' once the auth window closes and the user is authenticated", async () => {
    fakeSpecTimers();
    const { user, location } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
    await advance(2_000);
    expect(server.requests).toHaveLength(0);
    authWindow.closed = true;
    await advanceUntil(() => location() === '/');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/rdstation/auth/status',
    ]);
  });

  it('stays when the window closed without a session', async () => {
    fakeSpecTimers();
    server.db.state.integration.authenticated = false;
    const { user, location } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
    authWindow.closed = true;
    await advanceUntil(() => server.requests.length === 1);
    await advance(100);
    expect(location()).toBe('/rdstation-login-prompt');
    expect(screen.queryByText('Conclua a autenticação na janela que foi aberta.')).toBeNull();
  });

  it("goes to '/' as soon as the auth window reports success", async () => {
    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    const child = frame.contentWindow;
    if (!child) throw new Error('iframe sem janela');
    open.mockImplementation(() => child);
    const { user, location } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: {
            protocol: FORM_RESULT_PROTOCOL,
            type: 'formResult',
            route: null,
            result: { success: true, updated: true },
          },
          origin: window.location.origin,
          source: child,
        }),
      );
    });
    await waitFor(() => expect(location()).toBe('/'));
    frame.remove();
  });

  it('ignores messages from other windows or origins', async () => {
    const { user, location } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
    const data = {
      protocol: FORM_RESULT_PROTOCOL,
      type: 'formResult',
      route: null,
      result: { success: true },
    };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example' }));
      window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);
    expect(location()).toBe('/rdstation-login-prompt');
  });

  it('says when the browser blocked the auth window', async () => {
    open.mockImplementation(() => null);
    const { user } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Não foi possível abrir a janela de autenticação. Permita pop-ups para este site ou entre pelo navegador, abaixo.',
    );
  });

  it("'Gerenciar Integração' opens the credentials-manager modal", async () => {
    const { user, adapter } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Gerenciar Integração' }));
    expect(adapter.openedForms).toHaveLength(1);
    expect(adapter.openedForms[0]).toMatchObject({
      route: 'credentials-manager',
      query: {},
      options: { title: 'Gerenciar Integração', width: 600, height: 700 },
    });
  });

  it('after a removal in the manager: says how many users it affected and reloads after 2 s', async () => {
    fakeSpecTimers();
    const { user, adapter } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Gerenciar Integração' }));
    await act(async () => adapter.resolveModal({ success: true, removed: true, usersAffected: 2 }));
    expect(
      screen.getByText('Integração removida com sucesso! 2 usuário(s) afetado(s).'),
    ).toBeInTheDocument();
    await advance(1_950);
    expect(reload).not.toHaveBeenCalled();
    await advance(50);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
