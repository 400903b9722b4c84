import { NoteCreatePage } from '@notes/features/note-create/components/NoteCreatePage';

/** 'notes/NoteCreateForm': the /note-create-modal page. */
export function NoteCreateForm() {
  return <NoteCreatePage />;
}

export { NoteCreateForm as default };
