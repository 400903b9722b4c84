import { useMutation } from '@tanstack/react-query';
import { type NotePayload } from '@crm-panel/crm-model';
import { createDealNote } from '@api-client/resources/notes';
import { usePanelCache } from './usePanelCache';

export interface NoteCreation {
  dealId: string;
  payload: NotePayload;
}

/** POST /api/rdstation/deals/{id}/notes; the deal's timeline re-reads. */
export function useCreateNote() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ dealId, payload }: NoteCreation) => createDealNote(dealId, payload),
    onSuccess: (_note, { dealId }) => rules.dealNotesChanged(dealId),
  });
}
