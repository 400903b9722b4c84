import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatDate } from '@crm-panel/format';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter, FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';
import { axeViolations, renderRemote } from '@tasks/test-utils';
import { TaskForm } from './TaskForm';

const server = setupTestServer();

// Free text goes in with a paste (one input event: the values sent are what is checked), dates
// key by key (their mask is under test); the shared CI machine can be slow.
jest.setTimeout(30_000);

const CREATE_ROUTE =
  '/task-create-modal?dealId=deal-1&dealName=Contrato+anual+Acme&creatorId=user-1';
const EDIT_ROUTE = '/task-create-modal?dealId=deal-1&dealName=Contrato+anual+Acme&taskId=task-1';

const title = () => screen.getByRole('textbox', { name: 'Título' });
const description = () => screen.getByRole('textbox', { name: 'Descrição' });
const type = () => screen.getByRole('combobox', { name: 'Tipo' });
const dueDate = () => screen.getByLabelText(/Data de Vencimento/) as HTMLInputElement;
const owners = () => screen.getByRole('combobox', { name: 'Responsáveis' });

const writes = () => server.requests.filter((r) => r.method === 'POST' || r.method === 'PUT');

/** Local noon of a calendar day as ISO: what the form sends for a picked date (see dueDate.ts). */
const noonIso = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12).toISOString();

async function renderForm(route: string) {
  const rendered = renderRemote(<TaskForm />, { route });
  await screen.findByRole('textbox', { name: 'Título' });
  return rendered;
}

describe('TaskForm create', () => {
  it('shows a skeleton, then the create form with the deal name and the users (limit 200)', async () => {
    renderRemote(<TaskForm />, { route: CREATE_ROUTE });
    expect(screen.getByRole('heading', { level: 1, name: 'Criar Tarefa' })).toBeInTheDocument();
    expect(screen.getByText('Negociação: Contrato anual Acme')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando formulário...');

    await screen.findByRole('textbox', { name: 'Título' });
    expect(screen.queryByText('Carregando formulário...')).not.toBeInTheDocument();
    const users = server.requests.filter((r) => r.path === '/api/rdstation/users');
    expect(users).toHaveLength(1);
    expect(users[0]?.method).toBe('GET');
    expect(users[0]?.query).toEqual({ limit: '200' });

    expect(description()).toHaveValue('');
    expect(type()).toHaveDisplayValue('Selecione uma opção');
    expect(
      within(type())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Selecione uma opção',
      'Ligação',
      'E-mail',
      'Reunião',
      'Tarefa',
      'Almoço',
      'Visita',
      'WhatsApp',
    ]);
    // dd/mm/yyyy whatever the browser's language (a native date input follows the browser's).
    expect(dueDate()).toHaveAttribute('type', 'text');
    expect(dueDate()).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    // Spec §6: the current user (the creator) is the default owner.
    expect(screen.getByRole('button', { name: 'Remover Ana Souza' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Criar Tarefa' })).toBeEnabled();
  });

  it('lists the users with their email and says when a search finds none', async () => {
    const { user } = await renderForm(CREATE_ROUTE);
    await user.click(owners());
    const bruno = screen.getByRole('option', { name: /Bruno Lima/ });
    expect(bruno).toHaveTextContent('bruno.lima@empresa.com.br');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(3);
    await user.type(owners(), 'zzz');
    expect(screen.getByText('Nenhum usuário encontrado')).toBeInTheDocument();
  });

  it('creates the task with the trimmed payload, status open, deal and creator, and hands it to the host', async () => {
    const { user, adapter } = await renderForm(CREATE_ROUTE);

    await user.click(title());
    await user.paste('  Preparar apresentação  ');
    await user.click(description());
    await user.paste('  Montar os slides da proposta.  ');
    await user.selectOptions(type(), 'Reunião');
    await user.type(dueDate(), '10/04/2025');
    await user.click(owners());
    await user.click(screen.getByRole('option', { name: /Bruno Lima/ }));
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));

    expect(await screen.findByText('Tarefa criada com sucesso!')).toBeInTheDocument();
    const post = writes()[0];
    expect(writes()).toHaveLength(1);
    expect(post?.method).toBe('POST');
    expect(post?.path).toBe('/api/rdstation/tasks');
    expect(post?.body).toEqual({
      name: 'Preparar apresentação',
      description: 'Montar os slides da proposta.',
      type: 'meeting',
      due_date: noonIso(2025, 4, 10),
      owner_ids: ['user-1', 'user-2'],
      status: 'open',
      deal_id: 'deal-1',
      created_by_id: 'user-1',
    });

    await waitFor(() => expect(adapter.closedForms).toHaveLength(1));
    expect(adapter.closedForms[0]).toEqual({
      success: true,
      task: expect.objectContaining({
        id: 'task-new-1',
        name: 'Preparar apresentação',
        status: 'open',
        deal_id: 'deal-1',
        due_date: noonIso(2025, 4, 10),
      }),
    });
    expect(screen.getByRole('button', { name: 'Criar Tarefa' })).toBeDisabled();
  });

  it('sends no created_by_id when the creator is not given', async () => {
    const { user } = await renderForm('/task-create-modal?dealId=deal-1');
    expect(screen.queryByText(/Negociação:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remover / })).not.toBeInTheDocument();

    await user.click(title());
    await user.paste('Ligar');
    await user.click(description());
    await user.paste('Retornar a ligação.');
    await user.selectOptions(type(), 'Ligação');
    await user.type(dueDate(), '02/05/2025');
    await user.click(owners());
    await user.click(screen.getByRole('option', { name: /Carla Mendes/ }));
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));

    await screen.findByText('Tarefa criada com sucesso!');
    expect(writes()[0]?.body).toEqual({
      name: 'Ligar',
      description: 'Retornar a ligação.',
      type: 'call',
      due_date: noonIso(2025, 5, 2),
      owner_ids: ['user-3'],
      status: 'open',
      deal_id: 'deal-1',
    });
  });

  it('Cancelar closes the form with success false and saves nothing', async () => {
    const { user, adapter } = await renderForm(CREATE_ROUTE);
    await user.click(title());
    await user.paste('Rascunho');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
    expect(writes()).toEqual([]);
  });
});

