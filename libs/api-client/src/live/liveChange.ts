import { AUDIT_RECORD_TYPES, type AuditRecordType } from '@crm-panel/crm-model';

/**
 * A change as GET /api/events sends it (the api's RecordChange, apps/api/src/changes): only what
 * the panel reads. Checked on arrival, since a stream is outside input like any answer.
 */
export type LiveRecordType = AuditRecordType;

export interface LiveChange {
  id: string;
  origin: 'panel' | 'crm';
  actor: { userId: string; name: string } | null;
  record: { type: LiveRecordType; id: string; dealId: string | null; contactId: null | string };
  action: 'created' | 'updated' | 'deleted';
  /** The api's names of the fields that changed ('stage_id'), as the change lists them. */
  fields: string[];
  /**
   * Written from this browser tab (the api compares the write's `x-panel-tab` with the stream's):
   * its answer is already in this tab's cache. The api never sends another tab's id.
   */
  own: boolean;
}

// One list of record types for the api, the audit trail and the stream (crm-model).
const RECORD_TYPES: readonly string[] = AUDIT_RECORD_TYPES;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** The change in an event's data, or null when it is not one. */
export function parseLiveChange(data: string): LiveChange | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.id !== 'string') return null;
  const { origin, actor, record, action } = value;
  if (origin !== 'panel' && origin !== 'crm') return null;
  if (action !== 'created' && action !== 'updated' && action !== 'deleted') return null;
  if (
    actor !== null &&
    !(isRecord(actor) && typeof actor.userId === 'string' && typeof actor.name === 'string')
  )
    return null;
  if (
    !isRecord(record) ||
    typeof record.type !== 'string' ||
    !RECORD_TYPES.includes(record.type) ||
    typeof record.id !== 'string' ||
    !nullableString(record.dealId) ||
    !nullableString(record.contactId)
  )
    return null;
  return {
    id: value.id,
    origin,
    actor: actor === null ? null : { userId: String(actor.userId), name: String(actor.name) },
    record: {
      type: record.type as LiveRecordType,
      id: record.id,
      dealId: record.dealId,
      contactId: record.contactId,
    },
    action,
    fields: Array.isArray(value.fields)
      ? value.fields.flatMap((item) =>
          isRecord(item) && typeof item.field === 'string' ? [item.field] : [],
        )
      : [],
    own: value.own === true,
  };
}
