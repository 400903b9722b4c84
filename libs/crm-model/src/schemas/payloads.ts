// What the panel sends: one schema per write body (PRODUCT.md §3, §7). Fastify validates each
// request with it and publishes it in the OpenAPI document; the mock api validates with the same
// object; the payload types are derived from it. Unknown fields are refused.
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import {
  BILLING_FREQUENCIES,
  DEAL_CONTACTS_MAX,
  DEAL_STATUSES,
  DISCOUNT_TYPES,
  NAME_MAX_LENGTH,
  TASK_OWNERS_MAX,
  TASK_STATUSES,
  TASK_TYPES,
} from '@crm-model/enums';
import { DISCOUNT_PERCENTAGE_MAX, NOTE_MAX_LENGTH, RATING_MAX } from '@crm-model/constants';
import { crmId, hostId, nullable, objectOrNull, stringEnum } from './common';

const { Optional } = Type;
const nullableId = nullable(crmId);
const name = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: '\\S' });
const shortText = Type.String({ maxLength: NAME_MAX_LENGTH });
const longText = Type.String({ maxLength: NOTE_MAX_LENGTH });
/** Each of `fields` optional: what a body may name but need not (spread beside its required ones). */
const optionalFields = <T extends TProperties>(fields: T) =>
  Type.Partial(Type.Object(fields)).properties;

// ---- contacts -------------------------------------------------------------------------------

const contactEmail = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    type: Optional(Type.String({ maxLength: 30 })),
  },
  { additionalProperties: false },
);
const contactPhone = Type.Object(
  {
    phone: Type.String({ minLength: 1, maxLength: 40 }),
    type: Optional(Type.String({ maxLength: 30, description: 'v2 answers work/fax/home/mobile' })),
  },
  { additionalProperties: false },
);

const contactFields = {
  emails: Optional(Type.Array(contactEmail, { maxItems: 20 })),
  phones: Optional(Type.Array(contactPhone, { maxItems: 20 })),
  job_title: Optional(nullable(shortText)),
  organization_id: Optional(nullableId),
};

/** POST /api/rdstation/contacts (and the contact part of create-with-mapping). */
export const contactCreateBody = Type.Object(
  { name, ...contactFields },
  { additionalProperties: false },
);
export type ContactCreateBody = Static<typeof contactCreateBody>;

/** PUT /api/rdstation/contacts/{id}: any of the fields, at least one. */
export const contactUpdateBody = Type.Object(
  { name: Optional(name), ...contactFields },
  { additionalProperties: false, minProperties: 1 },
);
export type ContactUpdateBody = Static<typeof contactUpdateBody>;

/** POST /api/rdstation/contacts/with-mapping: create a CRM contact and map the chat's to it. */
export const contactWithMappingBody = Type.Object(
  {
    contact: contactCreateBody,
    contactId: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type ContactWithMappingBody = Static<typeof contactWithMappingBody>;

// ---- deals ----------------------------------------------------------------------------------

const customFieldValue = Type.Union([
  Type.String({ maxLength: NOTE_MAX_LENGTH }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.String({ maxLength: 500 }), { maxItems: 100 }),
]);
/** Values of a deal's custom fields (text, date as ISO string, number, option(s), flag). */
export type CustomFieldValue = Static<typeof customFieldValue>;

export const customFieldsSchema = Type.Record(Type.String(), customFieldValue, {
  maxProperties: 200,
  propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,100}$' },
  description: 'Keyed by custom-field slug',
});
const rating = Type.Integer({
  minimum: 0,
  maximum: RATING_MAX,
  description: '0 (no rating) or 1..5',
});
// RD's deal pages type stage_id and source_id as "string" and contact_ids as "array of strings",
// and document no null and no way to empty the list: the api refuses an empty list here and a
// null source in its deal routes (the types keep the spec's nullable fields).
const contactIds = Type.Array(crmId, { minItems: 1, maxItems: DEAL_CONTACTS_MAX });

/** What a deal may carry beside its name, owner and stage: optional in both of its bodies. */
const dealDetails = {
  organization_id: nullableId,
  rating,
  source_id: nullableId,
  campaign_id: nullableId,
  custom_fields: customFieldsSchema,
  contact_ids: contactIds,
};

/** POST /api/rdstation/deals. The CRM only creates deals with status ongoing. */
export const dealCreateBody = Type.Object(
  { name, pipeline_id: crmId, stage_id: crmId, owner_id: crmId, ...optionalFields(dealDetails) },
  { additionalProperties: false },
);
export type DealCreateBody = Static<typeof dealCreateBody>;

/** PUT /api/rdstation/deals/{id}: a partial body, at least one field. */
export const dealUpdateBody = Type.Partial(
  Type.Object({
    name,
    owner_id: crmId,
    pipeline_id: crmId,
    // null only beside pipeline_id (the spec's pipeline move): the api names the new pipeline's
    // first stage before the CRM sees it, since RD documents no null stage.
    stage_id: nullableId,
    status: stringEnum(DEAL_STATUSES),
    lost_reason_id: nullableId,
    ...dealDetails,
  }),
  // A deal always occupies a stage: moving it to another pipeline names the stage there.
  { additionalProperties: false, minProperties: 1, dependencies: { pipeline_id: ['stage_id'] } },
);
export type DealUpdateBody = Static<typeof dealUpdateBody>;

// ---- notes ----------------------------------------------------------------------------------

/** POST /api/rdstation/deals/{id}/notes. */
export const noteCreateBody = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: NOTE_MAX_LENGTH, pattern: '\\S' }),
    user_id: Optional(crmId),
  },
  { additionalProperties: false },
);
export type NoteCreateBody = Static<typeof noteCreateBody>;

