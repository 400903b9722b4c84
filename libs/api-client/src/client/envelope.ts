import { type DataEnvelope, type Paged, type SortDirection } from '@crm-panel/crm-model';
import { CACHE_BYPASS_HEADER } from './apiClient';
import { UnexpectedResponseError } from './errors';
import { type ApiRequestConfig, type ApiResponse } from './http';

/** One page of a CRM list as the panel uses it: the items and the api's `links.next` (or null). */
export interface Page<T> {
  data: T[];
  next: string | null;
  /**
   * Deals of a contact only: the api's scan stopped at its bound, having looked at this many of
   * the most recently updated deals (null when it saw them all).
   */
  limitedTo: number | null;
}

export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one to every queryFn). */
  signal?: AbortSignal;
}

export interface ReferenceRequestOptions extends RequestOptions {
  /** Skip the api's short reference-data cache (the panel's 'Atualizar'): `x-cache-bypass: 1`. */
  refresh?: boolean;
}

/** Query of the panel's list calls (PRODUCT.md §7); undefined entries are not sent. */
export interface ListParams {
  limit?: number;
  page?: number;
  order?: string;
  direction?: SortDirection;
  filter?: string;
}

export function requestConfig(
  options: ReferenceRequestOptions = {},
  params?: ListParams | Record<string, string>,
): ApiRequestConfig {
  const config: ApiRequestConfig = {};
  if (options.signal) config.signal = options.signal;
  if (options.refresh) config.headers = { [CACHE_BYPASS_HEADER]: '1' };
  if (params) {
    config.params = Object.fromEntries(
      Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
    );
  }
  return config;
}

export { UnexpectedResponseError } from './errors';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Single CRM record: `{ data: { data: record } }` → record (PRODUCT.md §7: data.data.data). */
export function readRecord<T>(response: ApiResponse<DataEnvelope<DataEnvelope<T>>>): T {
  const outer: unknown = response.data;
  if (!isRecord(outer) || !isRecord(outer.data) || !('data' in outer.data)) {
    throw new UnexpectedResponseError('registro sem data.data');
  }
  return outer.data.data as T;
}

/** CRM list page: `{ data: { data: [...], links: { next? }, limitedTo? } }` → `{ data, next, limitedTo }`. */
export function readPage<T>(response: ApiResponse<DataEnvelope<Paged<T>>>): Page<T> {
  const outer: unknown = response.data;
  if (!isRecord(outer) || !isRecord(outer.data) || !Array.isArray(outer.data.data)) {
    throw new UnexpectedResponseError('lista sem data.data');
  }
  const links = isRecord(outer.data.links) ? outer.data.links : {};
  const next = typeof links.next === 'string' && links.next !== '' ? links.next : null;
  const limit = outer.data.limitedTo;
  const limitedTo =
    typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : null;
  return { data: outer.data.data as T[], next, limitedTo };
}

/** The items of one list page (lists the panel reads in one page of 200). */
export function readItems<T>(response: ApiResponse<DataEnvelope<Paged<T>>>): T[] {
  return readPage(response).data;
}

/**
 * A non-CRM answer (status, mapping, profile, chat): `{ data: payload }` → payload (data.data).
 * A bare payload is accepted too, because none of these payloads has a `data` key of its own.
 */
export function readPayload<T>(response: ApiResponse<DataEnvelope<T> | T>): T {
  const body: unknown = response.data;
  if (isRecord(body) && 'data' in body && (isRecord(body.data) || Array.isArray(body.data))) {
    return body.data as T;
  }
  if (isRecord(body) || Array.isArray(body)) return body as T;
  throw new UnexpectedResponseError('corpo vazio');
}

export const enc = encodeURIComponent;
