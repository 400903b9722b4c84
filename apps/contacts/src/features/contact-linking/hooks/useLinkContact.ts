import { useMutation } from '@tanstack/react-query';
import { saveContactMapping } from '@crm-panel/api-client';
import { type LinkedHandler } from '../linking';

/** POST /api/rdstation/contact-mapping { contactId: host contact, rdstationContactId }. */
export function useLinkContact(hostContactId: string, onLinked: LinkedHandler) {
  return useMutation({
    mutationFn: (rdstationContactId: string) =>
      saveContactMapping({ contactId: hostContactId, rdstationContactId }),
    onSuccess: (_status, rdstationContactId) => onLinked(hostContactId, rdstationContactId),
  });
}
