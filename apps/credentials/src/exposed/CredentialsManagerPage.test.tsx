import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter, FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';
import { reloadPage } from '@credentials/features/shared/reloadPage';
import { advance, fakeSpecTimers, renderPage } from '@credentials/test-utils';
import { CredentialsManagerPage } from './CredentialsManagerPage';

jest.mock('@credentials/features/shared/reloadPage');

const server = setupTestServer();
const reload = jest.mocked(reloadPage);

const REDIRECT_URI = 'http://127.0.0.1:3333/api/rdstation/auth/callback';

function renderManager(mode: 'page' | 'modal', adapter = createFakeHostAdapter()) {
  return renderPage(<CredentialsManagerPage mode={mode} />, {
    route: mode === 'modal' ? '/credentials-manager-modal' : '/credentials-manager',
    adapter,
  });
}

const dangerZone = () => screen.getByRole('region', { name: 'Zona de perigo' });
const passwordField = () => screen.getByLabelText(/^Senha de segurança/);

async function openRemoval(user: ReturnType<typeof renderManager>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Desativar Integração' }));
  return passwordField();
}

afterEach(() => {
  jest.useRealTimers();
  reload.mockReset();
});

describe('CredentialsManagerPage: integration status', () => {
  it("shows the tenant's credentials, redirect URI and this user's session", async () => {
    renderManager('page');
    expect(screen.getByRole('heading', { name: 'Gerenciar Integração', level: 1 })).toBeVisible();
    const status = await screen.findByRole('region', { name: 'Status da Integração' });
    expect(within(status).getByText('Configuradas')).toBeInTheDocument();
    expect(within(status).getByText(REDIRECT_URI)).toBeInTheDocument();
    expect(within(status).getByText('Conectado')).toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/rdstation/auth/status',
      'GET /api/rdstation/credentials/status',
    ]);
    expect(within(dangerZone()).getByRole('button', { name: 'Fazer logout' })).toBeEnabled();
  });

  it('says live updates from the CRM are on', async () => {
    renderManager('page');
    const status = await screen.findByRole('region', { name: 'Status da Integração' });
    expect(within(status).getByText('Atualizações ao vivo do CRM')).toBeInTheDocument();
    expect(within(status).getByText('Ligadas')).toBeInTheDocument();
  });

  it('says why live updates from the CRM are off, and what the operator can do', async () => {
    server.db.state.integration.liveUpdates = {
      on: false,
      reason: 'public_url',
      message:
        'Atualizações ao vivo do RD Station CRM: desligadas. O endereço público do servidor do painel não é um endereço https acessível pela internet, e o RD Station CRM só envia avisos para endereços assim.',
      action:
        'Peça ao responsável pelo servidor para configurar API_PUBLIC_URL com o endereço https público do painel e reiniciá-lo.',
    };
    renderManager('page');
    const status = await screen.findByRole('region', { name: 'Status da Integração' });
    expect(within(status).getByText('Desligadas')).toBeInTheDocument();
    expect(
      within(status).getByText(/O endereço público do servidor do painel não é um endereço https/),
    ).toBeVisible();
    expect(
      within(status).getByText(
        'Peça ao responsável pelo servidor para configurar API_PUBLIC_URL com o endereço https público do painel e reiniciá-lo.',
      ),
    ).toBeVisible();
  });

  it('warns, with the date and the address to check, when RD suspended them and they were made again', async () => {
    server.db.state.integration.liveUpdates = {
      on: false,
      reason: 'suspended_recreated',
      message:
        'Atualizações ao vivo do RD Station CRM: sem confirmação. O RD Station CRM suspendeu os avisos (webhooks) porque as entregas a este servidor falhavam; o painel os recriou em 29/11/2026 14:43, e nenhuma entrega chegou desde então.',
      action:
        'Confira se https://painel.example.com/api/webhooks/rdstation/… está acessível pela internet e responde 2xx em até 5 s. Este alerta some quando a próxima entrega chegar (por exemplo, ao alterar uma negociação no RD Station CRM).',
    };
    renderManager('page');
    const status = await screen.findByRole('region', { name: 'Status da Integração' });
    expect(within(status).getByText('Sem confirmação')).toBeVisible();
    expect(within(status).queryByText('Ligadas')).not.toBeInTheDocument();
    expect(within(status).queryByText('Desligadas')).not.toBeInTheDocument();
    expect(
      within(status).getByText(
        'Atualizações ao vivo do RD Station CRM: sem confirmação. O RD Station CRM suspendeu os avisos (webhooks) porque as entregas a este servidor falhavam; o painel os recriou em 29/11/2026 14:43, e nenhuma entrega chegou desde então.',
      ),
    ).toBeVisible();
    expect(
      within(status).getByText(
        /^Confira se https:\/\/painel\.example\.com\/api\/webhooks\/rdstation\/… está acessível/,
      ),
    ).toBeVisible();
  });

  it('shows the CRM’s refusal and the action that fits it', async () => {
    server.db.state.integration.liveUpdates = {
      on: false,
      reason: 'refused',
      message:
        "Atualizações ao vivo do RD Station CRM: desligadas. O RD Station CRM recusou o cadastro dos avisos (webhooks). Resposta do RD Station CRM (422): /data/url: 'http://painel.example.com/api/webhooks/rdstation/…' must use https",
      action:
        'Peça ao responsável pelo servidor para conferir API_PUBLIC_URL (http://painel.example.com): o RD Station CRM só aceita avisos para um endereço https público. Depois, faça login no RD Station CRM pelo painel novamente.',
    };
    renderManager('page');
    const status = await screen.findByRole('region', { name: 'Status da Integração' });
    expect(within(status).getByText('Desligadas')).toBeVisible();
    expect(
      within(status).getByText(/Resposta do RD Station CRM \(422\): \/data\/url/),
    ).toBeVisible();
    expect(
      within(status).getByText(/^Peça ao responsável pelo servidor para conferir API_PUBLIC_URL/),
    ).toBeVisible();
  });

  it("shows 'Desconectado' and offers no logout without a session", async () => {
    server.db.state.integration.authenticated = false;
    renderManager('page');
    const status = await screen.findByRole('region', { name: 'Status da Integração' });
    expect(within(status).getByText('Desconectado')).toBeInTheDocument();
    expect(within(dangerZone()).getByRole('button', { name: 'Fazer logout' })).toBeDisabled();
  });

  it('offers a retry when the status cannot be read', async () => {
    server.use(
      http.get(
        `${server.baseURL}/api/rdstation/auth/status`,
        () => new HttpResponse(null, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderManager('page');
    expect(await screen.findByText('Erro ao carregar o status da integração')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Status da Integração' })).toBeVisible();
    expect(screen.queryByText('Erro ao carregar o status da integração')).not.toBeInTheDocument();
  });

  it('waits for the host user info in the modal before loading', async () => {
    fakeSpecTimers();
    const adapter = createFakeHostAdapter({ userInfo: null });
    renderManager('modal', adapter);
    await advance(3_000);
    expect(server.requests).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Status da Integração' })).not.toBeInTheDocument();
    adapter.setUserInfo(FAKE_USER_INFO);
    await advance(1_000);
    expect(screen.getByRole('region', { name: 'Status da Integração' })).toBeInTheDocument();
    expect(server.requests).toHaveLength(2);
  });

  it("'Fechar' ends the modal with success false", async () => {
    const adapter = createFakeHostAdapter();
    const { user } = renderManager('modal', adapter);
    await screen.findByRole('region', { name: 'Status da Integração' });
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
  });
});

describe('CredentialsManagerPage: logout', () => {
  it("revokes this user's session, says so and reloads after 0.5 s", async () => {
    fakeSpecTimers();
    const adapter = createFakeHostAdapter();
    const { user } = renderManager('page', adapter);
    await advance(200);
    await user.click(within(dangerZone()).getByRole('button', { name: 'Fazer logout' }));
    await advance(50);
    expect(screen.getByText('Logout realizado com sucesso!')).toBeInTheDocument();
    const revoke = server.requests.find((r) => r.method === 'POST');
    expect(revoke).toMatchObject({ path: '/api/rdstation/auth/revoke', body: {} });
    await advance(400);
    expect(reload).not.toHaveBeenCalled();
    await advance(100);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(adapter.closedForms).toEqual([]);
  });

  it('in the modal also ends the form with updated before reloading', async () => {
    fakeSpecTimers();
    const adapter = createFakeHostAdapter();
    const { user } = renderManager('modal', adapter);
    await advance(200);
    await user.click(within(dangerZone()).getByRole('button', { name: 'Fazer logout' }));
    await advance(550);
    expect(adapter.closedForms).toEqual([{ success: true, updated: true }]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says 'Erro ao fazer logout' when revoking fails, and does not reload", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'post',
        path: '/api/rdstation/auth/revoke',
        status: 500,
        message: 'Falha interna',
      }),
    );
    const { user } = renderManager('page');
    await user.click(await screen.findByRole('button', { name: 'Fazer logout' }));
    expect(await within(dangerZone()).findByRole('alert')).toHaveTextContent(
      'Erro ao fazer logout',
    );
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('CredentialsManagerPage: deactivation', () => {
  it('asks for the security password; confirm is disabled while it is empty', async () => {
    const { user } = renderManager('page');
    const password = await openRemoval(user);
    const confirm = screen.getByRole('button', { name: 'Confirmar desativação' });
    expect(password).toHaveFocus();
    expect(confirm).toBeDisabled();
    await user.type(password, 'x');
    expect(confirm).toBeEnabled();
    await user.clear(password);
    expect(confirm).toBeDisabled();
    expect(screen.getByText('Senha de segurança é obrigatória')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByLabelText(/^Senha de segurança/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desativar Integração' })).toBeEnabled();
  });

  it("a wrong password (403) gives 'Senha de segurança incorreta' and keeps it typed", async () => {
    const { user } = renderManager('page');
    await user.type(await openRemoval(user), 'senha-errada');
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Senha de segurança incorreta');
    expect(passwordField()).toHaveValue('senha-errada');
    expect(server.db.state.integration.credentialsConfigured).toBe(true);
  });

  it("other failures show the server's message, else the fallback", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'delete',
        path: '/api/rdstation/credentials',
        status: 502,
        message: 'O RD Station CRM não respondeu',
      }),
    );
    const { user } = renderManager('page');
    await user.type(await openRemoval(user), 'senha-segura');
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O RD Station CRM não respondeu');

    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'delete',
        path: '/api/rdstation/credentials',
        status: 500,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Erro ao remover integração. Tente novamente.',
      ),
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('in the modal: closes with removed and the count, says so and reloads after 2 s', async () => {
    fakeSpecTimers();
    const adapter = createFakeHostAdapter();
    const { user } = renderManager('modal', adapter);
    await advance(200);
    await user.type(await openRemoval(user), 'senha-segura');
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    await advance(50);

    const removal = server.requests.find((r) => r.method === 'DELETE');
    expect(removal).toMatchObject({
      path: '/api/rdstation/credentials',
      body: { securityPassword: 'senha-segura' },
    });
    expect(adapter.closedForms).toEqual([{ success: true, removed: true, usersAffected: 3 }]);
    expect(
      screen.getByText('Integração removida com sucesso! 3 usuário(s) afetado(s).'),
    ).toBeInTheDocument();
    expect(within(dangerZone()).getByRole('button', { name: 'Fazer logout' })).toBeDisabled();
    await advance(1_900);
    expect(reload).not.toHaveBeenCalled();
    await advance(100);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('on the page: says so and reloads after 2 s, with no form to close', async () => {
    fakeSpecTimers();
    server.db.state.integration.usersAffected = 2;
    const adapter = createFakeHostAdapter();
    const { user } = renderManager('page', adapter);
    await advance(200);
    await user.type(await openRemoval(user), 'senha-segura');
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    await advance(50);
    expect(
      screen.getByText('Integração removida com sucesso! 2 usuário(s) afetado(s).'),
    ).toBeInTheDocument();
    await advance(2_000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(adapter.closedForms).toEqual([]);
  });
});
