import { type Note, type NotePayload, PAGE_SIZE } from '@crm-panel/crm-model';
import { crmResource } from '@api-client/client/crmResource';
import { enc, type RequestOptions } from '@api-client/client/envelope';

/** A deal's notes: `/api/rdstation/deals/{dealId}/notes`. */
const notesOf = (dealId: string) =>
  crmResource<Note, NotePayload>(`/api/rdstation/deals/${enc(dealId)}/notes`);

/** GET /api/rdstation/deals/{dealId}/notes?limit=200&page=1&order=registered_at&direction=desc. */
export function listDealNotes(dealId: string, options?: RequestOptions): Promise<Note[]> {
  return notesOf(dealId).items(
    { limit: PAGE_SIZE, page: 1, order: 'registered_at', direction: 'desc' },
    options,
  );
}

/** POST /api/rdstation/deals/{dealId}/notes, body { description, user_id }. */
export function createDealNote(dealId: string, payload: NotePayload): Promise<Note> {
  const body: NotePayload = { description: payload.description, user_id: payload.user_id };
  return notesOf(dealId).create(body);
}
