// What the api answers: one schema per record the panel reads (RD Station CRM v2 records as the
// api passes them on). The CRM sends more fields than these; they are allowed and ignored. The
// mock api checks its answers with them, the contract test checks both the real api and the mock,
// and the record types are derived from them.
import { Type, type Static } from '@sinclair/typebox';
import {
  BILLING_FREQUENCIES,
  DEAL_STATUSES,
  DISCOUNT_TYPES,
  TASK_STATUSES,
  TASK_TYPES,
} from '@crm-model/enums';
import { nullable, stringEnum } from './common';
import { customFieldsSchema } from './payloads';

const { Optional } = Type;
const id = Type.String({ minLength: 1 });
const nullableId = nullable(Type.String());
const isoDateTime = Type.String({ description: 'ISO date-time' });

/** RD Station CRM v2 deal. Foreign ids are null when unset. */
export const dealRecord = Type.Object({
  id,
  name: Type.String(),
  owner_id: nullableId,
  source_id: nullableId,
  pipeline_id: nullableId,
  stage_id: nullableId,
  rating: Type.Number({ description: '0 (no rating, the default) or 1..5' }),
  status: stringEnum(DEAL_STATUSES),
  lost_reason_id: nullableId,
  total_price: Type.Number(),
  contact_ids: Type.Array(Type.String()),
  custom_fields: customFieldsSchema,
  organization_id: nullableId,
  campaign_id: nullableId,
  recurrence_price: Optional(Type.Number()),
  one_time_price: Optional(Type.Number()),
  expected_close_date: Optional(nullable(Type.String())),
  closed_at: Optional(nullable(isoDateTime)),
  created_at: Optional(isoDateTime),
  updated_at: Optional(isoDateTime),
});
export type DealRecord = Static<typeof dealRecord>;

export const contactEmailRecord = Type.Object({
  email: Type.String(),
  type: Optional(Type.String()),
});
export const contactPhoneRecord = Type.Object({
  phone: Type.String(),
  type: Optional(Type.String({ description: 'v2 answers work/fax/home/mobile' })),
});

/** RD Station CRM contact. Some answers carry `_id` instead of (or beside) `id`. */
export const contactRecord = Type.Object({
  id,
  _id: Optional(Type.String()),
  name: Type.String(),
  organization_id: nullableId,
  emails: Type.Array(contactEmailRecord),
  phones: Type.Array(contactPhoneRecord),
  job_title: nullable(Type.String()),
  created_at: Optional(isoDateTime),
  updated_at: Optional(isoDateTime),
});
export type ContactRecord = Static<typeof contactRecord>;

export const noteRecord = Type.Object({
  id,
  description: Type.String({ description: 'May be HTML: sanitise before display' }),
  registered_at: isoDateTime,
  user_id: Type.String(),
});
export type NoteRecord = Static<typeof noteRecord>;

export const taskRecord = Type.Object({
  id,
  name: Type.String(),
  description: nullable(Type.String()),
  type: stringEnum(TASK_TYPES),
  due_date: nullable(isoDateTime),
  status: stringEnum(TASK_STATUSES),
  owner_ids: Type.Array(Type.String()),
  completed_by_id: nullableId,
  deal_id: Type.String(),
  created_by_id: Optional(nullableId),
  completed_at: Optional(nullable(isoDateTime)),
});
export type TaskRecord = Static<typeof taskRecord>;

export const productRecord = Type.Object({
  id,
  name: Type.String(),
  description: nullable(Type.String()),
  price: Type.Number({ description: 'List price' }),
});
export type ProductRecord = Static<typeof productRecord>;

export const dealProductRecord = Type.Object({
  id,
  product_id: Type.String(),
  quantity: Type.Number(),
  price: Type.Number({ description: 'Negotiated unit price' }),
  discount: Type.Number(),
  discount_type: nullable(stringEnum(DISCOUNT_TYPES)),
  billing_frequency: stringEnum(BILLING_FREQUENCIES),
  total_price: Type.Number(),
});
export type DealProductRecord = Static<typeof dealProductRecord>;
