import { infiniteQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '@crm-panel/crm-model';
import { type AuditQuery } from '@crm-panel/crm-model';
import { type AuditAccess, listAudit } from '@api-client/resources/audit';
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

/**
 * The credentials manager's history (admins): newest first, each page after the cursor the
 * previous one ended on. The security password (hosts that sign nothing) is never in the key:
 * `unlockAttempt` counts the passwords tried, so each one is a new read.
 */
export const auditInfiniteQueryOptions = (
  query: AuditQuery,
  access: AuditAccess = {},
  unlockAttempt = 0,
) =>
  infiniteQueryOptions({
    queryKey: queryKeys.audit(query, unlockAttempt),
    queryFn: ({ pageParam, signal }) => listAudit(query, pageParam, access, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    // Who may read it is the api's to say: a refusal (403) is shown, never retried.
    retry: false,
    // The trail grows with every change: each time a list is shown (a filter applied, or
    // cleared back to one seen seconds ago) it is read anew, never taken from the cache.
    staleTime: 0,
  });
