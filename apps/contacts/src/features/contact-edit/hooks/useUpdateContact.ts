import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactQueryOptions, updateContact } from '@crm-panel/api-client';
import { type ContactUpdatePayload } from '@crm-panel/crm-model';

/** PUT /api/rdstation/contacts/{id}; the header showing this contact reloads it. */
export function useUpdateContact(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ContactUpdatePayload) => updateContact(contactId, payload),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contactQueryOptions(contactId).queryKey });
    },
  });
}
