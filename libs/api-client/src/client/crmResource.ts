import { type DataEnvelope, type Paged } from '@crm-panel/crm-model';
import { apiClient } from './apiClient';
import {
  enc,
  type ListParams,
  type Page,
  readItems,
  readPage,
  readRecord,
  requestConfig,
  type RequestOptions,
} from './envelope';

/**
 * The reads of one CRM collection behind the api's proxy, at `base`: a page, the items of the
 * first page, one record. Business records and reference data read alike; reference data also
 * takes `refresh` (ReferenceRequestOptions), so its options are a parameter.
 *
 * The api answers a record as `{ data: { data: record } }` and a list as
 * `{ data: { data: [...], links } }` (envelope.ts reads both and refuses anything else).
 */
export interface CrmReads<TRecord, TOptions extends RequestOptions = RequestOptions> {
  /** GET base?params → one page and the api's `links.next`. */
  page(params: ListParams, options?: TOptions): Promise<Page<TRecord>>;
  /** GET base?params → the items of the first page (lists the panel reads whole in one page). */
  items(params: ListParams, options?: TOptions): Promise<TRecord[]>;
  /** GET base/{id}. */
  get(id: string, options?: TOptions): Promise<TRecord>;
}

/**
 * One CRM resource behind the api's proxy, at `base` (`/api/rdstation/tasks`, or a deal's
 * `/api/rdstation/deals/{id}/products`): the five calls every entity makes the same way, typed by
 * its record and the bodies it takes. A resource file writes only what is its own: its list's
 * order and filter, and how it shapes a body.
 */
export interface CrmResource<
  TRecord,
  TCreate extends object,
  TUpdate extends object,
> extends CrmReads<TRecord> {
  /** POST base with the body; answers the record created. */
  create(body: TCreate): Promise<TRecord>;
  /** PUT base/{id} with the body; answers the record as stored. */
  update(id: string, body: TUpdate): Promise<TRecord>;
  /** DELETE base/{id}. */
  remove(id: string): Promise<void>;
}

const recordPath = (base: string, id: string): string => `${base}/${enc(id)}`;

export function crmReads<TRecord, TOptions extends RequestOptions = RequestOptions>(
  base: string,
): CrmReads<TRecord, TOptions> {
  const list = (params: ListParams, options?: TOptions) =>
    apiClient.get<DataEnvelope<Paged<TRecord>>>(base, requestConfig(options, params));
  return {
    page: async (params, options) => readPage(await list(params, options)),
    items: async (params, options) => readItems(await list(params, options)),
    get: async (id, options) =>
      readRecord(
        await apiClient.get<DataEnvelope<DataEnvelope<TRecord>>>(
          recordPath(base, id),
          requestConfig(options),
        ),
      ),
  };
}

export function crmResource<TRecord, TCreate extends object, TUpdate extends object = TCreate>(
  base: string,
): CrmResource<TRecord, TCreate, TUpdate> {
  return {
    ...crmReads<TRecord>(base),
    create: async (body) =>
      readRecord(await apiClient.post<DataEnvelope<DataEnvelope<TRecord>>>(base, body)),
    update: async (id, body) =>
      readRecord(
        await apiClient.put<DataEnvelope<DataEnvelope<TRecord>>>(recordPath(base, id), body),
      ),
    remove: async (id) => {
      await apiClient.delete(recordPath(base, id));
    },
  };
}
