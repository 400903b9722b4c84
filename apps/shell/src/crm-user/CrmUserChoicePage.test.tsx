import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockErrorHandler, setupTestServer, usersFixture } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderShell } from '@shell/test-utils';
import { CrmUserChoicePage } from './CrmUserChoicePage';

const server = setupTestServer();

beforeEach(() => {
  server.db.state.integration.crmUserChosen = false;
  server.db.state.integration.suggestedCrmUserId = null;
});

function renderPage() {
  return renderShell(<CrmUserChoicePage />, {
    adapter: createFakeHostAdapter(),
    route: '/rdstation-crm-user',
    routes: [{ path: '/', element: <p>Painel principal</p> }],
  });
}

const choices = () => server.requests.filter((r) => r.path === '/api/rdstation/auth/crm-user');

it('lists the active CRM users with name and e-mail, the suggestion chosen, and goes on after Confirmar', async () => {
  server.db.state.integration.suggestedCrmUserId = 'user-2';
  renderPage();
  expect(
    screen.getByRole('heading', { name: 'Quem é você no RD Station CRM?' }),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'O RD Station CRM não informa ao painel quem entrou. Escolha o seu usuário: ele será o autor das notas e tarefas que você criar por aqui.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByText('Carregando usuários do RD Station CRM...')).toBeInTheDocument();

  const group = await screen.findByRole('group', { name: 'Usuários ativos do RD Station CRM' });
  const radios = within(group).getAllByRole('radio');
  expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(
    usersFixture.map((user) => user.id),
  );
  for (const user of usersFixture) {
    const radio = within(group).getByRole('radio', { name: user.name });
    expect(radio).toHaveAccessibleDescription(user.email);
    expect(within(group).getByText(user.email)).toBeInTheDocument();
  }
  expect(within(group).getByRole('radio', { name: 'Bruno Lima' })).toBeChecked();
  expect(within(group).getByText('Sugerido pelo seu e-mail')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
  expect(await screen.findByText('Painel principal')).toBeInTheDocument();
  expect(choices().map((r) => [r.method, r.body])).toEqual([['POST', { userId: 'user-2' }]]);
  expect(server.db.state.integration.crmUserChosen).toBe(true);
});

it('without a suggestion, Confirmar waits for a pick, and sends the picked user', async () => {
  renderPage();
  const confirm = await screen.findByRole('button', { name: 'Confirmar' });
  expect(confirm).toBeDisabled();
  expect(screen.queryByText('Sugerido pelo seu e-mail')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: 'Carla Mendes' }));
  expect(confirm).toBeEnabled();
  await userEvent.click(confirm);
  await screen.findByText('Painel principal');
  expect(choices().map((r) => r.body)).toEqual([{ userId: 'user-3' }]);
});

it("shows the server's message when the choice is refused, and stays", async () => {
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'post',
      path: '/api/rdstation/auth/crm-user',
      status: 400,
      message: 'Este usuário não existe no RD Station CRM. Escolha um usuário da lista.',
    }),
  );
  renderPage();
  await userEvent.click(await screen.findByRole('radio', { name: 'Ana Souza' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Este usuário não existe no RD Station CRM. Escolha um usuário da lista.',
  );
  expect(screen.getByTestId('location')).toHaveTextContent('/rdstation-crm-user');
});

it("falls back to 'Erro ao confirmar o usuário. Tente novamente.'", async () => {
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'post',
      path: '/api/rdstation/auth/crm-user',
      status: 500,
    }),
  );
  renderPage();
  await userEvent.click(await screen.findByRole('radio', { name: 'Ana Souza' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Erro ao confirmar o usuário. Tente novamente.',
  );
});

it('goes on when another window already decided (409 crm_user_chosen)', async () => {
  renderPage();
  await userEvent.click(await screen.findByRole('radio', { name: 'Ana Souza' }));
  server.db.state.integration.crmUserChosen = true;
  await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
  expect(await screen.findByText('Painel principal')).toBeInTheDocument();
});

it("a list that fails shows the CRM's message and 'Tentar novamente' loads it again", async () => {
  server.use(
    http.get(
      `${server.baseURL}/api/rdstation/auth/crm-users`,
      () =>
        HttpResponse.json(
          {
            message: 'O RD Station CRM está indisponível no momento. Tente novamente em instantes.',
          },
          { status: 502 },
        ),
      { once: true },
    ),
  );
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'O RD Station CRM está indisponível no momento. Tente novamente em instantes.',
  );
  expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(await screen.findByRole('radio', { name: 'Ana Souza' })).toBeInTheDocument();
});

it("says when the CRM has no active user, with 'Tentar novamente'", async () => {
  server.db.state.users = [];
  renderPage();
  expect(
    await screen.findByText('Nenhum usuário ativo encontrado no RD Station CRM.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
});

it('offers a search past 8 users', async () => {
  server.db.state.users = Array.from({ length: 12 }, (_, index) => ({
    id: `u-${index + 1}`,
    name: `Pessoa ${index + 1}`,
    email: `pessoa${index + 1}@empresa.com.br`,
    organization: null,
  }));
  renderPage();
  const search = await screen.findByRole('searchbox', { name: 'Buscar pelo nome ou e-mail' });
  expect(screen.getAllByRole('radio')).toHaveLength(12);
  await userEvent.type(search, 'pessoa1');
  expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
    'u-1',
    'u-10',
    'u-11',
    'u-12',
  ]);
  await userEvent.clear(search);
  await userEvent.type(search, 'ninguém');
  expect(screen.getByText('Nenhum usuário encontrado')).toBeInTheDocument();
  expect(screen.queryAllByRole('radio')).toEqual([]);
});
