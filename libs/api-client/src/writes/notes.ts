import { useMutation } from '@tanstack/react-query';
import { type NotePayload } from '@crm-panel/crm-model';
import { createDealNote } from '@api-client/resources/notes';
import { usePanelCache } from './usePanelCache';

export interface NoteCreation {
  dealId: string;
  payload: NotePayload;
}

/** POST /api/rdstation/deals/{id}/notes; the answer goes on top of the deal's timeline. */
export function useCreateNote() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ dealId, payload }: NoteCreation) => createDealNote(dealId, payload),
    onSuccess: (note, { dealId }) => rules.noteWritten(dealId, note),
  });
}
