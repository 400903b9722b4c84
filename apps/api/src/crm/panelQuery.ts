import { ApiError } from '../errors';
import { isRecord } from '../http';
import { API_MESSAGES } from '../messages';

/** Query of the panel's list calls (spec §7). */
export interface PanelListQuery {
  limit?: number;
  page?: number;
  order?: string;
  direction?: 'asc' | 'desc';
  filter?: string;
  refresh?: boolean;
}

/** limit → page[size], page → page[number], order+direction → sort[order]=direction, filter as is. */
export function toCrmQuery(query: PanelListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.filter !== undefined && query.filter.trim() !== '') params.set('filter', query.filter);
  if (query.order !== undefined) params.set(`sort[${query.order}]`, query.direction ?? 'asc');
  if (query.page !== undefined) params.set('page[number]', String(query.page));
  if (query.limit !== undefined) params.set('page[size]', String(query.limit));
  return params;
}

function panelQueryString(query: PanelListQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  params.set('page', String(page));
  if (query.order !== undefined) params.set('order', query.order);
  if (query.direction !== undefined) params.set('direction', query.direction);
  if (query.filter !== undefined) params.set('filter', query.filter);
  return params.toString();
}

function nextPageNumber(next: string, current: number): number {
  try {
    const value = new URL(next, 'http://crm.invalid').searchParams.get('page[number]');
    const parsed = value === null ? NaN : Number(value);
    return Number.isInteger(parsed) && parsed > 0 ? parsed : current + 1;
  } catch {
    return current + 1;
  }
}

export interface PanelList {
  data: unknown[];
  links: { next?: string };
}

/**
 * A v2 list page for the panel. `links.next` is kept exactly when the CRM sent one, rewritten
 * to this api's own path (the CRM's URL would leak its host and need a CRM token).
 */
export function toPanelList(body: unknown, panelPath: string, query: PanelListQuery): PanelList {
  if (!isRecord(body) || !Array.isArray(body.data))
    throw new ApiError(502, API_MESSAGES.crmUnexpected);
  const next = isRecord(body.links) ? body.links.next : undefined;
  const links: PanelList['links'] = {};
  if (typeof next === 'string' && next !== '') {
    links.next = `${panelPath}?${panelQueryString(query, nextPageNumber(next, query.page ?? 1))}`;
  }
  return { data: body.data, links };
}

/** A v2 single-record envelope `{ data, links? }`, checked before it goes to the panel. */
export function toPanelRecord(body: unknown): Record<string, unknown> {
  if (!isRecord(body) || !('data' in body)) throw new ApiError(502, API_MESSAGES.crmUnexpected);
  return body;
}
