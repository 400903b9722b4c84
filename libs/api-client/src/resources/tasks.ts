import {
  PAGE_SIZE,
  type Task,
  type TaskCompletePayload,
  type TaskCreatePayload,
  type TaskStatus,
  type TaskUpdatePayload,
} from '@crm-panel/crm-model';
import { crmResource } from '@api-client/client/crmResource';
import { type RequestOptions } from '@api-client/client/envelope';
import { rdql } from '@api-client/client/rdql';

const tasks = crmResource<Task, TaskCreatePayload, TaskUpdatePayload | TaskCompletePayload>(
  '/api/rdstation/tasks',
);

/**
 * GET /api/rdstation/tasks?limit=200&page=1&order=due_date&direction=desc
 * &filter=deal_id:"…" and status:"…".
 */
export function listTasks(
  dealId: string,
  status: TaskStatus,
  options?: RequestOptions,
): Promise<Task[]> {
  return tasks.items(
    {
      limit: PAGE_SIZE,
      page: 1,
      order: 'due_date',
      direction: 'desc',
      filter: rdql.and(rdql.eq('deal_id', dealId), rdql.eq('status', status)),
    },
    options,
  );
}

/** GET /api/rdstation/tasks/{id}. */
export function getTask(id: string, options?: RequestOptions): Promise<Task> {
  return tasks.get(id, options);
}

/** POST /api/rdstation/tasks (status open, deal_id, optional created_by_id). The answer goes to the host as task. */
export function createTask(payload: TaskCreatePayload): Promise<Task> {
  return tasks.create(payload);
}

/** PUT /api/rdstation/tasks/{id} with the task payload (edit). */
export function updateTask(id: string, payload: TaskUpdatePayload): Promise<Task> {
  return tasks.update(id, payload);
}

/** PUT /api/rdstation/tasks/{id}, body { status: 'completed', completed_by_id }. */
export function completeTask(id: string, completedById: string): Promise<Task> {
  const body: TaskCompletePayload = { status: 'completed', completed_by_id: completedById };
  return tasks.update(id, body);
}
