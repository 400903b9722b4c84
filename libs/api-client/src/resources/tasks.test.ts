import { type TaskCreatePayload } from '@crm-panel/crm-model';
import { setupTestServer, tasksFixture } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { completeTask, createTask, getTask, listTasks, updateTask } from './tasks';

const server = setupTestServer();

describe('tasks', () => {
  it.each([
    ['open' as const, ['task-1', 'task-2']],
    ['completed' as const, ['task-3']],
    ['canceled' as const, ['task-4']],
  ])(
    'listTasks(deal, %s): limit 200, page 1, order due_date desc, filter deal_id AND status',
    async (status, ids) => {
      const tasks = await listTasks('deal-1', status);

      expect(tasks.map((task) => task.id)).toEqual(ids);
      expect(server.lastRequest()).toEqual({
        method: 'GET',
        path: '/api/rdstation/tasks',
        query: {
          limit: '200',
          page: '1',
          order: 'due_date',
          direction: 'desc',
          filter: `deal_id:"deal-1" and status:"${status}"`,
        },
        body: undefined,
        headers: IDENTITY_HEADERS,
      });
    },
  );

  it('getTask: GET /api/rdstation/tasks/{id}', async () => {
    await expect(getTask('task-2')).resolves.toEqual(tasksFixture[1]);
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/tasks/task-2',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('createTask: POST /api/rdstation/tasks with the task payload (status open, deal_id, created_by_id)', async () => {
    const payload: TaskCreatePayload = {
      name: 'Enviar proposta revisada',
      description: 'Com desconto de 5%.',
      type: 'whatsapp',
      due_date: '2025-04-01T12:00:00.000Z',
      owner_ids: ['user-1', 'user-3'],
      status: 'open',
      deal_id: 'deal-1',
      created_by_id: 'user-1',
    };

    const created = await createTask(payload);

    expect(created).toMatchObject({ ...payload, id: expect.any(String) });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/tasks',
      query: {},
      body: payload,
      headers: IDENTITY_HEADERS,
    });
    const open = await listTasks('deal-1', 'open');
    expect(open.map((task) => task.id)).toContain(created.id);
  });

  it('updateTask: PUT /api/rdstation/tasks/{id} with the task payload', async () => {
    const payload = {
      name: 'Ligar para confirmar proposta',
      description: 'Confirmar valores, prazo e forma de pagamento.',
      type: 'call' as const,
      due_date: '2025-03-21T13:00:00.000Z',
      owner_ids: ['user-2'],
    };

    await expect(updateTask('task-1', payload)).resolves.toMatchObject({
      id: 'task-1',
      ...payload,
    });
    expect(server.lastRequest()).toEqual({
      method: 'PUT',
      path: '/api/rdstation/tasks/task-1',
      query: {},
      body: payload,
      headers: IDENTITY_HEADERS,
    });
  });

  it('completeTask: PUT /api/rdstation/tasks/{id} with { status: completed, completed_by_id }', async () => {
    await expect(completeTask('task-2', 'user-1')).resolves.toMatchObject({
      id: 'task-2',
      status: 'completed',
      completed_by_id: 'user-1',
    });
    expect(server.lastRequest()).toEqual({
      method: 'PUT',
      path: '/api/rdstation/tasks/task-2',
      query: {},
      body: { status: 'completed', completed_by_id: 'user-1' },
      headers: IDENTITY_HEADERS,
    });
    expect((await listTasks('deal-1', 'completed')).map((task) => task.id)).toEqual([
      'task-3',
      'task-2',
    ]);
  });
});
