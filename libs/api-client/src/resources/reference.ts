import {
  type Campaign,
  type CustomFieldDefinition,
  type DataEnvelope,
  type LostReason,
  type ORGANIZATION_SEARCH_PAGE_SIZE,
  type Organization,
  PAGE_SIZE,
  type Paged,
  type Product,
  type Source,
  type User,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import {
  enc,
  type ListParams,
  type Page,
  readItems,
  readPage,
  readRecord,
  requestConfig,
  type ReferenceRequestOptions,
} from '@api-client/client/envelope';
import { nameContainsFilter, rdql } from '@api-client/client/rdql';

async function getList<T>(
  path: string,
  params: ListParams,
  options?: ReferenceRequestOptions,
): Promise<Page<T>> {
  const response = await apiClient.get<DataEnvelope<Paged<T>>>(
    path,
    requestConfig(options, params),
  );
  return readPage(response);
}

async function getItems<T>(
  path: string,
  params: ListParams,
  options?: ReferenceRequestOptions,
): Promise<T[]> {
  const response = await apiClient.get<DataEnvelope<Paged<T>>>(
    path,
    requestConfig(options, params),
  );
  return readItems(response);
}

async function getOne<T>(path: string, options?: ReferenceRequestOptions): Promise<T> {
  const response = await apiClient.get<DataEnvelope<DataEnvelope<T>>>(path, requestConfig(options));
  return readRecord(response);
}

export type OrganizationPageSize = typeof PAGE_SIZE | typeof ORGANIZATION_SEARCH_PAGE_SIZE;

export interface OrganizationListParams {
  search?: string;
  page?: number;
  /** 200 (default) or 50 in the contact-edit and create-deal modals. */
  limit?: OrganizationPageSize;
}

/** GET /api/rdstation/organizations?limit=200|50&page=N&order=name[&filter=name:~"…"]. */
export function listOrganizations(
  params: OrganizationListParams = {},
  options?: ReferenceRequestOptions,
): Promise<Page<Organization>> {
  return getList(
    '/api/rdstation/organizations',
    {
      limit: params.limit ?? PAGE_SIZE,
      page: params.page ?? 1,
      order: 'name',
      filter: nameContainsFilter(params.search),
    },
    options,
  );
}

export function getOrganization(
  id: string,
  options?: ReferenceRequestOptions,
): Promise<Organization> {
  return getOne(`/api/rdstation/organizations/${enc(id)}`, options);
}

/** GET /api/rdstation/users?limit=200 (task owners, deal owner, note authors). */
export function listUsers(options?: ReferenceRequestOptions): Promise<User[]> {
  return getItems('/api/rdstation/users', { limit: PAGE_SIZE }, options);
}

export function getUser(id: string, options?: ReferenceRequestOptions): Promise<User> {
  return getOne(`/api/rdstation/users/${enc(id)}`, options);
}

/** GET /api/rdstation/sources?limit=200. */
export function listSources(options?: ReferenceRequestOptions): Promise<Source[]> {
  return getItems('/api/rdstation/sources', { limit: PAGE_SIZE }, options);
}

export function getSource(id: string, options?: ReferenceRequestOptions): Promise<Source> {
  return getOne(`/api/rdstation/sources/${enc(id)}`, options);
}

/** GET /api/rdstation/campaigns?limit=200. */
export function listCampaigns(options?: ReferenceRequestOptions): Promise<Campaign[]> {
  return getItems('/api/rdstation/campaigns', { limit: PAGE_SIZE }, options);
}

export function getCampaign(id: string, options?: ReferenceRequestOptions): Promise<Campaign> {
  return getOne(`/api/rdstation/campaigns/${enc(id)}`, options);
}

/** GET /api/rdstation/custom-fields?filter=entity:"deal"&limit=200 (the deal's custom fields). */
export function listCustomFields(
  options?: ReferenceRequestOptions,
): Promise<CustomFieldDefinition[]> {
  return getItems(
    '/api/rdstation/custom-fields',
    { filter: rdql.eq('entity', 'deal'), limit: PAGE_SIZE },
    options,
  );
}

export interface LostReasonListParams {
  search?: string;
  page?: number;
}

/** GET /api/rdstation/lost-reasons?limit=200&page=N&order=name&direction=asc[&filter=name:~"…"]. */
export function listLostReasons(
  params: LostReasonListParams = {},
  options?: ReferenceRequestOptions,
): Promise<LostReason[]> {
  return getItems(
    '/api/rdstation/lost-reasons',
    {
      filter: nameContainsFilter(params.search),
      limit: PAGE_SIZE,
      page: params.page ?? 1,
      order: 'name',
      direction: 'asc',
    },
    options,
  );
}

export interface ProductListParams {
  /** RD Station CRM matches product names exactly (`name:"…"`), it has no "contains" for products. */
  search?: string;
  page?: number;
}

/** GET /api/rdstation/products?limit=200&page=N[&filter=name:"…"] (the catalogue). */
export function listProducts(
  params: ProductListParams = {},
  options?: ReferenceRequestOptions,
): Promise<Page<Product>> {
  const search = (params.search ?? '').trim();
  return getList(
    '/api/rdstation/products',
    {
      filter: search === '' ? undefined : rdql.eq('name', search),
      limit: PAGE_SIZE,
      page: params.page ?? 1,
    },
    options,
  );
}

export function getProduct(id: string, options?: ReferenceRequestOptions): Promise<Product> {
  return getOne(`/api/rdstation/products/${enc(id)}`, options);
}
