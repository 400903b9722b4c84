import { type FastifyInstance } from 'fastify';
import { readData } from '@crm-sandbox/http/BodyReader';
import * as defs from '@crm-sandbox/resources/definitions';
import {
  createNote,
  findItem,
  readDealProduct,
  touchDealPrices,
} from '@crm-sandbox/writes/dealChildWrites';
import { created, findOr404, type IdParams, respondList, type RouteDeps, storeOf } from './shared';

type ItemParams = { Params: { id: string; itemId: string } };

export function registerDealChildRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get<IdParams>('/deals/:id/notes', async (request) => {
    const store = storeOf(request);
    const deal = findOr404(store.deals, request.params.id, 'Deal');
    const notes = store.notes.all().filter((note) => note.deal_id === deal.id);
    return respondList(deps, request, defs.notes, notes);
  });
  app.post<IdParams>('/deals/:id/notes', async (request, reply) => {
    const store = storeOf(request);
    const deal = findOr404(store.deals, request.params.id, 'Deal');
    const note = store.notes.insert(createNote(store, deal, readData(request.body)));
    return created(reply, defs.notes.serialize(note, store));
  });

  app.get<IdParams>('/deals/:id/products', async (request) => {
    const store = storeOf(request);
    const deal = findOr404(store.deals, request.params.id, 'Deal');
    return respondList(deps, request, defs.dealProducts, store.productsOfDeal(deal.id));
  });
  app.post<IdParams>('/deals/:id/products', async (request, reply) => {
    const store = storeOf(request);
    const deal = findOr404(store.deals, request.params.id, 'Deal');
    const item = store.dealProducts.insert(readDealProduct(store, deal, readData(request.body)));
    touchDealPrices(store, deal);
    deps.emit(request, 'deal', 'updated', deal.id);
    return created(reply, defs.dealProducts.serialize(item, store));
  });
  app.put<ItemParams>('/deals/:id/products/:itemId', async (request) => {
    const store = storeOf(request);
    const deal = findOr404(store.deals, request.params.id, 'Deal');
    const current = findItem(store, deal, request.params.itemId);
    const item = store.dealProducts.insert(
      readDealProduct(store, deal, readData(request.body), current),
    );
    touchDealPrices(store, deal);
    deps.emit(request, 'deal', 'updated', deal.id);
    return { data: defs.dealProducts.serialize(item, store) };
  });
  app.delete<ItemParams>('/deals/:id/products/:itemId', async (request, reply) => {
    const store = storeOf(request);
    const deal = findOr404(store.deals, request.params.id, 'Deal');
    store.dealProducts.delete(findItem(store, deal, request.params.itemId).id);
    touchDealPrices(store, deal);
    deps.emit(request, 'deal', 'updated', deal.id);
    return reply.code(204).send();
  });
}
