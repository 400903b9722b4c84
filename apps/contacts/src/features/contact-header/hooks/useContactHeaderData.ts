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
 *
 * The contact renders as soon as it answers, in a render of its own: it is not deferred
 * (useDeferredValue) behind the deal's card. Deferred, it waited for the 'Geral' tab's deferred
 * status and custom fields (React renders every deferred value in one lane), a render of ~144
 * components sliced between frames: the header showed its contact 80–200 ms after the card
 * (bench/panel-speed.js). Its organization's read starts from that render.
 */
export function useContactHeaderData(contactId: string | null) {
  const cache = usePanelCache();
  const contactQuery = useQuery({
    ...contactQueryOptions(contactId ?? ''),
    enabled: contactId !== null,
  });
  const contact = contactQuery.data;
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
