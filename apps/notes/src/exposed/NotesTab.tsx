import type { DealTabProps } from '@crm-panel/contracts';
import { NotesPanel } from '@notes/features/notes/components/NotesPanel';

/** 'notes/NotesTab': the deal's Notas tab. Rendered by the shell's main panel with the deal. */
export function NotesTab({ dealId, dealName }: DealTabProps) {
  return <NotesPanel dealId={dealId} dealName={dealName} />;
}

export { NotesTab as default };
