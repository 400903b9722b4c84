import {
  MESSAGES,
  TASK_DESCRIPTION_MIN_LENGTH,
  TASK_TYPES,
  type Task,
  type TaskPayload,
  type TaskType,
} from '@crm-panel/crm-model';
import { array, object, string } from 'yup';
import { dueDateInputValue, dueDateToIso } from './dueDate';

const TEXTS = MESSAGES.tasks;

export interface TaskFormValues {
  name: string;
  description: string;
  /** '' until a type is chosen. */
  type: TaskType | '';
  /** The due-date field's value: yyyy-mm-dd once a real day is typed (dd/mm/yyyy), else the text. */
  dueDate: string;
  ownerIds: string[];
}

/** The form's fields in the spec's validation order (§5 'Task form', rules 3 to 7). */
export const TASK_FORM_FIELDS = ['name', 'description', 'type', 'dueDate', 'ownerIds'] as const;
export type TaskFormField = (typeof TASK_FORM_FIELDS)[number];

/** Element id of each field's control, so the first invalid one can take the focus. */
export const TASK_FIELD_IDS: Readonly<Record<TaskFormField, string>> = {
  name: 'task-name',
  description: 'task-description',
  type: 'task-type',
  dueDate: 'task-due-date',
  ownerIds: 'task-owners',
};

/** Spec §5, rules 3 to 7; values are trimmed before they are checked. */
export const taskFormSchema = object({
  name: string().trim().required(TEXTS.titleRequired),
  description: string()
    .trim()
    .required(TEXTS.descriptionTooShort)
    .min(TASK_DESCRIPTION_MIN_LENGTH, TEXTS.descriptionTooShort),
  type: string()
    .required(TEXTS.typeRequired)
    .oneOf([...TASK_TYPES], TEXTS.typeRequired),
  dueDate: string()
    .required(TEXTS.dueDateRequired)
    .test('calendar-day', TEXTS.dueDateRequired, (value) => dueDateToIso(value ?? '') !== null),
  ownerIds: array(string().required()).min(1, TEXTS.ownersRequired).required(TEXTS.ownersRequired),
});

/** Spec §5 rules 1 and 2: the ids the form cannot work without, checked before any field. */
export function missingIdMessage(
  mode: 'create' | 'edit',
  ids: { dealId?: string; taskId?: string },
): string | null {
  if (mode === 'create' && !ids.dealId) return TEXTS.dealIdMissing;
  if (mode === 'edit' && !ids.taskId) return TEXTS.taskIdMissing;
  return null;
}

export const EMPTY_TASK_FORM: TaskFormValues = {
  name: '',
  description: '',
  type: '',
  dueDate: '',
  ownerIds: [],
};

/** The form filled with an existing task (edit). */
export function taskToFormValues(task: Task): TaskFormValues {
  return {
    name: task.name,
    description: task.description ?? '',
    type: task.type,
    dueDate: dueDateInputValue(task.due_date),
    ownerIds: [...task.owner_ids],
  };
}

/**
 * The task payload of PRODUCT.md §3 from valid form values: texts trimmed, the day as an ISO date-time.
 * `originalDueDate` keeps an edited task's time when its day did not change.
 */
export function toTaskPayload(
  values: TaskFormValues,
  originalDueDate?: string | null,
): TaskPayload {
  const dueDate = dueDateToIso(values.dueDate, originalDueDate);
  if (values.type === '' || dueDate === null) {
    throw new Error('toTaskPayload precisa de valores já validados');
  }
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    type: values.type,
    due_date: dueDate,
    owner_ids: [...values.ownerIds],
  };
}