describe('TaskForm validation', () => {
  it('checks the fields in the spec order, trimmed, and sends nothing while invalid', async () => {
    const { user } = await renderForm('/task-create-modal?dealId=deal-1&dealName=Acme');
    const submit = screen.getByRole('button', { name: 'Criar Tarefa' });

    await user.click(submit);
    expect(await screen.findByText('O título é obrigatório')).toBeInTheDocument();
    expect(
      screen.getByText('A descrição é obrigatória e deve ter no mínimo 3 caracteres'),
    ).toBeInTheDocument();
    expect(screen.getByText('O tipo é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A data de vencimento é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('Selecione ao menos um responsável pela tarefa')).toBeInTheDocument();
    await waitFor(() => expect(title()).toHaveFocus());
    expect(title()).toHaveAccessibleDescription('O título é obrigatório');

    await user.click(title());
    await user.paste('   ');
    await user.click(description());
    await user.paste(' ab ');
    await user.click(submit);
    await waitFor(() => expect(title()).toHaveFocus());
    expect(screen.getByText('O título é obrigatório')).toBeInTheDocument();

    await user.click(title());
    await user.paste('Ligar');
    await user.click(submit);
    await waitFor(() => expect(description()).toHaveFocus());
    expect(screen.queryByText('O título é obrigatório')).not.toBeInTheDocument();
    expect(description()).toHaveAccessibleDescription(
      'A descrição é obrigatória e deve ter no mínimo 3 caracteres',
    );

    await user.click(description());
    await user.paste('c');
    await user.click(submit);
    await waitFor(() => expect(type()).toHaveFocus());
    expect(
      screen.queryByText('A descrição é obrigatória e deve ter no mínimo 3 caracteres'),
    ).not.toBeInTheDocument();

    await user.selectOptions(type(), 'Almoço');
    await user.click(submit);
    await waitFor(() => expect(dueDate()).toHaveFocus());
    expect(screen.queryByText('O tipo é obrigatório')).not.toBeInTheDocument();

    await user.type(dueDate(), '01/06/2025');
    await user.click(submit);
    await waitFor(() => expect(owners()).toHaveFocus());
    expect(screen.queryByText('A data de vencimento é obrigatória')).not.toBeInTheDocument();
    expect(screen.getByText('Selecione ao menos um responsável pela tarefa')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.click(owners());
    await user.click(screen.getByRole('option', { name: /Ana Souza/ }));
    await user.click(submit);
    await screen.findByText('Tarefa criada com sucesso!');
    expect(writes()[0]?.body).toMatchObject({
      name: 'Ligar',
      description: 'ab c',
      type: 'lunch',
      owner_ids: ['user-1'],
    });
  });

  it("without a deal id (create) shows 'ID da negociação não fornecido' and disables submit", async () => {
    await renderForm('/task-create-modal?dealName=Acme');
    expect(screen.getByRole('alert')).toHaveTextContent('ID da negociação não fornecido');
    expect(screen.getByRole('button', { name: 'Criar Tarefa' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  });

  it("in edit mode without a task id shows 'ID da tarefa não fornecido' and disables submit", async () => {
    await renderForm('/task-create-modal?dealId=deal-1&taskId=');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar Tarefa' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ID da tarefa não fornecido');
    expect(screen.getByRole('button', { name: 'Salvar Alterações' })).toBeDisabled();
    expect(server.requests.some((r) => r.path.startsWith('/api/rdstation/tasks'))).toBe(false);
  });

  it('reports the missing deal id before the missing task id rule applies', async () => {
    await renderForm('/task-create-modal');
    expect(screen.getByRole('alert')).toHaveTextContent('ID da negociação não fornecido');
    expect(screen.queryByText('ID da tarefa não fornecido')).not.toBeInTheDocument();
  });
});

describe('TaskForm edit', () => {
  it('loads the task and shows its values, the existing date included', async () => {
    renderRemote(<TaskForm />, { route: EDIT_ROUTE });
    expect(screen.getByRole('heading', { level: 1, name: 'Editar Tarefa' })).toBeInTheDocument();
    expect(screen.getByText('Negociação: Contrato anual Acme')).toBeInTheDocument();
    await screen.findByRole('textbox', { name: 'Título' });

    const get = server.requests.find((r) => r.path === '/api/rdstation/tasks/task-1');
    expect(get?.method).toBe('GET');
    expect(title()).toHaveValue('Ligar para confirmar proposta');
    expect(description()).toHaveValue('Confirmar valores e prazo.');
    expect(type()).toHaveValue('call');
    expect(dueDate()).toHaveValue(formatDate('2025-03-20T13:00:00.000Z'));
    expect(screen.getByRole('button', { name: 'Remover Ana Souza' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar Alterações' })).toBeEnabled();
  });

  it('PUTs the payload, keeps an unchanged due date as it was, and closes with updated', async () => {
    const { user, adapter } = await renderForm(EDIT_ROUTE);
    await user.clear(title());
    await user.click(title());
    await user.paste(' Ligar para fechar contrato ');
    await user.click(owners());
    await user.click(screen.getByRole('option', { name: /Carla Mendes/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText('Tarefa atualizada com sucesso!')).toBeInTheDocument();
    expect(writes()).toHaveLength(1);
    expect(writes()[0]?.method).toBe('PUT');
    expect(writes()[0]?.path).toBe('/api/rdstation/tasks/task-1');
    expect(writes()[0]?.body).toEqual({
      name: 'Ligar para fechar contrato',
      description: 'Confirmar valores e prazo.',
      type: 'call',
      due_date: '2025-03-20T13:00:00.000Z',
      owner_ids: ['user-1', 'user-3'],
    });
    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: true, updated: true }]));
  });

  it('sends a changed date as the local noon of the new day', async () => {
    const { user } = await renderForm(EDIT_ROUTE);
    await user.clear(dueDate());
    await user.type(dueDate(), '27/03/2025');
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await screen.findByText('Tarefa atualizada com sucesso!');
    expect(writes()[0]?.body).toMatchObject({ due_date: noonIso(2025, 3, 27) });
  });

  it('gives an undated task a date (the field starts empty)', async () => {
    const { user } = await renderForm(
      '/task-create-modal?dealId=deal-1&dealName=Contrato+anual+Acme&taskId=task-2',
    );
    expect(dueDate()).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('A data de vencimento é obrigatória')).toBeInTheDocument();
    await user.type(dueDate(), '15/07/2025');
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await screen.findByText('Tarefa atualizada com sucesso!');
    expect(writes()[0]?.body).toEqual({
      name: 'Enviar contrato',
      description: 'Enviar por e-mail a minuta.',
      type: 'email',
      due_date: noonIso(2025, 7, 15),
      owner_ids: ['user-1', 'user-2'],
    });
  });
});

describe('TaskForm errors', () => {
  it("shows 'Erro ao carregar lista de usuários' above the form, with a retry", async () => {
    server.use(
      http.get(
        `${server.baseURL}/api/rdstation/users`,
        () => new HttpResponse(null, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderRemote(<TaskForm />, { route: CREATE_ROUTE });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar lista de usuários');
    expect(title()).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() =>
      expect(screen.queryByText('Erro ao carregar lista de usuários')).not.toBeInTheDocument(),
    );
    await user.click(owners());
    expect(screen.getByRole('option', { name: /Bruno Lima/ })).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar tarefa. Tente novamente.' when the task cannot be loaded", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/tasks/:id',
        status: 500,
      }),
    );
    const { user, adapter } = renderRemote(<TaskForm />, { route: EDIT_ROUTE });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao carregar tarefa. Tente novamente.',
    );
    expect(screen.queryByRole('textbox', { name: 'Título' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar Alterações' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
  });

  it('keeps everything typed when the create fails, shows the fallback, and saves on retry', async () => {
    server.use(
      http.post(
        `${server.baseURL}/api/rdstation/tasks`,
        () => new HttpResponse(null, { status: 500 }),
        { once: true },
      ),
    );
    const { user, adapter } = await renderForm(CREATE_ROUTE);
    await user.click(title());
    await user.paste('Enviar proposta');
    await user.click(description());
    await user.paste('Proposta revisada.');
    await user.selectOptions(type(), 'E-mail');
    await user.type(dueDate(), '11/04/2025');
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao criar tarefa. Tente novamente.',
    );
    expect(title()).toHaveValue('Enviar proposta');
    expect(description()).toHaveValue('Proposta revisada.');
    expect(type()).toHaveValue('email');
    expect(dueDate()).toHaveValue('11/04/2025');
    expect(screen.getByRole('button', { name: 'Remover Ana Souza' })).toBeInTheDocument();
    expect(adapter.closedForms).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));
    expect(await screen.findByText('Tarefa criada com sucesso!')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao criar tarefa. Tente novamente.')).not.toBeInTheDocument();
    expect(writes()).toHaveLength(1);
  });

  it("prefers the server's message when the create is refused", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'post',
        path: '/api/rdstation/tasks',
        status: 422,
        message: 'O RD Station CRM recusou os dados enviados',
      }),
    );
    const { user } = await renderForm(CREATE_ROUTE);
    await user.click(title());
    await user.paste('Enviar proposta');
    await user.click(description());
    await user.paste('Proposta revisada.');
    await user.selectOptions(type(), 'E-mail');
    await user.type(dueDate(), '11/04/2025');
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O RD Station CRM recusou os dados enviados',
    );
    expect(title()).toHaveValue('Enviar proposta');
  });

  it("shows 'Erro ao atualizar tarefa. Tente novamente.' and keeps the edits when the update fails", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'put',
        path: '/api/rdstation/tasks/:id',
        status: 500,
      }),
    );
    const { user, adapter } = await renderForm(EDIT_ROUTE);
    await user.clear(description());
    await user.click(description());
    await user.paste('Confirmar valores, prazo e frete.');
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao atualizar tarefa. Tente novamente.',
    );
    expect(description()).toHaveValue('Confirmar valores, prazo e frete.');
    expect(adapter.closedForms).toEqual([]);
    expect(screen.getByRole('button', { name: 'Salvar Alterações' })).toBeEnabled();
  });
});

