import { parseModalQuery, type TaskCreateQuery } from '@crm-panel/contracts';

export type TaskFormMode = 'create' | 'edit';

export interface TaskFormQuery extends TaskCreateQuery {
  mode: TaskFormMode;
}

/**
 * Reads /task-create-modal's query. A `taskId` parameter, even a blank one, means edit: the form
 * then reports 'ID da tarefa não fornecido' instead of silently creating a new task. Ids that do
 * not parse count as absent, so the form shows the spec's message for them.
 */
export function readTaskFormQuery(params: URLSearchParams): TaskFormQuery {
  const mode: TaskFormMode = params.has('taskId') ? 'edit' : 'create';
  const parsed = parseModalQuery('task-create', params);
  if (parsed.ok) return { mode, ...parsed.query };
  const cleaned = new URLSearchParams(params);
  for (const issue of parsed.issues) cleaned.delete(issue.field);
  const retried = parseModalQuery('task-create', cleaned);
  return retried.ok ? { mode, ...retried.query } : { mode };
}
