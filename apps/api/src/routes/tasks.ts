import { type FastifyInstance } from 'fastify';
import { type Services } from '@api/services';
import { taskCreateBody, taskUpdateBody } from '@crm-panel/crm-model/schemas';
import { crmPath, registerGetRoute, registerListRoute, registerWriteRoute } from './proxy';

const TAG = 'tarefas';

export function registerTaskRoutes(app: FastifyInstance, services: Services): void {
  registerListRoute(app, services, {
    url: '/api/rdstation/tasks',
    crmPath: () => '/tasks',
    resource: 'tasks',
    mode: 'whole',
    tag: TAG,
    summary: 'Lista tarefas (ex.: filter deal_id:"…" and status:"open")',
  });
  registerGetRoute(app, services, {
    url: '/api/rdstation/tasks/:id',
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/tasks/${id}`,
    tag: TAG,
    summary: 'Uma tarefa',
  });
  registerWriteRoute(app, services, {
    method: 'POST',
    url: '/api/rdstation/tasks',
    crmPath: () => '/tasks',
    body: taskCreateBody,
    tag: TAG,
    summary: 'Cria uma tarefa (sempre aberta)',
  });
  registerWriteRoute(app, services, {
    method: 'PUT',
    url: '/api/rdstation/tasks/:id',
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/tasks/${id}`,
    body: taskUpdateBody,
    tag: TAG,
    summary: 'Atualiza ou conclui uma tarefa',
  });
}
