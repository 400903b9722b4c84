import { useQuery } from '@tanstack/react-query';
import { tasksQueryOptions } from '@crm-panel/api-client';
import { type TaskStatus } from '@crm-panel/crm-model';

/** The deal's tasks of one status (PRODUCT.md §7: limit 200, page 1, by due date, newest first). */
export function useDealTasks(dealId: string | null, status: TaskStatus) {
  return useQuery({ ...tasksQueryOptions(dealId ?? '', status), enabled: Boolean(dealId) });
}
