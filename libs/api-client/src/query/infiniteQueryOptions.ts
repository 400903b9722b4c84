import { infiniteQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '@crm-panel/crm-model';
import { listContacts } from '@api-client/resources/contacts';
import { type DealListParams, listDeals } from '@api-client/resources/deals';
import {
  listOrganizations,
  listProducts,
  type OrganizationPageSize,
} from '@api-client/resources/reference';
import { nextPageParam } from './nextPageParam';
import { queryKeys } from './queryKeys';

// The dropdowns' infinite scroll: page 1 first, then the page named by each answer's links.next;
// an empty page ends it.

const FIRST_PAGE = 1;

/** The deal picker: name contains `search`, optionally only deals with `contactId`. */
export const dealsInfiniteQueryOptions = ({
  search,
  contactId,
}: Pick<DealListParams, 'search' | 'contactId'> = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.dealsInfinite(search, contactId),
    queryFn: ({ pageParam, signal }) =>
      listDeals({ search, contactId, page: pageParam }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextPageParam(lastPage, lastPageParam),
  });

/** Contact search of /contact-linking (name, e-mail or phone). */
export const contactsInfiniteQueryOptions = ({ search }: { search?: string } = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.contactsInfinite(search),
    queryFn: ({ pageParam, signal }) => listContacts({ search, page: pageParam }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextPageParam(lastPage, lastPageParam),
  });

/** Organization select; `limit` 50 in the contact-edit and create-deal modals. */
export const organizationsInfiniteQueryOptions = ({
  search,
  limit = PAGE_SIZE,
}: { search?: string; limit?: OrganizationPageSize } = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.organizationsInfinite(search, limit),
    queryFn: ({ pageParam, signal }) =>
      listOrganizations({ search, limit, page: pageParam }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextPageParam(lastPage, lastPageParam),
  });

/** Product select (exact-name search, as RD Station CRM filters products). */
export const productsInfiniteQueryOptions = ({ search }: { search?: string } = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.productsInfinite(search),
    queryFn: ({ pageParam, signal }) => listProducts({ search, page: pageParam }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextPageParam(lastPage, lastPageParam),
  });
