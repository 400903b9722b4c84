import {
  type DataEnvelope,
  PAGE_SIZE,
  type Paged,
  type Task,
  type TaskCompletePayload,
  type TaskCreatePayload,
  type TaskStatus,
  type TaskUpdatePayload,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import {
  enc,
  readItems,
  readRecord,
  requestConfig,
  type RequestOptions,
} from '@api-client/client/envelope';
import { rdql } from '@api-client/client/rdql';

/**
 * GET /api/rdstation/tasks?limit=200&page=1&order=due_date&direction=desc
 * &filter=deal_id:"…" and status:"…".
 */
export async function listTasks(
  dealId: string,
  status: TaskStatus,
  options?: RequestOptions,
): Promise<Task[]> {
  const response = await apiClient.get<DataEnvelope<Paged<Task>>>(
    '/api/rdstation/tasks',
    requestConfig(options, {
      limit: PAGE_SIZE,
      page: 1,
      order: 'due_date',
      direction: 'desc',
      filter: rdql.and(rdql.eq('deal_id', dealId), rdql.eq('status', status)),
    }),
  );
  return readItems(response);
}

/** GET /api/rdstation/tasks/{id}. */
export async function getTask(id: string, options?: RequestOptions): Promise<Task> {
  const response = await apiClient.get<DataEnvelope<DataEnvelope<Task>>>(
    `/api/rdstation/tasks/${enc(id)}`,
    requestConfig(options),
  );
  return readRecord(response);
}

/** POST /api/rdstation/tasks (status open, deal_id, optional created_by_id). The answer goes to the host as task. */
export async function createTask(payload: TaskCreatePayload): Promise<Task> {
  const response = await apiClient.post<DataEnvelope<DataEnvelope<Task>>>(
    '/api/rdstation/tasks',
    payload,
  );
  return readRecord(response);
}

/** PUT /api/rdstation/tasks/{id} with the task payload (edit). */
export async function updateTask(id: string, payload: TaskUpdatePayload): Promise<Task> {
  const response = await apiClient.put<DataEnvelope<DataEnvelope<Task>>>(
    `/api/rdstation/tasks/${enc(id)}`,
    payload,
  );
  return readRecord(response);
}

/** PUT /api/rdstation/tasks/{id}, body { status: 'completed', completed_by_id }. */
export async function completeTask(id: string, completedById: string): Promise<Task> {
  const body: TaskCompletePayload = { status: 'completed', completed_by_id: completedById };
  const response = await apiClient.put<DataEnvelope<DataEnvelope<Task>>>(
    `/api/rdstation/tasks/${enc(id)}`,
    body,
  );
  return readRecord(response);
}
