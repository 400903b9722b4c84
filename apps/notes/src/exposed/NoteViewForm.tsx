import { NoteViewPage } from '@notes/features/note-view/components/NoteViewPage';

/** 'notes/NoteViewForm': the /note-view-modal page. */
export function NoteViewForm() {
  return <NoteViewPage />;
}

export { NoteViewForm as default };
