import { type FastifyInstance } from 'fastify';
import { BodyReader, readData } from '../http/BodyReader';
import { notFound } from '../http/errors';
import * as defs from '../resources/definitions';
import { type AccountStore, dealProductTotal } from '../store/AccountStore';
import {
  type DealProductRecord,
  type DealRecord,
  type NoteRecord,
  BILLING_FREQUENCIES,
  DISCOUNT_TYPES,
} from '../store/records';
import { created, findOr404, type IdParams, respondList, type RouteDeps, storeOf } from './shared';

const NOTE_MAX_LENGTH = 524_288;

type ItemParams = { Params: { id: string; itemId: string } };

function createNote(
  store: AccountStore,
  deal: DealRecord,
  data: Record<string, unknown>,
): NoteRecord {
  const reader = new BodyReader(data);
  const description = reader.string('description', { required: true, max: NOTE_MAX_LENGTH });
  const userId = reader.ref('user_id', store.users, 'user', { required: true });
  reader.throwIfInvalid();
  if (!description || !userId) throw new Error('note validation let a required field through');
  return {
    id: store.newId(),
    deal_id: deal.id,
    description,
    user_id: userId,
    registered_at: store.nowIso(),
    pinned_at: null,
    edited_by_id: null,
    edited_at: null,
  };
}

/** Create (no `current`) or partial update of a deal product; the total is always recomputed. */
function readDealProduct(
  store: AccountStore,
  deal: DealRecord,
  data: Record<string, unknown>,
  current?: DealProductRecord,
): DealProductRecord {
  const reader = new BodyReader(data);
  const required = current === undefined;
  const productId = reader.ref('product_id', store.products, 'product', { required });
  const price = reader.number('price', { required, min: 0 });
  const quantity = reader.number('quantity', { required, above: 0 });
  const discountType = reader.oneOf('discount_type', DISCOUNT_TYPES);
  const discount = reader.number('discount', { min: 0 });
  const billing = reader.oneOf('billing_frequency', BILLING_FREQUENCIES);
  const nextType = discountType ?? current?.discount_type ?? 'amount';
  const nextDiscount = discount ?? current?.discount ?? 0;
  if (nextType === 'percentage' && nextDiscount > 100) {
    reader.fail('discount', 'A percentage discount cannot be above 100');
  }
  reader.throwIfInvalid();
  const nextPrice = price ?? current?.price;
  const nextQuantity = quantity ?? current?.quantity;
  const nextProduct = productId ?? current?.product_id;
  if (nextPrice == null || nextQuantity == null || !nextProduct) {
    throw new Error('deal product validation let a required field through');
  }
  const now = store.nowIso();
  return {
    id: current?.id ?? store.newId(),
    deal_id: deal.id,
    price: nextPrice,
    quantity: nextQuantity,
    discount_type: nextType,
    discount: nextDiscount,
    total_price: dealProductTotal(nextPrice, nextQuantity, nextType, nextDiscount),
    billing_frequency: billing ?? current?.billing_frequency ?? 'one-time',
    product_id: nextProduct,
    created_at: current?.created_at ?? now,
    updated_at: now,
  };
}

function touchDealPrices(store: AccountStore, deal: DealRecord): void {
  store.recomputeDealPrices(deal);
  deal.updated_at = store.nowIso();
}

function findItem(store: AccountStore, deal: DealRecord, itemId: string): DealProductRecord {
  const item = store.dealProducts.get(itemId);
  if (!item || item.deal_id !== deal.id) throw notFound('Deal product', itemId);
  return item;
}

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
    return { data: defs.dealProducts.serialize(item, store) };
  });
  app.delete<ItemParams>('/deals/:id/products/:itemId', async (request, reply) => {
    const store = storeOf(request);
    const deal = findOr404(store.deals, request.params.id, 'Deal');
    store.dealProducts.delete(findItem(store, deal, request.params.itemId).id);
    touchDealPrices(store, deal);
    return reply.code(204).send();
  });
}
