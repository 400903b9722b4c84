import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { type Task } from '@crm-panel/crm-model';
import { formatDate } from '@crm-panel/format';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { axeViolations, renderRemote } from '@tasks/test-utils';
import { TasksTab } from './TasksTab';

const server = setupTestServer();

// Integration journeys over the mock api; the shared CI machine can be slow.
jest.setTimeout(30_000);

const DEAL = { dealId: 'deal-1', dealName: 'Contrato anual Acme' };

const listQuery = (status: string, dealId = 'deal-1') => ({
  limit: '200',
  page: '1',
  order: 'due_date',
  direction: 'desc',
  filter: `deal_id:"${dealId}" and status:"${status}"`,
});

const taskListRequests = () =>
  server.requests.filter((r) => r.method === 'GET' && r.path === '/api/rdstation/tasks');

const card = (name: string) => screen.getByRole('article', { name });

/** A task list answer that fails once, then the mock api answers again. */
const failTaskListOnce = () =>
  server.use(
    http.get(
      `${server.baseURL}/api/rdstation/tasks`,
      () => HttpResponse.json({ message: 'Falha no CRM' }, { status: 500 }),
      { once: true },
    ),
  );

function addTask(overrides: Partial<Task>): Task {
  const task: Task = {
    id: 'task-extra',
    name: 'Tarefa nova',
    description: 'Criada em outro lugar.',
    type: 'whatsapp',
    due_date: null,
    status: 'open',
    owner_ids: ['user-1'],
    completed_by_id: null,
    deal_id: 'deal-1',
    ...overrides,
  };
  server.db.state.tasks.push(task);
  return task;
}

