import {
  type DataEnvelope,
  type Note,
  type NotePayload,
  PAGE_SIZE,
  type Paged,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import {
  enc,
  readItems,
  readRecord,
  requestConfig,
  type RequestOptions,
} from '@api-client/client/envelope';

/** GET /api/rdstation/deals/{dealId}/notes?limit=200&page=1&order=registered_at&direction=desc. */
export async function listDealNotes(dealId: string, options?: RequestOptions): Promise<Note[]> {
  const response = await apiClient.get<DataEnvelope<Paged<Note>>>(
    `/api/rdstation/deals/${enc(dealId)}/notes`,
    requestConfig(options, {
      limit: PAGE_SIZE,
      page: 1,
      order: 'registered_at',
      direction: 'desc',
    }),
  );
  return readItems(response);
}

/** POST /api/rdstation/deals/{dealId}/notes, body { description, user_id }. */
export async function createDealNote(dealId: string, payload: NotePayload): Promise<Note> {
  const body: NotePayload = { description: payload.description, user_id: payload.user_id };
  const response = await apiClient.post<DataEnvelope<DataEnvelope<Note>>>(
    `/api/rdstation/deals/${enc(dealId)}/notes`,
    body,
  );
  return readRecord(response);
}
