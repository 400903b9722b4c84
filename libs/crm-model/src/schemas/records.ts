// What the api answers: one schema per record the panel reads (RD Station CRM v2 records as the
// api passes them on). The CRM sends more fields than these; they are allowed and ignored. The
// mock api checks its answers with them, the contract test checks both the real api and the mock,
// and the record types are derived from them.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  BILLING_FREQUENCIES,
  DEAL_STATUSES,
  DISCOUNT_TYPES,
  TASK_STATUSES,
  TASK_TYPES,
} from '@crm-model/enums';
import { dataOf, nullable, pageOf, stringEnum } from './common';
import { CUSTOM_FIELD_ENTITIES, CUSTOM_FIELD_TYPES } from './enums';
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

// ---- reference data -------------------------------------------------------------------------

const named = { id, name: Type.String() };

export const organizationRecord = Type.Object({
  ...named,
  description: Optional(nullable(Type.String())),
  url: Optional(nullable(Type.String())),
  owner_id: Optional(nullableId),
});
export type OrganizationRecord = Static<typeof organizationRecord>;

/** The organization a user belongs to: always an object here (never a bare string). */
export const userOrganizationRecord = Type.Object({
  id: Optional(Type.String()),
  name: Type.String(),
});
export type UserOrganizationRecord = Static<typeof userOrganizationRecord>;

export const userRecord = Type.Object({
  ...named,
  email: Type.String(),
  organization: Optional(nullable(userOrganizationRecord)),
});
export type UserRecord = Static<typeof userRecord>;

export const sourceRecord = Type.Object(named);
export type SourceRecord = Static<typeof sourceRecord>;

export const pipelineRecord = Type.Object({
  ...named,
  order: Optional(Type.Number()),
  stage_ids: Optional(Type.Array(Type.String())),
});
export type PipelineRecord = Static<typeof pipelineRecord>;

export const stageRecord = Type.Object({ ...named, order: Optional(Type.Number()) });
export type StageRecord = Static<typeof stageRecord>;

export const lostReasonRecord = Type.Object(named);
export type LostReasonRecord = Static<typeof lostReasonRecord>;

export const campaignRecord = Type.Object(named);
export type CampaignRecord = Static<typeof campaignRecord>;

export const customFieldRecord = Type.Object({
  ...named,
  slug: Type.String(),
  entity: stringEnum(CUSTOM_FIELD_ENTITIES),
  type: Optional(stringEnum(CUSTOM_FIELD_TYPES)),
  options: Optional(Type.Array(Type.String())),
  order: Optional(Type.Number()),
});
export type CustomFieldRecord = Static<typeof customFieldRecord>;

// ---- the proxy's answers --------------------------------------------------------------------

/**
 * A CRM list as the api pages it for the panel: `{ data: { data: [records], links, limitedTo? } }`.
 * The records pass through as the CRM sent them (fields the panel does not read included).
 */
export const crmPageOf = <T extends TSchema>(record: T) =>
  pageOf(record, {
    limitedTo: Optional(
      Type.Integer({
        description:
          'Só na busca de negociações por contato: quantas das negociações atualizadas mais recentemente foram examinadas, quando o limite foi atingido.',
      }),
    ),
  });

/** One CRM record in the CRM's own envelope, inside the api's: `{ data: { data: record } }`. */
export const crmRecordOf = <T extends TSchema>(record: T) => dataOf(Type.Object({ data: record }));

/** A CRM delete: the CRM's answer, or `{ deleted: true }` when it answered nothing. */
export const crmDeletedAnswer = dataOf(Type.Unknown());

/** POST /api/rdstation/contacts/with-mapping: the contact the CRM created, now linked. */
export const contactWithMappingAnswer = dataOf(
  Type.Object({ success: Type.Boolean(), contact: contactRecord }),
);
export type ContactWithMappingAnswer = Static<typeof contactWithMappingAnswer>;
