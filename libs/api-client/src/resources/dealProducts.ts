import {
  PAGE_SIZE,
  type DataEnvelope,
  type DealProduct,
  type DealProductPayload,
  type Paged,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import {
  enc,
  readItems,
  readRecord,
  requestConfig,
  type RequestOptions,
} from '@api-client/client/envelope';

const base = (dealId: string): string => `/api/rdstation/deals/${enc(dealId)}/products`;

/** GET /api/rdstation/deals/{dealId}/products → the deal's products. */
export async function listDealProducts(
  dealId: string,
  options?: RequestOptions,
): Promise<DealProduct[]> {
  const response = await apiClient.get<DataEnvelope<Paged<DealProduct>>>(base(dealId), {
    ...requestConfig(options),
    params: { limit: PAGE_SIZE },
  });
  return readItems(response);
}

/** POST /api/rdstation/deals/{dealId}/products. The payload is sent as given (discount only when > 0). */
export async function createDealProduct(
  dealId: string,
  payload: DealProductPayload,
): Promise<DealProduct> {
  const response = await apiClient.post<DataEnvelope<DataEnvelope<DealProduct>>>(
    base(dealId),
    payload,
  );
  return readRecord(response);
}

/** PUT /api/rdstation/deals/{dealId}/products/{dealProductId}. */
export async function updateDealProduct(
  dealId: string,
  dealProductId: string,
  payload: DealProductPayload,
): Promise<DealProduct> {
  const response = await apiClient.put<DataEnvelope<DataEnvelope<DealProduct>>>(
    `${base(dealId)}/${enc(dealProductId)}`,
    payload,
  );
  return readRecord(response);
}

/** DELETE /api/rdstation/deals/{dealId}/products/{dealProductId}. */
export async function deleteDealProduct(dealId: string, dealProductId: string): Promise<void> {
  await apiClient.delete(`${base(dealId)}/${enc(dealProductId)}`);
}
