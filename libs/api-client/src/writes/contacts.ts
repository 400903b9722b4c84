import { useMutation } from '@tanstack/react-query';
import { type ContactPayload, type ContactUpdatePayload } from '@crm-panel/crm-model';
import {
  createContactWithMapping,
  saveContactMapping,
  saveLastDeal,
  updateContact,
} from '@api-client/resources/contacts';
import { usePanelCache } from './usePanelCache';

export interface ContactUpdate {
  contactId: string;
  payload: ContactUpdatePayload;
}

/** PUT /api/rdstation/contacts/{id}; the answer is the contact, lists and searches re-read. */
export function useUpdateContact() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ contactId, payload }: ContactUpdate) => updateContact(contactId, payload),
    onSuccess: (contact) => rules.contactWritten(contact),
  });
}

export interface LinkedContactCreation {
  contact: ContactPayload;
  /** The chat's (host) contact the new CRM contact is linked to. */
  hostContactId: string;
}

/** POST /api/rdstation/contacts/with-mapping: the CRM contact and its link in one call. */
export function useCreateLinkedContact() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ contact, hostContactId }: LinkedContactCreation) =>
      createContactWithMapping(contact, hostContactId),
    onSuccess: (created, { hostContactId }) => {
      rules.contactMapped(hostContactId, created.rdstationContactId);
      return rules.contactWritten({ ...created.contact, id: created.rdstationContactId });
    },
  });
}

export interface ContactLink {
  hostContactId: string;
  crmContactId: string;
}

/** POST /api/rdstation/contact-mapping: the chat's contact is this CRM contact. */
export function useLinkContact() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ hostContactId, crmContactId }: ContactLink) =>
      saveContactMapping({ contactId: hostContactId, rdstationContactId: crmContactId }),
    onSuccess: (_status, { hostContactId, crmContactId }) =>
      rules.contactMapped(hostContactId, crmContactId),
  });
}

export interface LastDealChoice {
  crmContactId: string;
  dealId: string | null;
}

/**
 * PUT the deal last chosen for a CRM contact. Known at once (the next chat of this contact opens on
 * it); a failed save is not the person's concern, the choice stays in this panel.
 */
export function useSaveLastDeal() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ crmContactId, dealId }: LastDealChoice) => saveLastDeal(crmContactId, dealId),
    onMutate: ({ crmContactId, dealId }) => rules.lastDealChosen(crmContactId, dealId),
  });
}
