import { NoteViewPage } from '@notes/features/note-view/components/NoteViewPage';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** 'notes/NoteViewForm': the /note-view-modal page. */
export function NoteViewForm() {
  return <NoteViewPage />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(NoteViewForm) satisfies RemoteModules['notes/NoteViewForm'];
