import { type FastifyInstance } from 'fastify';
import { type Services } from '@api/services';
import { taskCreateBody, taskRecord, taskUpdateBody } from '@crm-panel/crm-model/schemas';
import { answered, param, sent } from '@api/changes/describeChange';
import { crmPath, registerGetRoute, registerListRoute, registerWriteRoute } from './proxy';

const TAG = 'tarefas';

export function registerTaskRoutes(app: FastifyInstance, services: Services): void {
  registerListRoute(app, services, {
    url: '/api/rdstation/tasks',
    record: taskRecord,
    crmPath: () => '/tasks',
    resource: 'tasks',
    mode: 'whole',
    remembers: 'task',
    tag: TAG,
    summary: 'Lista tarefas (ex.: filter deal_id:"…" and status:"open")',
  });
  registerGetRoute(app, services, {
    url: '/api/rdstation/tasks/:id',
    record: taskRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/tasks/${id}`,
    remembers: 'task',
    tag: TAG,
    summary: 'Uma tarefa',
  });
  registerWriteRoute(app, services, {
    method: 'POST',
    url: '/api/rdstation/tasks',
    record: taskRecord,
    crmPath: () => '/tasks',
    body: taskCreateBody,
    change: {
      type: 'task',
      action: 'created',
      id: answered('id'),
      dealId: sent('deal_id'),
      omit: ['created_by_id'],
    },
    tag: TAG,
    summary: 'Cria uma tarefa (sempre aberta)',
  });
  registerWriteRoute(app, services, {
    method: 'PUT',
    url: '/api/rdstation/tasks/:id',
    record: taskRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/tasks/${id}`,
    body: taskUpdateBody,
    // A task update does not name its deal; the CRM's answer (the whole task) does.
    change: {
      type: 'task',
      action: 'updated',
      id: param('id'),
      dealId: answered('deal_id'),
      omit: ['completed_by_id'],
    },
    tag: TAG,
    summary: 'Atualiza ou conclui uma tarefa',
  });
}
