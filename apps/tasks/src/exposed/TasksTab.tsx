import type { DealTabProps } from '@crm-panel/contracts';
import { DealTasksPanel } from '@tasks/features/tasks/components/DealTasksPanel';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** 'tasks/TasksTab': the deal's Tarefas tab, mounted by the shell's main panel with the deal. */
export function TasksTab({ dealId, dealName }: DealTabProps) {
  return <DealTasksPanel dealId={dealId} dealName={dealName} />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(TasksTab) satisfies RemoteModules['tasks/TasksTab'];
