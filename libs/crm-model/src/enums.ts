// The CRM's closed value sets, written once: the wire schemas (`@crm-panel/crm-model/schemas`), the
// types and the forms' choices all read them from here. Plain arrays, so the panel's main entry
// pays no schema library for them.

export const DEAL_STATUSES = ['ongoing', 'paused', 'won', 'lost'] as const;
export const TASK_TYPES = [
  'call',
  'email',
  'meeting',
  'task',
  'lunch',
  'visit',
  'whatsapp',
] as const;
export const TASK_STATUSES = ['open', 'completed', 'canceled'] as const;
export const BILLING_FREQUENCIES = ['one-time', 'monthly', 'annually'] as const;
export const DISCOUNT_TYPES = ['amount', 'percentage'] as const;

/** Longest name of a contact, deal or task the api accepts. */
export const NAME_MAX_LENGTH = 255;
/** Most contacts on one deal, ids in one write. */
export const DEAL_CONTACTS_MAX = 200;
/** Most owners of one task. */
export const TASK_OWNERS_MAX = 50;

/** Host ids (contacts, chats, channels): at most this long, no slash, space or control character. */
export const HOST_ID_MAX_LENGTH = 200;
export const HOST_ID_PATTERN = '^[^/\\\\\\s\\u0000-\\u001f\\u007f]+$';

/** Star rating picked by a person: whole numbers 1 to 5 (a deal without rating holds 0). */
export type Rating = 1 | 2 | 3 | 4 | 5;

/** What kind of record changed (the api's ChangedRecordType): the audit trail's record types. */
export const AUDIT_RECORD_TYPES = [
  'deal',
  'contact',
  'note',
  'task',
  'dealProduct',
  'dealContacts',
  'contactMapping',
  'lastDeal',
] as const;

/** A panel session's role, as a host-signed assertion names it (null: the host names none). */
export type ApiSessionRole = 'admin' | 'attendant' | null;
/** 'pending': a tenant whose host signs nothing, before the CRM sign-in completed. */
export type ApiSessionStage = 'full' | 'pending';
/** How a session was earned: a host-signed assertion, or the CRM sign-in in this browser. */
export type ApiSessionMethod = 'assertion' | 'crm';
