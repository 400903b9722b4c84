import { type FastifyInstance } from 'fastify';
import { crmContext } from '@crm-sandbox/http/context';
import * as defs from '@crm-sandbox/resources/definitions';
import { createTask, updateTask } from '@crm-sandbox/writes/taskWrites';
import { registerRecordRoutes } from './recordRoutes';
import { type RouteDeps } from './shared';

export function registerTaskRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerRecordRoutes(app, deps, {
    path: '/tasks',
    def: defs.tasks,
    collection: (store) => store.tasks,
    writes: {
      // The token's user creates (and completes) the task.
      create: (store, data, request) => createTask(store, data, crmContext(request).user.id),
      update: (store, current, data, request) =>
        updateTask(store, current, data, crmContext(request).user.id),
      webhook: 'task',
    },
  });
}