// ---- tasks ----------------------------------------------------------------------------------

const taskType = stringEnum(TASK_TYPES);
const dueDate = Type.String({
  minLength: 10,
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}',
  description: 'ISO date or date-time',
});
const ownerIds = Type.Array(crmId, { minItems: 1, maxItems: TASK_OWNERS_MAX });

/** What a task may carry beside its name and type: optional in both of its bodies. */
const taskDetails = { description: longText, due_date: dueDate, owner_ids: ownerIds };

/** POST /api/rdstation/tasks: the CRM only creates open tasks tied to a deal. */
export const taskCreateBody = Type.Object(
  {
    name,
    type: taskType,
    deal_id: crmId,
    ...optionalFields({
      ...taskDetails,
      status: stringEnum(['open'] as const),
      created_by_id: crmId,
    }),
  },
  { additionalProperties: false },
);
export type TaskCreateBody = Static<typeof taskCreateBody>;

/** PUT /api/rdstation/tasks/{id}: an edit, or a completion. */
export const taskUpdateBody = Type.Partial(
  Type.Object({
    name,
    type: taskType,
    ...taskDetails,
    status: stringEnum(TASK_STATUSES),
    completed_by_id: crmId,
  }),
  { additionalProperties: false, minProperties: 1 },
);
export type TaskUpdateBody = Static<typeof taskUpdateBody>;

// ---- deal products --------------------------------------------------------------------------

const dealProductFields = {
  product_id: crmId,
  price: Type.Number({ minimum: 0 }),
  quantity: Type.Number({ exclusiveMinimum: 0 }),
  discount: Optional(Type.Number({ minimum: 0 })),
  discount_type: Optional(stringEnum(DISCOUNT_TYPES)),
  billing_frequency: Optional(stringEnum(BILLING_FREQUENCIES)),
};

/** A percentage discount above 100% is refused (PRODUCT.md §5). */
const percentageCap = {
  if: {
    required: ['discount_type', 'discount'],
    properties: { discount_type: { const: 'percentage' } },
  },
  then: { properties: { discount: { maximum: DISCOUNT_PERCENTAGE_MAX } } },
};

/** POST /api/rdstation/deals/{id}/products. `discount` (and its type) only when above 0. */
export const dealProductCreateBody = Type.Object(dealProductFields, {
  additionalProperties: false,
  ...percentageCap,
});
export type DealProductCreateBody = Static<typeof dealProductCreateBody>;

/** PUT /api/rdstation/deals/{id}/products/{productId}: a partial body. */
export const dealProductUpdateBody = Type.Partial(Type.Object(dealProductFields), {
  additionalProperties: false,
  minProperties: 1,
  ...percentageCap,
});
export type DealProductUpdateBody = Static<typeof dealProductUpdateBody>;

// ---- the panel's own records: links, choices, credentials ------------------------------------

/** POST /api/rdstation/contact-mapping: the chat's (host) contact is this CRM contact. */
export const contactMappingBody = Type.Object(
  { contactId: hostId, rdstationContactId: crmId },
  { additionalProperties: false },
);
export type ContactMappingBody = Static<typeof contactMappingBody>;

/** POST /api/rdstation/contact/{id}/last-deal: the deal chosen last (null clears it). */
export const lastDealBody = Type.Object({ dealId: nullableId }, { additionalProperties: false });
export type LastDealBody = Static<typeof lastDealBody>;

/** POST /api/rdstation/auth/crm-user: who the attendant is in the CRM. */
export const crmUserChoiceBody = Type.Object({ userId: crmId }, { additionalProperties: false });
export type CrmUserChoiceBody = Static<typeof crmUserChoiceBody>;

/**
 * POST /api/rdstation/credentials. Every field optional in the schema: the api answers a missing
 * or short one with the form's own pt-BR sentence (PRODUCT.md §5), in the form's order.
 */
export const credentialsBody = objectOrNull({
  clientId: Optional(Type.String({ maxLength: 500 })),
  clientSecret: Optional(Type.String({ maxLength: 1000 })),
  redirectUri: Optional(Type.String({ maxLength: 2000 })),
  securityPassword: Optional(Type.String({ maxLength: 200 })),
  confirmSecurityPassword: Optional(
    Type.String({ maxLength: 200, description: 'Confirmação da senha (opcional)' }),
  ),
  confirmPassword: Optional(
    Type.String({ maxLength: 200, description: 'Sinônimo de confirmSecurityPassword' }),
  ),
  defaultChatDomain: Optional(Type.String({ maxLength: 500 })),
  setupCode: Optional(
    Type.String({
      maxLength: 200,
      description:
        'Código de configuração que o operador deu a quem configura (exigido quando o host não assina)',
    }),
  ),
});
export type CredentialsBody = Static<typeof credentialsBody>;

/** DELETE /api/rdstation/credentials: the security password (its absence: the form's sentence). */
export const credentialsRemovalBody = objectOrNull({
  securityPassword: Optional(Type.String({ maxLength: 200 })),
});
export type CredentialsRemovalBody = Static<typeof credentialsRemovalBody>;
