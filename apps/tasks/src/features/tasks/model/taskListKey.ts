import { queryKeys } from '@crm-panel/api-client';

/**
 * Prefix of every task list of one deal, whatever the status filter: TanStack Query matches the
 * trailing object partially, so this invalidates 'Abertas', 'Concluídas' and 'Canceladas' at once.
 */
export function dealTaskListsKey(dealId: string) {
  const [root, tasks, list] = queryKeys.tasks(dealId, 'open');
  return [root, tasks, list, { dealId }] as const;
}
