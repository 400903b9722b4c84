import {
  type DataEnvelope,
  type Deal,
  type DealCreatePayload,
  type DealUpdatePayload,
  PAGE_SIZE,
  type Paged,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import {
  enc,
  type Page,
  readPage,
  readRecord,
  requestConfig,
  type RequestOptions,
} from '@api-client/client/envelope';
import { nameContainsFilter, rdql } from '@api-client/client/rdql';

export interface DealListParams {
  search?: string;
  page?: number;
  /** Set when the 'Negociações com esse contato' filter is on: adds `contact_ids:"id"`. */
  contactId?: string | null;
}

/** The deal picker's filter: name contains the text, and (optionally) the deal has the contact. */
export function dealsFilter(params: DealListParams): string | undefined {
  const filter = rdql.and(
    nameContainsFilter(params.search),
    params.contactId ? rdql.eq('contact_ids', params.contactId) : null,
  );
  return filter === '' ? undefined : filter;
}

/** GET /api/rdstation/deals?limit=200&page=N&order=name&direction=desc[&filter=…] → page + links.next. */
export async function listDeals(
  params: DealListParams = {},
  options?: RequestOptions,
): Promise<Page<Deal>> {
  const response = await apiClient.get<DataEnvelope<Paged<Deal>>>(
    '/api/rdstation/deals',
    requestConfig(options, {
      limit: PAGE_SIZE,
      page: params.page ?? 1,
      order: 'name',
      direction: 'desc',
      filter: dealsFilter(params),
    }),
  );
  return readPage(response);
}

/** GET /api/rdstation/deals/{id} (data.data.data). */
export async function getDeal(id: string, options?: RequestOptions): Promise<Deal> {
  const response = await apiClient.get<DataEnvelope<DataEnvelope<Deal>>>(
    `/api/rdstation/deals/${enc(id)}`,
    requestConfig(options),
  );
  return readRecord(response);
}

/** POST /api/rdstation/deals. */
export async function createDeal(payload: DealCreatePayload): Promise<Deal> {
  const response = await apiClient.post<DataEnvelope<DataEnvelope<Deal>>>(
    '/api/rdstation/deals',
    payload,
  );
  return readRecord(response);
}

/** PUT /api/rdstation/deals/{id} with one partial body (a pipeline change carries stage_id null). */
export async function updateDeal(id: string, partial: DealUpdatePayload): Promise<Deal> {
  const response = await apiClient.put<DataEnvelope<DataEnvelope<Deal>>>(
    `/api/rdstation/deals/${enc(id)}`,
    partial,
  );
  return readRecord(response);
}
