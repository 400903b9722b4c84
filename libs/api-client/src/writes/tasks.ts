import { useMutation } from '@tanstack/react-query';
import { type TaskCreatePayload, type TaskUpdatePayload } from '@crm-panel/crm-model';
import { completeTask, createTask, updateTask } from '@api-client/resources/tasks';
import { usePanelCache } from './usePanelCache';

export type TaskSave =
  { taskId: null; payload: TaskCreatePayload } | { taskId: string; payload: TaskUpdatePayload };

/** POST /api/rdstation/tasks (taskId null) or PUT …/tasks/{id}; the answer is the task. */
export function useSaveTask() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: (save: TaskSave) =>
      save.taskId === null ? createTask(save.payload) : updateTask(save.taskId, save.payload),
    onSuccess: (task) => rules.taskWritten(task),
  });
}

export interface TaskCompletion {
  taskId: string;
  completedById: string;
}

/** PUT status completed + completed_by_id; the answer moves to its status's list. */
export function useCompleteTask() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: ({ taskId, completedById }: TaskCompletion) => completeTask(taskId, completedById),
    onSuccess: (task) => rules.taskWritten(task),
  });
}
