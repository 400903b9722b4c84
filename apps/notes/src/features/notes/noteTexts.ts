// Texts of the notes timeline that the spec does not give (listed in apps/notes README).

/** Shown for a note whose HTML held only what is not allowed, so nothing was left to show. */
export const NOTE_CONTENT_REMOVED =
  'O conteúdo desta nota foi removido por segurança: ela continha apenas elementos não permitidos.';
