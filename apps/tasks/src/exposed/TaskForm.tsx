import type { NoProps } from '@crm-panel/contracts';
import { TaskFormPage } from '@tasks/features/tasks/components/TaskFormPage';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** 'tasks/TaskForm': the /task-create-modal page (create, or edit with `taskId`). */
export function TaskForm(_props: NoProps) {
  return <TaskFormPage />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(TaskForm) satisfies RemoteModules['tasks/TaskForm'];
