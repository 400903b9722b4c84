import type { NoProps } from '@crm-panel/contracts';
import { TaskFormPage } from '@tasks/features/tasks/components/TaskFormPage';

/** 'tasks/TaskForm': the /task-create-modal page (create, or edit with `taskId`). */
export function TaskForm(_props: NoProps) {
  return <TaskFormPage />;
}

export { TaskForm as default };
