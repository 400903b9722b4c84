import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDealNote, queryKeys } from '@crm-panel/api-client';
import { type NotePayload } from '@crm-panel/crm-model';

export interface CreateNoteVariables {
  dealId: string;
  payload: NotePayload;
}

/** POST /api/rdstation/deals/{id}/notes; the deal's timeline is refreshed afterwards. */
export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, payload }: CreateNoteVariables) => createDealNote(dealId, payload),
    onSuccess: (_note, { dealId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.dealNotes(dealId) }),
  });
}