describe('TasksTab without a deal', () => {
  it('shows a calm empty state, disables its actions and sends nothing', async () => {
    const { user } = renderRemote(<TasksTab dealId={null} />);
    expect(screen.getByText('Nenhuma negociação selecionada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Abertas' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.requests.filter((r) => r.path.startsWith('/api/rdstation/tasks'))).toEqual([]);
    expect(screen.queryByText('Nenhuma tarefa encontrada')).not.toBeInTheDocument();
  });
});

describe('TasksTab list', () => {
  it('lists the open tasks of the deal with the spec query and their card contents', async () => {
    renderRemote(<TasksTab {...DEAL} />);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando tarefas...');
    const first = await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });

    expect(taskListRequests()).toHaveLength(1);
    expect(taskListRequests()[0]?.query).toEqual(listQuery('open'));

    expect(within(first).getByText('Confirmar valores e prazo.')).toBeInTheDocument();
    expect(within(first).getByText('Ligação')).toBeInTheDocument();
    expect(within(first).getByText(formatDate('2025-03-20T13:00:00.000Z'))).toBeInTheDocument();
    expect(within(first).getByText('Aberta')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Editar' })).toBeEnabled();
    expect(within(first).getByRole('button', { name: 'Concluir' })).toBeEnabled();

    const undated = card('Enviar contrato');
    expect(within(undated).getByText('Sem data')).toBeInTheDocument();
    expect(within(undated).getByText('E-mail')).toBeInTheDocument();
    expect(within(undated).getByText('Enviar por e-mail a minuta.')).toBeInTheDocument();

    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('Reunião de apresentação')).not.toBeInTheDocument();
  });

  it('filters by status with the menu: Concluídas and Canceladas have no actions', async () => {
    const { user } = renderRemote(<TasksTab {...DEAL} />);
    await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });

    await user.click(screen.getByRole('button', { name: 'Abertas' }));
    const items = screen.getAllByRole('menuitemradio').map((item) => item.textContent);
    expect(items).toEqual(['Abertas', 'Concluídas', 'Canceladas']);
    await user.click(screen.getByRole('menuitemradio', { name: 'Concluídas' }));

    const done = await screen.findByRole('article', { name: 'Reunião de apresentação' });
    expect(taskListRequests().at(-1)?.query).toEqual(listQuery('completed'));
    expect(within(done).getByText('Concluída')).toBeInTheDocument();
    expect(within(done).getByText('Reunião')).toBeInTheDocument();
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Ligar para confirmar proposta')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Concluídas' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Canceladas' }));
    const canceled = await screen.findByRole('article', { name: 'Visita técnica' });
    expect(taskListRequests().at(-1)?.query).toEqual(listQuery('canceled'));
    expect(within(canceled).getByText('Cancelada')).toBeInTheDocument();
    expect(within(canceled).getByText('Visita')).toBeInTheDocument();
    expect(within(canceled).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows 'Nenhuma tarefa encontrada' for a deal without tasks", async () => {
    renderRemote(<TasksTab dealId="deal-2" dealName="Expansão Padaria" />);
    expect(await screen.findByText('Nenhuma tarefa encontrada')).toBeInTheDocument();
    expect(taskListRequests()[0]?.query).toEqual(listQuery('open', 'deal-2'));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("'Atualizar' reloads the list", async () => {
    const { user } = renderRemote(<TasksTab {...DEAL} />);
    await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });
    addTask({ name: 'Mandar mensagem no WhatsApp' });

    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    const added = await screen.findByRole('article', { name: 'Mandar mensagem no WhatsApp' });
    expect(within(added).getByText('WhatsApp')).toBeInTheDocument();
    expect(taskListRequests()).toHaveLength(2);
    expect(taskListRequests()[1]?.query).toEqual(listQuery('open'));
  });

  it('empties the list on a load failure and recovers with a retry', async () => {
    const { user } = renderRemote(<TasksTab {...DEAL} />);
    await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });

    failTaskListOnce();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao carregar tarefas. Tente novamente.',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('article', { name: 'Ligar para confirmar proposta' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Erro ao carregar tarefas. Tente novamente.'),
    ).not.toBeInTheDocument();
  });

  it('shows the load error when the first load fails', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/tasks',
        status: 502,
      }),
    );
    renderRemote(<TasksTab {...DEAL} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao carregar tarefas. Tente novamente.',
    );
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma tarefa encontrada')).not.toBeInTheDocument();
  });

  it('loads the new deal when the shell changes it', async () => {
    const { rerender } = renderRemote(<TasksTab {...DEAL} />);
    await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });
    rerender(<TasksTab dealId="deal-2" dealName="Expansão Padaria" />);
    expect(await screen.findByText('Nenhuma tarefa encontrada')).toBeInTheDocument();
    expect(taskListRequests().at(-1)?.query).toEqual(listQuery('open', 'deal-2'));
  });
});

