import { BodyReader, type WritableFields } from '@crm-sandbox/http/BodyReader';
import { notFound } from '@crm-sandbox/http/errors';
import { type AccountStore, dealProductTotal } from '@crm-sandbox/store/AccountStore';
import {
  type DealProductRecord,
  type DealRecord,
  type NoteRecord,
  BILLING_FREQUENCIES,
  DISCOUNT_TYPES,
} from '@crm-sandbox/store/records';

const NOTE_MAX_LENGTH = 524_288;

/**
 * Create-note page: of the response fields only the text and its author are written; the
 * timestamps, pinning and editing are RD's (there is no note update in v2).
 */
export const NOTE_FIELDS: WritableFields = {
  resource: 'note',
  keys: ['description', 'user_id'],
  readOnly: ['id', 'registered_at', 'pinned_at', 'edited_by_id', 'edited_at'],
};

/** Create- / update-product-to-deal pages: the total and the timestamps are computed. */
export const DEAL_PRODUCT_FIELDS: WritableFields = {
  resource: 'deal product',
  keys: ['price', 'quantity', 'discount_type', 'discount', 'billing_frequency', 'product_id'],
  readOnly: ['id', 'total_price', 'created_at', 'updated_at'],
};

export function createNote(
  store: AccountStore,
  deal: DealRecord,
  data: Record<string, unknown>,
): NoteRecord {
  const reader = new BodyReader(data, NOTE_FIELDS);
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
export function readDealProduct(
  store: AccountStore,
  deal: DealRecord,
  data: Record<string, unknown>,
  current?: DealProductRecord,
): DealProductRecord {
  const reader = new BodyReader(data, DEAL_PRODUCT_FIELDS);
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

export function touchDealPrices(store: AccountStore, deal: DealRecord): void {
  store.recomputeDealPrices(deal);
  deal.updated_at = store.nowIso();
}

export function findItem(store: AccountStore, deal: DealRecord, itemId: string): DealProductRecord {
  const item = store.dealProducts.get(itemId);
  if (!item || item.deal_id !== deal.id) throw notFound('Deal product', itemId);
  return item;
}
