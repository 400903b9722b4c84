import { type FastifyInstance } from 'fastify';
import { ApiError } from '@crm-sandbox/http/errors';
import * as defs from '@crm-sandbox/resources/definitions';
import { createDeal, updateDeal } from '@crm-sandbox/writes/dealWrites';
import { registerRecordRoutes } from './recordRoutes';
import { type IdParams, type RouteDeps } from './shared';

export function registerDealRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const reading = () => ({ emptyValues: deps.knobs().dealEmptyValues });
  const update = registerRecordRoutes(app, deps, {
    path: '/deals',
    def: defs.deals,
    collection: (store) => store.deals,
    writes: {
      create: (store, data) => createDeal(store, data, reading()),
      update: (store, current, data) => updateDeal(store, current, data, reading()),
      webhook: 'deal',
    },
  });
  // RD's use-case page shows PATCH while the reference has only PUT: PATCH only with the knob.
  app.patch<IdParams>('/deals/:id', async (request) => {
    if (!deps.knobs().dealPatch) {
      throw new ApiError(404, [
        { detail: `No route PATCH ${request.url.split('?')[0]}`, code: 'NOT_FOUND' },
      ]);
    }
    return update(request);
  });
}
