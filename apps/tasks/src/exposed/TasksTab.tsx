import type { DealTabProps } from '@crm-panel/contracts';
import { DealTasksPanel } from '@tasks/features/tasks/components/DealTasksPanel';

/** 'tasks/TasksTab': the deal's Tarefas tab, mounted by the shell's main panel with the deal. */
export function TasksTab({ dealId, dealName }: DealTabProps) {
  return <DealTasksPanel dealId={dealId} dealName={dealName} />;
}

export { TasksTab as default };
