import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { MODAL_CANCELLED } from '@crm-panel/contracts';
import { createFakeHostAdapter, FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';
import { advance, fakeSpecTimers, renderPage } from '@credentials/test-utils';
import { CredentialsNeeded } from './CredentialsNeeded';
import { CredentialsSetupPage } from './CredentialsSetupPage';

const server = setupTestServer();

const REDIRECT_URI = 'http://127.0.0.1:3333/api/rdstation/auth/callback';

describe('CredentialsSetupPage mode="page" (/credentials-setup)', () => {
  beforeEach(() => {
    server.db.state.integration.credentialsConfigured = false;
  });

  it("opens the credentials-setup modal from 'Configurar Agora'", async () => {
    const { user, adapter } = renderPage(<CredentialsSetupPage mode="page" />, {
      route: '/credentials-setup',
    });
    expect(screen.getByRole('heading', { name: 'Configuração Necessária' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Configurar Agora' }));
    expect(adapter.openedForms).toHaveLength(1);
    expect(adapter.openedForms[0]).toMatchObject({
      route: 'credentials-setup',
      query: {},
      options: { title: 'Configuração Necessária', width: 600, height: 700 },
    });
  });

  it('continues to the login prompt once the form closes with success', async () => {
    const { user, adapter, location, queryClient } = renderPage(
      <CredentialsSetupPage mode="page" />,
      { route: '/credentials-setup' },
    );
    await user.click(screen.getByRole('button', { name: 'Configurar Agora' }));
    // What the form did in its own window before closing.
    server.db.state.integration.credentialsConfigured = true;
    await act(async () => adapter.resolveModal({ success: true, updated: true }));
    await waitFor(() => expect(location()).toBe('/rdstation-login-prompt'));
    expect(queryClient.getQueryData(['crm-panel', 'credentials', 'status'])).toMatchObject({
      configured: true,
    });
  });

  it('stays when the form is cancelled', async () => {
    const { user, adapter, location } = renderPage(<CredentialsSetupPage mode="page" />, {
      route: '/credentials-setup',
    });
    await user.click(screen.getByRole('button', { name: 'Configurar Agora' }));
    await act(async () => adapter.resolveModal(MODAL_CANCELLED));
    expect(location()).toBe('/credentials-setup');
    expect(screen.getByRole('button', { name: 'Configurar Agora' })).toBeInTheDocument();
  });

  it('goes on to the login prompt when the tenant is configured meanwhile', async () => {
    server.db.state.integration.credentialsConfigured = true;
    const { location } = renderPage(<CredentialsSetupPage mode="page" />, {
      route: '/credentials-setup',
    });
    await waitFor(() => expect(location()).toBe('/rdstation-login-prompt'));
  });
});

describe('CredentialsNeeded', () => {
  it("calls onConfigure from 'Configurar Agora' when given", async () => {
    const onConfigure = jest.fn();
    const { user, adapter } = renderPage(<CredentialsNeeded onConfigure={onConfigure} />);
    await user.click(screen.getByRole('button', { name: 'Configurar Agora' }));
    expect(onConfigure).toHaveBeenCalledTimes(1);
    expect(adapter.openedForms).toHaveLength(0);
  });

  it('opens the credentials-setup modal by itself otherwise', async () => {
    const { user, adapter } = renderPage(<CredentialsNeeded />);
    await user.click(screen.getByRole('button', { name: 'Configurar Agora' }));
    expect(adapter.openedForms.map((form) => form.route)).toEqual(['credentials-setup']);
  });
});

describe('CredentialsSetupPage mode="modal" (/credentials-setup-modal)', () => {
  beforeEach(() => {
    server.db.state.integration.credentialsConfigured = false;
  });

  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

  function renderForm(adapter = createFakeHostAdapter()) {
    return renderPage(<CredentialsSetupPage mode="modal" />, {
      route: '/credentials-setup-modal',
      adapter,
    });
  }

  async function fillValid(user: ReturnType<typeof renderForm>['user']) {
    await user.click(field('Client ID'));
    await user.paste('  client-123  ');
    await user.click(field('Client Secret'));
    await user.paste(' segredo-abc ');
    await user.click(field('Domínio do Chat'));
    await user.paste(' acme.chat.com.br ');
    await user.click(field('Senha de segurança'));
    await user.paste(' senha 1 ');
    await user.click(field('Confirmar senha'));
    await user.paste(' senha 1 ');
  }

  it("prefills the redirect URI with the api's and shows every field", async () => {
    renderForm();
    expect(await screen.findByRole('textbox', { name: 'Client ID' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(REDIRECT_URI);
    expect(field('Client Secret')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('textbox', { name: 'Domínio do Chat' })).toHaveValue('');
    expect(field('Senha de segurança')).toHaveAttribute('type', 'password');
    expect(field('Confirmar senha')).toHaveAttribute('type', 'password');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/rdstation/credentials/status',
    ]);
  });

  it('shows the required rules in the spec order and focuses the first field in error', async () => {
    const { user } = renderForm();
    await user.clear(await screen.findByRole('textbox', { name: 'Redirect URI' }));
    await user.click(field('Client ID'));
    await user.paste('   ');
    await user.click(screen.getByRole('button', { name: 'Salvar Credenciais' }));

    const expected = [
      'Client ID é obrigatório',
      'Client Secret é obrigatório',
      'Redirect URI é obrigatório',
      'Domínio do Chat é obrigatório',
      'Senha de segurança é obrigatória',
    ];
    for (const text of expected) expect(await screen.findByText(text)).toBeInTheDocument();
    const shown = Array.from(document.querySelectorAll('[aria-invalid="true"]')).map((input) =>
      input.getAttribute('name'),
    );
    expect(shown).toEqual([
      'clientId',
      'clientSecret',
      'redirectUri',
      'defaultChatDomain',
      'securityPassword',
    ]);
    expect(field('Client ID')).toHaveFocus();
    expect(field('Client ID')).toHaveAccessibleDescription('Client ID é obrigatório');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('checks the password length, then that both passwords match', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('textbox', { name: 'Client ID' }));
    await user.paste('client-123');
    await user.click(field('Client Secret'));
    await user.paste('segredo');
    await user.click(field('Domínio do Chat'));
    await user.paste('acme.chat.com.br');
    await user.click(field('Senha de segurança'));
    await user.paste('12345');
    await user.click(field('Confirmar senha'));
    await user.paste('12345');
    await user.click(screen.getByRole('button', { name: 'Salvar Credenciais' }));
    expect(await screen.findByText('A senha deve ter no mínimo 6 caracteres')).toBeInTheDocument();
    expect(screen.queryByText('As senhas não coincidem')).not.toBeInTheDocument();
    expect(field('Senha de segurança')).toHaveFocus();

    await user.type(field('Senha de segurança'), '6');
    await user.click(screen.getByRole('button', { name: 'Salvar Credenciais' }));
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument();
    expect(screen.queryByText('A senha deve ter no mínimo 6 caracteres')).not.toBeInTheDocument();
    expect(field('Confirmar senha')).toHaveFocus();

    await user.clear(field('Confirmar senha'));
    await waitFor(() => expect(screen.getByText('As senhas não coincidem')).toBeInTheDocument());
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('saves the values trimmed (the password as typed) and closes with success', async () => {
    const adapter = createFakeHostAdapter();
    const { user, queryClient } = renderForm(adapter);
    await screen.findByRole('textbox', { name: 'Client ID' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Salvar Credenciais' }));

    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: true, updated: true }]));
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/rdstation/credentials');
    expect(post?.body).toEqual({
      clientId: 'client-123',
      clientSecret: 'segredo-abc',
      redirectUri: REDIRECT_URI,
      securityPassword: ' senha 1 ',
      defaultChatDomain: 'acme.chat.com.br',
    });
    expect(queryClient.getQueryData(['crm-panel', 'credentials', 'status'])).toEqual({
      configured: true,
      redirectUri: REDIRECT_URI,
    });
  });

  it("shows the server's message above the form and keeps everything typed", async () => {
    server.db.state.integration.credentialsConfigured = true;
    const adapter = createFakeHostAdapter();
    const { user } = renderForm(adapter);
    await screen.findByRole('textbox', { name: 'Client ID' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Salvar Credenciais' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A integração já está configurada. Remova a integração antes de configurá-la novamente.',
    );
    expect(field('Client ID')).toHaveValue('  client-123  ');
    expect(field('Client Secret')).toHaveValue(' segredo-abc ');
    expect(field('Domínio do Chat')).toHaveValue(' acme.chat.com.br ');
    expect(field('Senha de segurança')).toHaveValue(' senha 1 ');
    expect(field('Confirmar senha')).toHaveValue(' senha 1 ');
    expect(adapter.closedForms).toEqual([]);
  });

  it("falls back to 'Erro ao salvar credenciais. Tente novamente.'", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'post',
        path: '/api/rdstation/credentials',
        status: 500,
      }),
    );
    const { user } = renderForm();
    await screen.findByRole('textbox', { name: 'Client ID' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Salvar Credenciais' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao salvar credenciais. Tente novamente.',
    );
    expect(field('Client ID')).toHaveValue('  client-123  ');
  });

  it("asks the operator's setup code first where the host signs nothing, and sends it trimmed", async () => {
    const posted: unknown[] = [];
    server.use(
      http.get(`${server.baseURL}/api/rdstation/credentials/status`, () =>
        HttpResponse.json({
          configured: false,
          redirectUri: REDIRECT_URI,
          setupCodeRequired: true,
        }),
      ),
      http.post(`${server.baseURL}/api/rdstation/credentials`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          { message: 'Código de configuração inválido ou já utilizado.' },
          { status: 403 },
        );
      }),
    );
    const { user } = renderForm();
    const code = await screen.findByRole('textbox', { name: 'Código de configuração' });
    expect(code).toHaveAccessibleDescription(
      'Fornecido pelo responsável pelo painel para configurar esta empresa. Vale uma única vez.',
    );
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Salvar Credenciais' }));
    expect(
      await screen.findByText(
        'Informe o código de configuração que o responsável pelo painel forneceu para esta empresa.',
      ),
    ).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(posted).toHaveLength(0);
    await user.paste('  codigo-errado-123 ');
    await user.click(screen.getByRole('button', { name: 'Salvar Credenciais' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Código de configuração inválido ou já utilizado.',
    );
    expect(posted).toEqual([expect.objectContaining({ setupCode: 'codigo-errado-123' })]);
    // Nothing typed is lost.
    expect(code).toHaveValue('  codigo-errado-123 ');
    expect(field('Client ID')).toHaveValue('  client-123  ');
  });

  it('still shows the form (empty redirect URI) when the status cannot be read', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/credentials/status',
        status: 500,
      }),
    );
    renderForm();
    expect(await screen.findByRole('textbox', { name: 'Redirect URI' })).toHaveValue('');
  });

  it("'Cancelar' closes with success false", async () => {
    const adapter = createFakeHostAdapter();
    const { user } = renderForm(adapter);
    await screen.findByRole('textbox', { name: 'Client ID' });
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
  });

  describe('waiting for the host user info', () => {
    beforeEach(() => fakeSpecTimers());
    afterEach(() => jest.useRealTimers());

    it('loads once the host knows the user (within 50 × 100 ms)', async () => {
      const adapter = createFakeHostAdapter({ userInfo: null });
      renderForm(adapter);
      expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
      await advance(2_000);
      expect(server.requests).toHaveLength(0);
      adapter.setUserInfo(FAKE_USER_INFO);
      await advance(1_000);
      expect(screen.getByRole('textbox', { name: 'Client ID' })).toBeInTheDocument();
      expect(server.requests.map((r) => r.path)).toEqual(['/api/rdstation/credentials/status']);
    });

    it('gives up after 50 tries with a message and no request', async () => {
      renderForm(createFakeHostAdapter({ userInfo: null }));
      await advance(4_800);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await advance(100);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Não foi possível identificar o usuário do chat.',
      );
      expect(server.requests).toHaveLength(0);
    });
  });
});
