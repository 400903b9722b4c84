import { NoteCreatePage } from '@notes/features/note-create/components/NoteCreatePage';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** 'notes/NoteCreateForm': the /note-create-modal page. */
export function NoteCreateForm() {
  return <NoteCreatePage />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(NoteCreateForm) satisfies RemoteModules['notes/NoteCreateForm'];
