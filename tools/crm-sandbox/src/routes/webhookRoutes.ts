import { type FastifyInstance } from 'fastify';
import { readData } from '@crm-sandbox/http/BodyReader';
import * as defs from '@crm-sandbox/resources/definitions';
import { readWebhook } from '@crm-sandbox/writes/webhookWrites';
import { created, findOr404, type IdParams, respondList, type RouteDeps, storeOf } from './shared';

/** GET/POST /webhooks, GET/PUT/DELETE /webhooks/{id}: per account, as the reference lists them. */
export function registerWebhookRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/webhooks', async (request) =>
    respondList(deps, request, defs.webhooks, storeOf(request).webhooks.all()),
  );
  app.get<IdParams>('/webhooks/:id', async (request) => {
    const store = storeOf(request);
    const hook = findOr404(store.webhooks, request.params.id, 'Webhook');
    return { data: defs.webhooks.serialize(hook, store) };
  });
  app.post('/webhooks', async (request, reply) => {
    const store = storeOf(request);
    const hook = store.webhooks.insert(readWebhook(store, readData(request.body)));
    return created(reply, defs.webhooks.serialize(hook, store));
  });
  app.put<IdParams>('/webhooks/:id', async (request) => {
    const store = storeOf(request);
    const current = findOr404(store.webhooks, request.params.id, 'Webhook');
    const hook = store.webhooks.insert(readWebhook(store, readData(request.body), current));
    return { data: defs.webhooks.serialize(hook, store) };
  });
  app.delete<IdParams>('/webhooks/:id', async (request, reply) => {
    const store = storeOf(request);
    store.webhooks.delete(findOr404(store.webhooks, request.params.id, 'Webhook').id);
    return reply.code(204).send();
  });
}
