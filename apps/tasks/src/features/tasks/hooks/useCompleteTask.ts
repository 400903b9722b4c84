import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeTask, queryKeys } from '@crm-panel/api-client';
import { type Task } from '@crm-panel/crm-model';
import { dealTaskListsKey } from '../model/taskListKey';

interface CompleteTaskInput {
  dealId: string;
  task: Task;
  completedById: string;
}

/** PUT status completed + completed_by_id; then the deal's lists (every status) reload. */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, completedById }: CompleteTaskInput) =>
      completeTask(task.id, completedById),
    onSuccess: async (completed, { dealId, task }) => {
      queryClient.setQueryData(queryKeys.task(task.id), completed);
      await queryClient.invalidateQueries({ queryKey: dealTaskListsKey(dealId) });
    },
  });
}
