import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { readData } from '@crm-sandbox/http/BodyReader';
import { ApiError } from '@crm-sandbox/http/errors';
import * as defs from '@crm-sandbox/resources/definitions';
import { createDeal, updateDeal } from '@crm-sandbox/writes/dealWrites';
import { created, findOr404, type IdParams, respondList, type RouteDeps, storeOf } from './shared';

export function registerDealRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const reading = () => ({ emptyValues: deps.knobs().dealEmptyValues });
  app.get('/deals', async (request) =>
    respondList(deps, request, defs.deals, storeOf(request).deals.all()),
  );
  app.get<IdParams>('/deals/:id', async (request) => {
    const store = storeOf(request);
    return { data: defs.deals.serialize(findOr404(store.deals, request.params.id, 'Deal'), store) };
  });
  app.post('/deals', async (request, reply) => {
    const store = storeOf(request);
    const deal = store.deals.insert(createDeal(store, readData(request.body), reading()));
    deps.emit(request, 'deal', 'created', deal.id);
    return created(reply, defs.deals.serialize(deal, store));
  });
  const update = async (request: FastifyRequest<IdParams>) => {
    const store = storeOf(request);
    const deal = findOr404(store.deals, request.params.id, 'Deal');
    const next = store.deals.insert(updateDeal(store, deal, readData(request.body), reading()));
    deps.emit(request, 'deal', 'updated', next.id);
    return { data: defs.deals.serialize(next, store) };
  };
  app.put<IdParams>('/deals/:id', update);
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
