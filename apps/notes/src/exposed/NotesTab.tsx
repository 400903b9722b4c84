import type { DealTabProps } from '@crm-panel/contracts';
import { NotesPanel } from '@notes/features/notes/components/NotesPanel';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** 'notes/NotesTab': the deal's Notas tab. Rendered by the shell's main panel with the deal. */
export function NotesTab({ dealId, dealName }: DealTabProps) {
  return <NotesPanel dealId={dealId} dealName={dealName} />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(NotesTab) satisfies RemoteModules['notes/NotesTab'];
