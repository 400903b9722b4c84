import { PAGE_SIZE, type DealProduct, type DealProductPayload } from '@crm-panel/crm-model';
import { crmResource } from '@api-client/client/crmResource';
import { enc, type RequestOptions } from '@api-client/client/envelope';

/** A deal's products: `/api/rdstation/deals/{dealId}/products`. */
const productsOf = (dealId: string) =>
  crmResource<DealProduct, DealProductPayload>(`/api/rdstation/deals/${enc(dealId)}/products`);

/** GET /api/rdstation/deals/{dealId}/products → the deal's products. */
export function listDealProducts(dealId: string, options?: RequestOptions): Promise<DealProduct[]> {
  return productsOf(dealId).items({ limit: PAGE_SIZE }, options);
}

/** POST /api/rdstation/deals/{dealId}/products. The payload is sent as given (discount only when > 0). */
export function createDealProduct(
  dealId: string,
  payload: DealProductPayload,
): Promise<DealProduct> {
  return productsOf(dealId).create(payload);
}

/** PUT /api/rdstation/deals/{dealId}/products/{dealProductId}. */
export function updateDealProduct(
  dealId: string,
  dealProductId: string,
  payload: DealProductPayload,
): Promise<DealProduct> {
  return productsOf(dealId).update(dealProductId, payload);
}

/** DELETE /api/rdstation/deals/{dealId}/products/{dealProductId}. */
export function deleteDealProduct(dealId: string, dealProductId: string): Promise<void> {
  return productsOf(dealId).remove(dealProductId);
}
