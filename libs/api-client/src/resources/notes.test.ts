import { notesFixture, setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { createDealNote, listDealNotes } from './notes';

const server = setupTestServer();

describe('notes', () => {
  it('listDealNotes: GET /api/rdstation/deals/{id}/notes?limit=200&page=1&order=registered_at&direction=desc', async () => {
    const notes = await listDealNotes('deal-1');

    expect(notes.map((note) => note.id)).toEqual(['note-1', 'note-2', 'note-3']);
    expect(notes[1]?.description).toBe(notesFixture['deal-1']?.[1]?.description);
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/deals/deal-1/notes',
      query: { limit: '200', page: '1', order: 'registered_at', direction: 'desc' },
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('createDealNote: POST /api/rdstation/deals/{id}/notes with { description, user_id }, then it is listed first', async () => {
    const created = await createDealNote('deal-1', {
      description: 'Proposta enviada.',
      user_id: 'user-1',
    });

    expect(created).toMatchObject({ description: 'Proposta enviada.', user_id: 'user-1' });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/deals/deal-1/notes',
      query: {},
      body: { description: 'Proposta enviada.', user_id: 'user-1' },
      headers: IDENTITY_HEADERS,
    });
    const notes = await listDealNotes('deal-1');
    expect(notes[0]).toEqual(created);
  });
});
