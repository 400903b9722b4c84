import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue } from 'react';
import {
  contactQueryOptions,
  organizationQueryOptions,
  usePanelCache,
} from '@crm-panel/api-client';

/**
 * The header's contact and its organization. Both are keyed by id, so an answer for the chat the
 * attendant just left can never show on the one now open.
 *
 * `contact` is the contact's answer deferred (React's useDeferredValue): a chat's contact and deal
 * are read together and usually answer within a millisecond of each other, and the deal's card is
 * what the attendant works in. The header then shows the contact in a render of its own right
 * after the deal's, its organization read starting there too, rather than adding both to the
 * render that shows the deal (issue 16, point 4).
 */
export function useContactHeaderData(contactId: string | null) {
  const cache = usePanelCache();
  const contactQuery = useQuery({
    ...contactQueryOptions(contactId ?? ''),
    enabled: contactId !== null,
  });
  const contact = useDeferredValue(contactQuery.data);
  const organizationId = contact?.organization_id ?? null;
  const organizationQuery = useQuery({
    ...organizationQueryOptions(organizationId ?? ''),
    enabled: organizationId !== null,
  });

  const refetchContact = contactQuery.refetch;
  const refetchOrganization = organizationQuery.refetch;
  const refresh = useCallback(async () => {
    await Promise.all([refetchContact(), organizationId ? refetchOrganization() : null]);
  }, [refetchContact, refetchOrganization, organizationId]);

  /** After an edit elsewhere: the contact (and so maybe its organization) changed. */
  const reloadAfterEdit = useCallback(async () => {
    if (!contactId) return;
    await cache.contactChanged(contactId, organizationId);
  }, [cache, contactId, organizationId]);

  return { contactQuery, contact, organizationId, organizationQuery, refresh, reloadAfterEdit };
}
