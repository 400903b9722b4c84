import { BodyReader, type WritableFields } from '@crm-sandbox/http/BodyReader';
import { type AccountStore } from '@crm-sandbox/store/AccountStore';
import { type TaskRecord, TASK_STATUSES, TASK_TYPES } from '@crm-sandbox/store/records';

/** Create-task / update-task pages: the response fields minus id, completed_at and timestamps. */
export const TASK_FIELDS: WritableFields = {
  resource: 'task',
  keys: [
    'name',
    'description',
    'type',
    'status',
    'due_date',
    'created_by_id',
    'completed_by_id',
    'deal_id',
    'owner_ids',
  ],
  readOnly: ['id', 'completed_at', 'created_at', 'updated_at'],
};

export function createTask(
  store: AccountStore,
  data: Record<string, unknown>,
  callerId: string,
): TaskRecord {
  const reader = new BodyReader(data, TASK_FIELDS);
  const name = reader.string('name', { required: true });
  const type = reader.oneOf('type', TASK_TYPES, { required: true });
  const dueDate = reader.dateTime('due_date', { required: true });
  const dealId = reader.ref('deal_id', store.deals, 'deal', { required: true });
  const ownerIds = reader.refs('owner_ids', store.users, 'user', {
    required: true,
    nonEmpty: true,
  });
  const description = reader.string('description', { nullable: true });
  const createdBy = reader.ref('created_by_id', store.users, 'user', { nullable: true });
  if (reader.has('status') && reader.data.status !== 'open') {
    reader.fail('status', "Tasks can only be created with status 'open'");
  }
  if (reader.has('completed_by_id') && reader.data.completed_by_id !== null) {
    reader.fail(
      'completed_by_id',
      "completed_by_id applies only to completed tasks; tasks are created 'open'",
    );
  }
  reader.throwIfInvalid();
  if (!name || !type || !dueDate || !dealId || !ownerIds) {
    throw new Error('task validation let a required field through');
  }
  const now = store.nowIso();
  return {
    id: store.newId(),
    name,
    description: description ?? null,
    type,
    status: 'open',
    due_date: dueDate,
    created_by_id: createdBy ?? callerId,
    completed_at: null,
    completed_by_id: null,
    deal_id: dealId,
    owner_ids: ownerIds,
    created_at: now,
    updated_at: now,
  };
}

/** Completing stamps completed_at and completed_by_id (the caller unless given); reopening clears them. */
export function updateTask(
  store: AccountStore,
  task: TaskRecord,
  data: Record<string, unknown>,
  callerId: string,
): TaskRecord {
  const reader = new BodyReader(data, TASK_FIELDS);
  const name = reader.has('name') ? reader.string('name', { required: true }) : undefined;
  const type = reader.oneOf('type', TASK_TYPES);
  const status = reader.oneOf('status', TASK_STATUSES);
  const dueDate = reader.dateTime('due_date');
  const dealId = reader.ref('deal_id', store.deals, 'deal');
  const ownerIds = reader.refs('owner_ids', store.users, 'user', { nonEmpty: true });
  const description = reader.string('description', { nullable: true });
  const completedBy = reader.ref('completed_by_id', store.users, 'user', { nullable: true });
  const createdBy = reader.ref('created_by_id', store.users, 'user', { nullable: true });
  reader.throwIfInvalid();
  const now = store.nowIso();
  const nextStatus = status ?? task.status;
  const completing = nextStatus === 'completed' && task.status !== 'completed';
  return {
    ...task,
    name: name ?? task.name,
    type: type ?? task.type,
    status: nextStatus,
    due_date: dueDate ?? task.due_date,
    deal_id: dealId ?? task.deal_id,
    owner_ids: ownerIds ?? task.owner_ids,
    description: description === undefined ? task.description : description,
    created_by_id: createdBy === undefined ? task.created_by_id : createdBy,
    completed_at: nextStatus !== 'completed' ? null : completing ? now : task.completed_at,
    completed_by_id:
      nextStatus !== 'completed'
        ? null
        : (completedBy ?? (completing ? callerId : task.completed_by_id)),
    updated_at: now,
  };
}
