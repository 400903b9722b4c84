// Body schemas of the CRM proxy: the panel's payloads (PRODUCT.md §3, §7), unknown fields dropped.
import { crmId } from './schemas';

const nullableId = { anyOf: [crmId, { type: 'null' }] } as const;
const name = { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' } as const;
const shortText = { type: 'string', maxLength: 255 } as const;

const customFieldValue = {
  anyOf: [
    { type: 'string', maxLength: 5000 },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
    { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 500 } },
  ],
} as const;

const customFields = {
  type: 'object',
  maxProperties: 200,
  propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,100}$' },
  additionalProperties: customFieldValue,
} as const;

const emails = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 254 },
      type: { type: 'string', maxLength: 30 },
    },
  },
} as const;

const phones = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    required: ['phone'],
    additionalProperties: false,
    properties: {
      phone: { type: 'string', minLength: 1, maxLength: 40 },
      type: { type: 'string', maxLength: 30 },
    },
  },
} as const;

const contactFields = {
  name,
  emails,
  phones,
  job_title: { anyOf: [shortText, { type: 'null' }] },
  organization_id: nullableId,
} as const;

export const contactCreateBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: contactFields,
} as const;

export const contactUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: contactFields,
} as const;

export const contactWithMappingBody = {
  type: 'object',
  required: ['contact', 'contactId'],
  additionalProperties: false,
  properties: {
    contact: contactCreateBody,
    contactId: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  },
} as const;

const dealStatus = { type: 'string', enum: ['ongoing', 'paused', 'won', 'lost'] } as const;
const rating = { type: 'integer', minimum: 0, maximum: 5 } as const;

export const dealCreateBody = {
  type: 'object',
  required: ['name', 'pipeline_id', 'stage_id', 'owner_id'],
  additionalProperties: false,
  properties: {
    name,
    pipeline_id: crmId,
    stage_id: crmId,
    owner_id: crmId,
    organization_id: nullableId,
    rating,
    source_id: nullableId,
    campaign_id: nullableId,
    custom_fields: customFields,
    contact_ids: { type: 'array', maxItems: 200, items: crmId },
  },
} as const;

export const dealUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name,
    owner_id: crmId,
    rating,
    source_id: nullableId,
    pipeline_id: crmId,
    stage_id: nullableId,
    status: dealStatus,
    lost_reason_id: nullableId,
    contact_ids: { type: 'array', maxItems: 200, items: crmId },
    organization_id: nullableId,
    campaign_id: nullableId,
    custom_fields: customFields,
  },
} as const;

export const noteCreateBody = {
  type: 'object',
  required: ['description'],
  additionalProperties: false,
  properties: {
    description: { type: 'string', minLength: 1, maxLength: 5000, pattern: '\\S' },
    user_id: crmId,
  },
} as const;

const taskType = {
  type: 'string',
  enum: ['call', 'email', 'meeting', 'task', 'lunch', 'visit', 'whatsapp'],
} as const;
const dueDate = {
  type: 'string',
  minLength: 10,
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}',
} as const;
const ownerIds = { type: 'array', minItems: 1, maxItems: 50, items: crmId } as const;

export const taskCreateBody = {
  type: 'object',
  required: ['name', 'type', 'deal_id'],
  additionalProperties: false,
  properties: {
    name,
    description: { type: 'string', maxLength: 5000 },
    type: taskType,
    due_date: dueDate,
    owner_ids: ownerIds,
    status: { type: 'string', enum: ['open'] },
    deal_id: crmId,
    created_by_id: crmId,
  },
} as const;

export const taskUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name,
    description: { type: 'string', maxLength: 5000 },
    type: taskType,
    due_date: dueDate,
    owner_ids: ownerIds,
    status: { type: 'string', enum: ['open', 'completed', 'canceled'] },
    completed_by_id: crmId,
  },
} as const;

const dealProductFields = {
  product_id: crmId,
  price: { type: 'number', minimum: 0 },
  quantity: { type: 'number', exclusiveMinimum: 0 },
  discount: { type: 'number', minimum: 0 },
  discount_type: { type: 'string', enum: ['amount', 'percentage'] },
  billing_frequency: { type: 'string', enum: ['one-time', 'monthly', 'annually'] },
} as const;

/** A percentage discount above 100% is refused (PRODUCT.md §5). */
const percentageCap = {
  if: {
    required: ['discount_type', 'discount'],
    properties: { discount_type: { const: 'percentage' } },
  },
  then: { properties: { discount: { maximum: 100 } } },
} as const;

export const dealProductCreateBody = {
  type: 'object',
  required: ['product_id', 'price', 'quantity'],
  additionalProperties: false,
  properties: dealProductFields,
  ...percentageCap,
} as const;

export const dealProductUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: dealProductFields,
  ...percentageCap,
} as const;
