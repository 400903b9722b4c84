import { type Deal, type DealCreatePayload, type DealUpdatePayload } from '@crm-panel/crm-model';
import { crmResource } from '@api-client/client/crmResource';
import { type Page, type RequestOptions } from '@api-client/client/envelope';
import { nameContainsFilter, rdql } from '@api-client/client/rdql';

const deals = crmResource<Deal, DealCreatePayload, DealUpdatePayload>('/api/rdstation/deals');

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

const dealSearch = deals.search<DealListParams>({
  order: 'name',
  direction: 'desc',
  filter: dealsFilter,
});

/** GET /api/rdstation/deals?limit=200&page=N&order=name&direction=desc[&filter=…] → page + links.next. */
export function listDeals(
  params: DealListParams = {},
  options?: RequestOptions,
): Promise<Page<Deal>> {
  return dealSearch(params, options);
}

/** GET /api/rdstation/deals/{id} (data.data.data). */
export function getDeal(id: string, options?: RequestOptions): Promise<Deal> {
  return deals.get(id, options);
}

/** POST /api/rdstation/deals. */
export function createDeal(payload: DealCreatePayload): Promise<Deal> {
  return deals.create(payload);
}

/** PUT /api/rdstation/deals/{id} with one partial body (a pipeline change carries stage_id null). */
export function updateDeal(id: string, partial: DealUpdatePayload): Promise<Deal> {
  return deals.update(id, partial);
}
