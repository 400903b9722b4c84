import { dealsFixture, profileFixture, tasksFixture } from '@crm-panel/api-client/testing';
import { buildModalUrl, MODAL_PATHS } from '@crm-panel/contracts';
import { type StandaloneConfig } from '@crm-panel/dev-harness';
import { TaskForm } from '@tasks/exposed/TaskForm';
import { TasksTab } from '@tasks/exposed/TasksTab';

const deal = dealsFixture[0];
const openTask = tasksFixture.find((task) => task.status === 'open');

/** The tasks remote on its own: the tab and the task form over the mock api. */
export const standalone: StandaloneConfig = {
  name: 'tasks',
  views: [
    { to: '/', label: 'Aba Tarefas (negociação)' },
    { to: '/sem-negociacao', label: 'Aba sem negociação' },
    {
      to: buildModalUrl('task-create', {
        dealId: deal?.id,
        dealName: deal?.name,
        creatorId: profileFixture.id,
      }),
      label: 'Criar tarefa',
    },
    {
      to: buildModalUrl('task-create', {
        dealId: deal?.id,
        dealName: deal?.name,
        taskId: openTask?.id,
      }),
      label: 'Editar tarefa',
    },
  ],
  routes: [
    { path: '/', element: <TasksTab dealId={deal?.id ?? null} dealName={deal?.name} /> },
    { path: '/sem-negociacao', element: <TasksTab dealId={null} /> },
  ],
  modalRoutes: [{ path: MODAL_PATHS['task-create'], element: <TaskForm /> }],
  failures: [
    { label: 'Simular falha ao carregar tarefas', method: 'get', path: '/api/rdstation/tasks' },
  ],
};
