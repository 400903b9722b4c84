import type { NoteCreateBody, NoteRecord } from './schemas';

// Types derived from the wire schemas (`./schemas`); change a field there.

/** A deal's note; `description` may be HTML: sanitise before display. */
export type Note = NoteRecord;

/** POST /api/rdstation/deals/{id}/notes. */
export type NotePayload = Required<NoteCreateBody>;
