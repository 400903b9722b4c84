import type { ApiErrorAnswer, ListQueryParams } from './schemas';

/**
 * A CRM v2 list page. `links.next` is present while more pages exist (absent on the last page).
 */
export interface PageLinks {
  first?: string;
  prev?: string;
  self?: string;
  next?: string;
  last?: string;
}

export interface Paged<T> {
  data: T[];
  links: PageLinks;
}

/** The `{ data }` wrapper the BFF puts around every success (PRODUCT.md §7 reads data.data[.data]). */
export interface DataEnvelope<T> {
  data: T;
}

/** Every BFF error body (pt-BR where a person reads it). */
export interface ApiErrorBody extends ApiErrorAnswer {}

export type SortDirection = NonNullable<ListQueryParams['direction']>;

/** Paging and ordering query of PRODUCT.md §7 list calls; each resource adds its own filter. */
export type ListQuery = Pick<ListQueryParams, 'page' | 'limit' | 'order' | 'direction'>;