describe('TasksTab completion', () => {
  it('confirms, sends status completed with the current user id, and reloads the lists', async () => {
    const { user } = renderRemote(<TasksTab {...DEAL} />);
    const task = await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });

    await user.click(within(task).getByRole('button', { name: 'Concluir' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Concluir tarefa' });
    expect(dialog).toHaveTextContent(
      'Deseja marcar a tarefa "Ligar para confirmar proposta" como concluída?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));

    expect(await screen.findByText('Tarefa marcada como concluída!')).toBeInTheDocument();
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/rdstation/tasks/task-1');
    expect(put?.body).toEqual({ status: 'completed', completed_by_id: 'user-1' });
    expect(server.requests.some((r) => r.path === '/api/rdstation/user/profile')).toBe(true);

    await waitFor(() =>
      expect(screen.queryByText('Ligar para confirmar proposta')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(card('Enviar contrato')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Abertas' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Concluídas' }));
    const done = await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });
    expect(within(done).getByText('Concluída')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user } = renderRemote(<TasksTab {...DEAL} />);
    const task = await screen.findByRole('article', { name: 'Enviar contrato' });
    await user.click(within(task).getByRole('button', { name: 'Concluir' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(card('Enviar contrato')).toBeInTheDocument();
  });

  it("shows 'Erro ao concluir tarefa. Tente novamente.' and keeps the task when it fails", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'put',
        path: '/api/rdstation/tasks/:id',
        status: 500,
        message: 'Falha no CRM',
      }),
    );
    const { user } = renderRemote(<TasksTab {...DEAL} />);
    const task = await screen.findByRole('article', { name: 'Enviar contrato' });
    await user.click(within(task).getByRole('button', { name: 'Concluir' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Concluir' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao concluir tarefa. Tente novamente.',
    );
    expect(card('Enviar contrato')).toBeInTheDocument();
    expect(screen.queryByText('Tarefa marcada como concluída!')).not.toBeInTheDocument();
  });

  it('fails with the completion error when the current user cannot be known', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/user/profile',
        status: 500,
      }),
    );
    const { user } = renderRemote(<TasksTab {...DEAL} />);
    const task = await screen.findByRole('article', { name: 'Enviar contrato' });
    await user.click(within(task).getByRole('button', { name: 'Concluir' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Concluir' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao concluir tarefa. Tente novamente.',
    );
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});

describe('TasksTab forms', () => {
  it("'Adicionar' opens /task-create-modal and the tab shows the new task once it closes", async () => {
    const { user, adapter } = renderRemote(<TasksTab {...DEAL} />);
    await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });

    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(adapter.openedForms).toHaveLength(1));
    expect(adapter.openedForms[0]?.route).toBe('task-create');
    expect(adapter.openedForms[0]?.query).toEqual({
      dealId: 'deal-1',
      dealName: 'Contrato anual Acme',
      creatorId: 'user-1',
    });
    expect(adapter.openedForms[0]?.options.title).toBe('Criar Tarefa');

    const created = addTask({ id: 'task-new-1', name: 'Preparar apresentação', type: 'meeting' });
    const before = taskListRequests().length;
    act(() => adapter.resolveModal({ success: true, task: created }));

    const shown = await screen.findByRole('article', { name: 'Preparar apresentação' });
    expect(within(shown).getByText('Reunião')).toBeInTheDocument();
    expect(screen.getByText('Tarefa criada com sucesso!')).toBeInTheDocument();
    expect(taskListRequests().length).toBeGreaterThan(before);
  });

  it("'Editar' opens the form with the task id; a cancelled form changes nothing", async () => {
    const { user, adapter } = renderRemote(<TasksTab {...DEAL} />);
    const task = await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });

    await user.click(within(task).getByRole('button', { name: 'Editar' }));
    expect(adapter.openedForms[0]?.route).toBe('task-create');
    expect(adapter.openedForms[0]?.query).toEqual({
      dealId: 'deal-1',
      dealName: 'Contrato anual Acme',
      taskId: 'task-1',
    });
    expect(adapter.openedForms[0]?.options.title).toBe('Editar Tarefa');

    const before = taskListRequests().length;
    act(() => adapter.resolveModal({ success: false }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(taskListRequests()).toHaveLength(before);
    expect(screen.queryByText('Tarefa atualizada com sucesso!')).not.toBeInTheDocument();
    expect(screen.queryByText('Tarefa criada com sucesso!')).not.toBeInTheDocument();
  });

  it('refreshes the card after an edit closes with success', async () => {
    const { user, adapter } = renderRemote(<TasksTab {...DEAL} />);
    const task = await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });
    await user.click(within(task).getByRole('button', { name: 'Editar' }));

    const stored = server.db.state.tasks.find((item) => item.id === 'task-1');
    if (!stored) throw new Error('task-1 ausente do mock');
    stored.name = 'Ligar para fechar contrato';
    act(() => adapter.resolveModal({ success: true, updated: true }));

    expect(
      await screen.findByRole('article', { name: 'Ligar para fechar contrato' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Tarefa atualizada com sucesso!')).toBeInTheDocument();
    expect(screen.queryByText('Ligar para confirmar proposta')).not.toBeInTheDocument();
  });
});

describe('TasksTab accessibility', () => {
  it('has no axe violations with cards and with the confirmation open', async () => {
    const { container, user } = renderRemote(<TasksTab {...DEAL} />);
    const task = await screen.findByRole('article', { name: 'Ligar para confirmar proposta' });
    expect(await axeViolations(container)).toEqual([]);
    await user.click(within(task).getByRole('button', { name: 'Concluir' }));
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
