export interface Note {
  id: string;
  /** May be HTML: sanitise before display. */
  description: string;
  /** ISO date-time. */
  registered_at: string;
  user_id: string;
}

/** POST /api/rdstation/deals/{id}/notes. */
export interface NotePayload {
  description: string;
  user_id: string;
}
