import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContactWithMapping, queryKeys } from '@crm-panel/api-client';
import { type LinkedHandler } from '../linking';
import { newContactPayload, type NewContactValues } from '../newContact';

/**
 * POST /api/rdstation/contacts/with-mapping { contact, contactId }: the CRM contact and its link
 * in one call. An answer without the new contact's id rejects ('Contato criado sem ID').
 */
export function useCreateLinkedContact(hostContactId: string, onLinked: LinkedHandler) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewContactValues) =>
      createContactWithMapping(newContactPayload(values), hostContactId),
    onSuccess: async (created) => {
      await onLinked(hostContactId, created.rdstationContactId);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.all, 'contacts'] });
    },
  });
}
