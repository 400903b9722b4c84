import { type FastifyInstance } from 'fastify';
import * as defs from '@crm-sandbox/resources/definitions';
import { readWebhook } from '@crm-sandbox/writes/webhookWrites';
import { registerRecordRoutes } from './recordRoutes';
import { findOr404, type IdParams, type RouteDeps, storeOf } from './shared';

/** GET/POST /webhooks, GET/PUT/DELETE /webhooks/{id}: per account, as the reference lists them. */
export function registerWebhookRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerRecordRoutes(app, deps, {
    path: '/webhooks',
    def: defs.webhooks,
    collection: (store) => store.webhooks,
    writes: { read: readWebhook },
  });
  app.delete<IdParams>('/webhooks/:id', async (request, reply) => {
    const store = storeOf(request);
    store.webhooks.delete(findOr404(store.webhooks, request.params.id, 'Webhook').id);
    return reply.code(204).send();
  });
}
