import {
  type Campaign,
  type CustomFieldDefinition,
  type LostReason,
  type ORGANIZATION_SEARCH_PAGE_SIZE,
  type Organization,
  PAGE_SIZE,
  type Product,
  type Source,
  type User,
} from '@crm-panel/crm-model';
import { crmReads } from '@api-client/client/crmResource';
import { type Page, type ReferenceRequestOptions } from '@api-client/client/envelope';
import { nameContainsFilter, rdql } from '@api-client/client/rdql';

const organizations = crmReads<Organization, ReferenceRequestOptions>(
  '/api/rdstation/organizations',
);
const users = crmReads<User, ReferenceRequestOptions>('/api/rdstation/users');
const sources = crmReads<Source, ReferenceRequestOptions>('/api/rdstation/sources');
const campaigns = crmReads<Campaign, ReferenceRequestOptions>('/api/rdstation/campaigns');
const customFields = crmReads<CustomFieldDefinition, ReferenceRequestOptions>(
  '/api/rdstation/custom-fields',
);
const lostReasons = crmReads<LostReason, ReferenceRequestOptions>('/api/rdstation/lost-reasons');
const products = crmReads<Product, ReferenceRequestOptions>('/api/rdstation/products');

export type OrganizationPageSize = typeof PAGE_SIZE | typeof ORGANIZATION_SEARCH_PAGE_SIZE;

export interface OrganizationListParams {
  search?: string;
  page?: number;
  /** 200 (default) or 50 in the contact-edit and create-deal modals. */
  limit?: OrganizationPageSize;
}

const organizationSearch = organizations.search<OrganizationListParams>({
  order: 'name',
  filter: (params) => nameContainsFilter(params.search),
});

/** GET /api/rdstation/organizations?limit=200|50&page=N&order=name[&filter=name:~"…"]. */
export function listOrganizations(
  params: OrganizationListParams = {},
  options?: ReferenceRequestOptions,
): Promise<Page<Organization>> {
  return organizationSearch(params, options);
}

export function getOrganization(
  id: string,
  options?: ReferenceRequestOptions,
): Promise<Organization> {
  return organizations.get(id, options);
}

/** GET /api/rdstation/users?limit=200 (task owners, deal owner, note authors). */
export function listUsers(options?: ReferenceRequestOptions): Promise<User[]> {
  return users.items({ limit: PAGE_SIZE }, options);
}

export function getUser(id: string, options?: ReferenceRequestOptions): Promise<User> {
  return users.get(id, options);
}

/** GET /api/rdstation/sources?limit=200. */
export function listSources(options?: ReferenceRequestOptions): Promise<Source[]> {
  return sources.items({ limit: PAGE_SIZE }, options);
}

export function getSource(id: string, options?: ReferenceRequestOptions): Promise<Source> {
  return sources.get(id, options);
}

/** GET /api/rdstation/campaigns?limit=200. */
export function listCampaigns(options?: ReferenceRequestOptions): Promise<Campaign[]> {
  return campaigns.items({ limit: PAGE_SIZE }, options);
}

export function getCampaign(id: string, options?: ReferenceRequestOptions): Promise<Campaign> {
  return campaigns.get(id, options);
}

/** GET /api/rdstation/custom-fields?filter=entity:"deal"&limit=200 (the deal's custom fields). */
export function listCustomFields(
  options?: ReferenceRequestOptions,
): Promise<CustomFieldDefinition[]> {
  return customFields.items({ filter: rdql.eq('entity', 'deal'), limit: PAGE_SIZE }, options);
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
  return lostReasons.items(
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
  return products.page(
    {
      filter: search === '' ? undefined : rdql.eq('name', search),
      limit: PAGE_SIZE,
      page: params.page ?? 1,
    },
    options,
  );
}

export function getProduct(id: string, options?: ReferenceRequestOptions): Promise<Product> {
  return products.get(id, options);
}
