import { type DealProductPayload } from '@crm-panel/crm-model';
import { dealProductsFixture, setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { getDeal } from './deals';
import {
  createDealProduct,
  deleteDealProduct,
  listDealProducts,
  updateDealProduct,
} from './dealProducts';

const server = setupTestServer();

describe('deal products', () => {
  it('listDealProducts: GET /api/rdstation/deals/{id}/products?limit=200 (both discount types)', async () => {
    const items = await listDealProducts('deal-1');

    expect(items).toEqual(dealProductsFixture['deal-1']);
    expect(items.map((item) => item.discount_type)).toEqual(['percentage', 'amount', null]);
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/deals/deal-1/products',
      query: { limit: '200' },
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('createDealProduct: POST /api/rdstation/deals/{id}/products with the payload as given', async () => {
    const payload: DealProductPayload = {
      product_id: 'product-1',
      price: 90,
      quantity: 3,
      billing_frequency: 'monthly',
      discount_type: 'amount',
      discount: 20,
    };

    const created = await createDealProduct('deal-2', payload);

    expect(created).toMatchObject({ ...payload, total_price: 250 });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/deals/deal-2/products',
      query: {},
      body: payload,
      headers: IDENTITY_HEADERS,
    });
    expect(await listDealProducts('deal-2')).toEqual([created]);
    expect((await getDeal('deal-2')).total_price).toBe(250);
  });

  it('updateDealProduct: PUT /api/rdstation/deals/{id}/products/{productId}', async () => {
    const payload: DealProductPayload = { product_id: 'product-2', price: 299, quantity: 1 };

    await expect(updateDealProduct('deal-1', 'deal-product-1', payload)).resolves.toMatchObject({
      id: 'deal-product-1',
      price: 299,
      quantity: 1,
    });
    expect(server.lastRequest()).toEqual({
      method: 'PUT',
      path: '/api/rdstation/deals/deal-1/products/deal-product-1',
      query: {},
      body: payload,
      headers: IDENTITY_HEADERS,
    });
  });

  it('deleteDealProduct: DELETE /api/rdstation/deals/{id}/products/{productId}, then it is gone', async () => {
    await expect(deleteDealProduct('deal-1', 'deal-product-2')).resolves.toBeUndefined();
    expect(server.lastRequest()).toEqual({
      method: 'DELETE',
      path: '/api/rdstation/deals/deal-1/products/deal-product-2',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
    const left = await listDealProducts('deal-1');
    expect(left.map((item) => item.id)).toEqual(['deal-product-1', 'deal-product-3']);
    expect((await getDeal('deal-1')).total_price).toBe(1001.7);
  });
});
