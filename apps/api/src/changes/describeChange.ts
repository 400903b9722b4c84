import { type ChangeAction, type ChangedRecordType, type FieldChange } from './recordChange';
import { idText, type Labeller } from './recordNames';

/** A value a person may read in the audit list: at most this many characters. */
export const PREVIEW_LENGTH = 80;

/** Fields never recorded, whatever route writes them. */
const SECRET_FIELD = /token|secret|password|senha/i;

/** What a write route knows once the CRM (or the store) accepted it. */
export interface Written {
  params: Record<string, string>;
  payload: Record<string, unknown>;
  /** The record the CRM answered (`data` of its envelope), when it answered one. */
  record: Record<string, unknown> | null;
}

type IdOf = (written: Written) => string | null;

/**
 * How a write route's change is described: the one place a new write route says what
 * it changes. `id`, `dealId` and `contactId` read the route's params, payload or answer.
 */
export interface ChangeDescriptor {
  /** The record kind: its `before` values are remembered under it. */
  type: ChangedRecordType;
  /** The kind published when it depends on the payload (a deal write that only sets contacts). */
  publishedAs?: (written: Written) => ChangedRecordType;
  action: ChangeAction;
  id: IdOf;
  dealId?: IdOf;
  contactId?: IdOf;
  /** Payload fields that say nothing a person needs (e.g. the author the api stamped). */
  omit?: string[];
}

/** A path param, e.g. `param('id')`. */
export const param =
  (name: string): IdOf =>
  ({ params }) =>
    idText(params[name]);

/** A field of the CRM's answer, e.g. the id of a created record. */
export const answered =
  (name: string): IdOf =>
  ({ record }) =>
    idText(record?.[name]);

/** A field of the panel's payload, e.g. a task's `deal_id`. */
export const sent =
  (name: string): IdOf =>
  ({ payload }) =>
    idText(payload[name]);

/**
 * The display-safe text of a value: null stays null, lists are joined, objects are JSON, and
 * everything is cut to PREVIEW_LENGTH characters (a note's body is only ever a preview).
 */
export function displayValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    text = value.map(String).join(', ');
  else text = JSON.stringify(value);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
}

/** A field's change, with the names of its values when `label` knows them (else ids alone). */
function fieldChange(
  field: string,
  before: unknown,
  after: unknown,
  label: Labeller | undefined,
): FieldChange {
  const change: FieldChange = { field, before: displayValue(before), after: displayValue(after) };
  const beforeLabel = before === null || before === undefined ? null : label?.(field, before);
  const afterLabel = after === null || after === undefined ? null : label?.(field, after);
  if (beforeLabel) change.beforeLabel = displayValue(beforeLabel);
  if (afterLabel) change.afterLabel = displayValue(afterLabel);
  return change;
}

/**
 * Field by field, what the payload changed: `after` from the payload, `before` from the last
 * version this process knew (null when unknown), each with its name when `label` knows it. A field
 * whose known value did not change is left out; secrets and omitted fields never appear.
 */
export function fieldChanges(
  payload: Record<string, unknown>,
  before: Record<string, unknown> | null,
  omit: string[] = [],
  label?: Labeller,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, value] of Object.entries(payload)) {
    if (SECRET_FIELD.test(field) || omit.includes(field)) continue;
    const known = before !== null && field in before;
    if (known && displayValue(before[field]) === displayValue(value)) continue;
    changes.push(fieldChange(field, known ? before[field] : null, value, label));
  }
  return changes;
}

/** What a deletion removed, as far as this process knew the record: its name or product. */
export function deletedFields(
  before: Record<string, unknown> | null,
  label?: Labeller,
): FieldChange[] {
  const field = ['name', 'product_id'].find((key) => displayValue(before?.[key]) !== null);
  return field ? [fieldChange(field, before?.[field], null, label)] : [];
}
