export type TaskType = 'call' | 'email' | 'meeting' | 'task' | 'lunch' | 'visit' | 'whatsapp';
export type TaskStatus = 'open' | 'completed' | 'canceled';

export interface Task {
  id: string;
  name: string;
  description: string | null;
  type: TaskType;
  /** ISO date-time; null shows 'Sem data'. */
  due_date: string | null;
  status: TaskStatus;
  owner_ids: string[];
  completed_by_id: string | null;
  deal_id: string;
  created_by_id?: string | null;
  completed_at?: string | null;
}

/** PUT /api/rdstation/tasks/{id} body (edit) and the common part of a create. */
export interface TaskPayload {
  name: string;
  description: string;
  type: TaskType;
  due_date: string;
  owner_ids: string[];
}

/** POST /api/rdstation/tasks: the CRM only creates open tasks tied to a deal. */
export interface TaskCreatePayload extends TaskPayload {
  status: 'open';
  deal_id: string;
  created_by_id?: string;
}

export type TaskUpdatePayload = TaskPayload;

/** PUT /api/rdstation/tasks/{id} when a person completes an open task. */
export interface TaskCompletePayload {
  status: 'completed';
  completed_by_id: string;
}
