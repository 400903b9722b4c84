import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  contactQueryOptions,
  organizationQueryOptions,
  usePanelCache,
} from '@crm-panel/api-client';

/**
 * The header's contact and its organization. Both are keyed by id, so an answer for the chat the
 * attendant just left can never show on the one now open.
 */
export function useContactHeaderData(contactId: string | null) {
  const cache = usePanelCache();
  const contactQuery = useQuery({
    ...contactQueryOptions(contactId ?? ''),
    enabled: contactId !== null,
  });
  const organizationId = contactQuery.data?.organization_id ?? null;
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

  return { contactQuery, organizationId, organizationQuery, refresh, reloadAfterEdit };
}