describe('TaskForm accessibility', () => {
  it('has no axe violations, with the validation errors shown too', async () => {
    const { container, user } = await renderForm(CREATE_ROUTE);
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));
    await screen.findByText('O título é obrigatório');
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('TaskForm load timing (spec: 5000 ms wait, host readiness first)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('loads at once when the host user info is already there', async () => {
    // Real timers: a form that waited the full 5000 ms would miss findBy's 1000 ms timeout.
    renderRemote(<TaskForm />, { route: CREATE_ROUTE });
    expect(await screen.findByRole('textbox', { name: 'Título' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/rdstation/users')).toBe(true);
  });

  it('waits for the host user info and loads as soon as it arrives', async () => {
    jest.useFakeTimers();
    const start = jest.now();
    const adapter = createFakeHostAdapter({ userInfo: null });
    setTimeout(() => adapter.setUserInfo(FAKE_USER_INFO), 2000);
    renderRemote(<TaskForm />, { route: CREATE_ROUTE, adapter, fakeTimers: true });

    await act(async () => {
      jest.advanceTimersByTime(1900);
    });
    expect(server.requests).toEqual([]);
    expect(screen.getByText('Carregando formulário...')).toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === '/api/rdstation/users')).toBe(true),
    );
    expect(jest.now() - start).toBeLessThan(5000);
    expect(await screen.findByRole('textbox', { name: 'Título' })).toBeInTheDocument();
  });
});

describe('TaskForm: the due date is dd/mm/yyyy', () => {
  it('puts the slashes in, refuses an impossible day and sends the day typed', async () => {
    const { user } = await renderForm(CREATE_ROUTE);
    await user.click(title());
    await user.paste('Enviar proposta');
    await user.click(description());
    await user.paste('Proposta revisada.');
    await user.selectOptions(type(), 'E-mail');
    await user.type(dueDate(), '31022025');
    expect(dueDate()).toHaveValue('31/02/2025');
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));
    expect(await screen.findByText('A data de vencimento é obrigatória')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await user.clear(dueDate());
    await user.type(dueDate(), '05032025');
    expect(dueDate()).toHaveValue('05/03/2025');
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));
    await screen.findByText('Tarefa criada com sucesso!');
    expect(writes()[0]?.body).toMatchObject({ due_date: noonIso(2025, 3, 5) });
  });
});
