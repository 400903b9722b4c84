import { type FastifyInstance } from 'fastify';
import { crmContext } from '@crm-sandbox/http/context';
import { readData } from '@crm-sandbox/http/BodyReader';
import * as defs from '@crm-sandbox/resources/definitions';
import { createTask, updateTask } from '@crm-sandbox/writes/taskWrites';
import { created, findOr404, type IdParams, respondList, type RouteDeps, storeOf } from './shared';

export function registerTaskRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/tasks', async (request) =>
    respondList(deps, request, defs.tasks, storeOf(request).tasks.all()),
  );
  app.get<IdParams>('/tasks/:id', async (request) => {
    const store = storeOf(request);
    return { data: defs.tasks.serialize(findOr404(store.tasks, request.params.id, 'Task'), store) };
  });
  app.post('/tasks', async (request, reply) => {
    const store = storeOf(request);
    const task = store.tasks.insert(
      createTask(store, readData(request.body), crmContext(request).user.id),
    );
    deps.emit(request, 'task', 'created', task.id);
    return created(reply, defs.tasks.serialize(task, store));
  });
  app.put<IdParams>('/tasks/:id', async (request) => {
    const store = storeOf(request);
    const task = findOr404(store.tasks, request.params.id, 'Task');
    const next = store.tasks.insert(
      updateTask(store, task, readData(request.body), crmContext(request).user.id),
    );
    deps.emit(request, 'task', 'updated', next.id);
    return { data: defs.tasks.serialize(next, store) };
  });
}
