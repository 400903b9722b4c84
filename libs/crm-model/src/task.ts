import type { TASK_STATUSES, TASK_TYPES } from './enums';
import type { TaskCreateBody, TaskRecord, TaskUpdateBody } from './schemas';

// Types derived from the wire schemas (`./schemas`); change a field there.

export type TaskType = (typeof TASK_TYPES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A deal's task; `due_date` null shows 'Sem data'. */
export type Task = TaskRecord;

type TaskFields = Required<TaskUpdateBody>;

/** PUT /api/rdstation/tasks/{id} body (edit) and the common part of a create. */
export type TaskPayload = Pick<
  TaskFields,
  'name' | 'description' | 'type' | 'due_date' | 'owner_ids'
>;

/** POST /api/rdstation/tasks: the CRM only creates open tasks tied to a deal. */
export type TaskCreatePayload = TaskPayload &
  Pick<TaskCreateBody, 'deal_id' | 'created_by_id'> & { status: 'open' };

export type TaskUpdatePayload = TaskPayload;

/** PUT /api/rdstation/tasks/{id} when a person completes an open task. */
export type TaskCompletePayload = Pick<TaskFields, 'completed_by_id'> & { status: 'completed' };
