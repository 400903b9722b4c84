import { useCreateLinkedContact as useCreateContactWithLink } from '@crm-panel/api-client';
import { type LinkedHandler } from '../linking';
import { newContactPayload, type NewContactValues } from '../newContact';

/**
 * POST /api/rdstation/contacts/with-mapping { contact, contactId }: the CRM contact and its link
 * in one call. An answer without the new contact's id rejects ('Contato criado sem ID').
 */
export function useCreateLinkedContact(hostContactId: string, onLinked: LinkedHandler) {
  const create = useCreateContactWithLink();
  return {
    mutateAsync: async (values: NewContactValues) => {
      const created = await create.mutateAsync({
        contact: newContactPayload(values),
        hostContactId,
      });
      await onLinked(hostContactId, created.rdstationContactId);
    },
    isPending: create.isPending,
  };
}
