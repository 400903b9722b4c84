import { type DataEnvelope, PAGE_SIZE, type Paged, type SortDirection } from '@crm-panel/crm-model';
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

/** The paging of a list a person searches: page 1 unless told, PAGE_SIZE records unless told. */
export interface SearchPaging {
  page?: number;
  limit?: number;
}

/**
 * What a searchable list writes for itself: its sort, and the RDQL filter its params (the text a
 * person typed, an entity's own switches) read as. The paging is every list's (SearchPaging).
 */
export interface SearchList<TParams extends SearchPaging> {
  order: string;
  direction?: SortDirection;
  filter(params: TParams): string | undefined;
}

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
  /**
   * The list a person pages through and searches: GET
   * base?limit=N&page=N&order=…[&direction=…][&filter=…], in that order.
   */
  search<TParams extends SearchPaging>(
    list: SearchList<TParams>,
  ): (params: TParams, options?: TOptions) => Promise<Page<TRecord>>;
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
  const page = async (params: ListParams, options?: TOptions) =>
    readPage<TRecord>(await list(params, options));
  return {
    page,
    search:
      ({ order, direction, filter }) =>
      (params, options) =>
        page(
          {
            limit: params.limit ?? PAGE_SIZE,
            page: params.page ?? 1,
            order,
            direction,
            filter: filter(params),
          },
          options,
        ),
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
