import { type Knobs, type NameContainsResource } from '@crm-sandbox/knobs';
import { field, type FieldSpec, matchable } from '@crm-sandbox/rdql/schema';
import {
  type CampaignRecord,
  type ContactRecord,
  type CustomFieldRecord,
  type DealProductRecord,
  type DealRecord,
  type LostReasonRecord,
  type NoteRecord,
  type OrganizationRecord,
  type PipelineRecord,
  type ProductRecord,
  type SegmentRecord,
  type SourceRecord,
  type StageRecord,
  type TaskRecord,
  type UserRecord,
  type WebhookRecord,
  CUSTOM_FIELD_ENTITIES,
  DEAL_STATUSES,
  TASK_STATUSES,
  TASK_TYPES,
} from '@crm-sandbox/store/records';
import { type ResourceDef, sortBy } from './ResourceDef';

// Fields, filters and sorts per resource, exactly as each list page's "Filtro" and "Ordenação"
// sections list them (nothing more: `id` only where the page has it). Serialisers emit the keys in
// the order of the reference samples.

const LIST_CAP = 10_000;

const byName = <T extends { name: string }>() => sortBy<T>('text', (r) => r.name);
const byCreated = <T extends { created_at: string }>() => sortBy<T>('date', (r) => r.created_at);
const byUpdated = <T extends { updated_at: string }>() => sortBy<T>('date', (r) => r.updated_at);
const byOrder = <T extends { order: number }>() => sortBy<T>('number', (r) => r.order);

/** A `name` filter whose page does not say "match": exact, unless the knob opens `~` for it. */
const namedBy = <T extends { name: string }>(
  knobs: Knobs,
  resource: NameContainsResource,
): FieldSpec<T> => ({
  kind: 'string',
  get: (r) => r.name,
  match: knobs.nameContainsOn.includes(resource),
});

export const users: ResourceDef<UserRecord> = {
  entity: 'User',
  plural: 'users',
  filter: () => ({
    resource: 'users',
    fields: {},
    flags: { 'is:active': (r) => r.active, 'is:visible': (r) => r.visible },
  }),
  sort: {},
  defaultOrder: [[byName(), 'asc']],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

/** sources, campaigns, lost reasons and segments: a `name` filter and a short sort list. */
const namedResource = <T extends LostReasonRecord>(
  entity: string,
  resource: NameContainsResource,
  sortable: 'name' | 'name+created_at',
  serialize: (record: T) => object,
): ResourceDef<T> => ({
  entity,
  plural: resource,
  filter: (_store, knobs) => ({ resource, fields: { name: namedBy<T>(knobs, resource) } }),
  sort:
    sortable === 'name' ? { name: byName<T>() } : { name: byName<T>(), created_at: byCreated<T>() },
  defaultOrder: [[byName<T>(), 'asc']],
  serialize,
});

const describedResource = (
  entity: string,
  resource: NameContainsResource,
  sortable: 'name' | 'name+created_at',
): ResourceDef<SourceRecord> =>
  namedResource<SourceRecord>(entity, resource, sortable, (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));

export const sources = describedResource('Source', 'sources', 'name');
export const campaigns: ResourceDef<CampaignRecord> = describedResource(
  'Campaign',
  'campaigns',
  'name+created_at',
);

const plainNamed = (
  entity: string,
  resource: NameContainsResource,
  sortable: 'name' | 'name+created_at',
): ResourceDef<LostReasonRecord> =>
  namedResource<LostReasonRecord>(entity, resource, sortable, (r) => ({
    id: r.id,
    name: r.name,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));

export const lostReasons = plainNamed('Lost reason', 'lost_reasons', 'name+created_at');
export const segments: ResourceDef<SegmentRecord> = plainNamed('Segment', 'segments', 'name');

export const customFields: ResourceDef<CustomFieldRecord> = {
  entity: 'Custom field',
  plural: 'custom_fields',
  filter: () => ({
    resource: 'custom_fields',
    fields: {
      entity: field('enum', (r) => r.entity, CUSTOM_FIELD_ENTITIES),
      slug: field('string', (r) => r.slug),
    },
    flags: {
      'is:required': (r) => r.required_rules.length > 0,
      'is:visible': (r) => r.visible,
    },
  }),
  sort: { slug: sortBy('text', (r) => r.slug), order: byOrder() },
  defaultOrder: [[byOrder(), 'asc']],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    type: r.type,
    entity: r.entity,
    options: r.options,
    unique: r.unique,
    allow_new_option: r.allow_new_option,
    order: r.order,
    required_rules: r.required_rules,
    display_rules: r.display_rules,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

export const products: ResourceDef<ProductRecord> = {
  entity: 'Product',
  plural: 'products',
  filter: (store) => ({
    resource: 'products',
    // "Suporta apenas correspondência exata."
    fields: { name: field('string', (r) => r.name) },
    flags: { 'is:visible': (r) => r.visible },
    customFields: {
      definitions: () => store.customFieldsFor('product'),
      get: (r) => r.custom_fields,
    },
  }),
  sort: { name: byName() },
  defaultOrder: [[byName(), 'asc']],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    visible: r.visible,
    custom_fields: r.custom_fields,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

export const organizations: ResourceDef<OrganizationRecord> = {
  entity: 'Organization',
  plural: 'organizations',
  filter: (store, knobs) => ({
    resource: 'organizations',
    fields: {
      name: namedBy(knobs, 'organizations'),
      owner_id: field('id', (r) => r.owner_id),
      segment_ids: field('ids', (r) => r.segment_ids),
      created_at: field('datetime', (r) => r.created_at),
      updated_at: field('datetime', (r) => r.updated_at),
    },
    customFields: {
      definitions: () => store.customFieldsFor('organization'),
      get: (r) => r.custom_fields,
    },
  }),
  sort: { name: byName(), created_at: byCreated(), updated_at: byUpdated() },
  defaultOrder: [[byCreated(), 'asc']],
  listCap: LIST_CAP,
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    url: r.url,
    address: { line: r.address.line, latitude: r.address.latitude, longitude: r.address.longitude },
    segment_ids: r.segment_ids,
    follower_ids: r.follower_ids,
    owner_id: r.owner_id,
    custom_fields: r.custom_fields,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

export const contacts: ResourceDef<ContactRecord> = {
  entity: 'Contact',
  plural: 'contacts',
  filter: (store) => ({
    resource: 'contacts',
    fields: {
      name: matchable((r) => r.name),
      job_title: matchable((r) => r.job_title),
      email: field('email', (r) => r.emails.map((item) => item.email)),
      phone: field('phone', (r) => r.phones.map((item) => item.phone)),
      organization_id: field('id', (r) => r.organization_id),
      created_at: field('datetime', (r) => r.created_at),
      updated_at: field('datetime', (r) => r.updated_at),
    },
    customFields: {
      definitions: () => store.customFieldsFor('contact'),
      get: (r) => r.custom_fields,
    },
  }),
  sort: { name: byName(), created_at: byCreated() },
  defaultOrder: [[byCreated(), 'asc']],
  listCap: LIST_CAP,
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    job_title: r.job_title,
    emails: r.emails.map((item) => ({ email: item.email })),
    phones: r.phones.map((item) => ({ phone: item.phone, type: item.type })),
    birthday: r.birthday,
    social_profiles: r.social_profiles.map((item) => ({
      type: item.type,
      username: item.username,
    })),
    organization_id: r.organization_id,
    legal_bases: r.legal_bases.map((item) => ({
      category: item.category,
      type: item.type,
      status: item.status,
    })),
    custom_fields: r.custom_fields,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

export const pipelines: ResourceDef<PipelineRecord> = {
  entity: 'Pipeline',
  plural: 'pipelines',
  sort: { order: byOrder() },
  defaultOrder: [[byOrder(), 'asc']],
  serialize: (r, store) => ({
    id: r.id,
    name: r.name,
    order: r.order,
    stage_ids: store.stagesOf(r.id).map((stage) => stage.id),
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

export const stages: ResourceDef<StageRecord> = {
  entity: 'Stage',
  plural: 'stages',
  sort: { order: byOrder() },
  defaultOrder: [[byOrder(), 'asc']],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    objective: r.objective,
    order: r.order,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

export const deals: ResourceDef<DealRecord> = {
  entity: 'Deal',
  plural: 'deals',
  filter: (store) => ({
    resource: 'deals',
    fields: {
      id: field('id', (r) => r.id),
      name: matchable((r) => r.name),
      rating: field('number', (r) => r.rating),
      status: field('enum', (r) => r.status, DEAL_STATUSES),
      closed_at: field('datetime', (r) => r.closed_at),
      created_at: field('datetime', (r) => r.created_at),
      updated_at: field('datetime', (r) => r.updated_at),
      expected_close_date: field('date', (r) => r.expected_close_date),
      organization_id: field('id', (r) => r.organization_id),
      stage_id: field('id', (r) => r.stage_id),
      lost_reason_id: field('id', (r) => r.lost_reason_id),
      campaign_id: field('id', (r) => r.campaign_id),
      owner_id: field('id', (r) => r.owner_id),
      pipeline_id: field('id', (r) => r.pipeline_id),
      product_ids: field('ids', (r) => store.productsOfDeal(r.id).map((item) => item.product_id)),
    },
    flags: { 'has:product': (r) => store.productsOfDeal(r.id).length > 0 },
    customFields: { definitions: () => store.customFieldsFor('deal'), get: (r) => r.custom_fields },
  }),
  sort: {
    name: byName(),
    rating: sortBy('number', (r) => r.rating),
    created_at: byCreated(),
    updated_at: byUpdated(),
    closed_at: sortBy('date', (r) => r.closed_at),
  },
  defaultOrder: [[byCreated(), 'asc']],
  listCap: LIST_CAP,
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    recurrence_price: r.recurrence_price,
    one_time_price: r.one_time_price,
    total_price: r.total_price,
    expected_close_date: r.expected_close_date,
    rating: r.rating,
    status: r.status,
    closed_at: r.closed_at,
    pipeline_id: r.pipeline_id,
    stage_id: r.stage_id,
    owner_id: r.owner_id,
    source_id: r.source_id,
    campaign_id: r.campaign_id,
    lost_reason_id: r.lost_reason_id,
    organization_id: r.organization_id,
    contact_ids: r.contact_ids,
    custom_fields: r.custom_fields,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

export const notes: ResourceDef<NoteRecord> = {
  entity: 'Note',
  plural: 'notes',
  filter: () => ({
    resource: 'notes',
    fields: {
      registered_at: field('datetime', (r) => r.registered_at),
      user_id: field('id', (r) => r.user_id),
    },
    flags: { 'is:pinned': (r) => r.pinned_at !== null },
  }),
  sort: { registered_at: sortBy('date', (r) => r.registered_at) },
  defaultOrder: [[sortBy('date', (r) => r.registered_at), 'desc']],
  serialize: (r) => ({
    id: r.id,
    description: r.description,
    user_id: r.user_id,
    registered_at: r.registered_at,
    pinned_at: r.pinned_at,
    edited_by_id: r.edited_by_id,
    edited_at: r.edited_at,
  }),
};

export const tasks: ResourceDef<TaskRecord> = {
  entity: 'Task',
  plural: 'tasks',
  filter: () => ({
    resource: 'tasks',
    fields: {
      deal_id: field('id', (r) => r.deal_id),
      type: field('enum', (r) => r.type, TASK_TYPES),
      status: field('enum', (r) => r.status, TASK_STATUSES),
      owner_ids: field('ids', (r) => r.owner_ids),
      completed_at: field('datetime', (r) => r.completed_at),
      due_date: field('datetime', (r) => r.due_date),
    },
  }),
  sort: {
    due_date: sortBy('date', (r) => r.due_date),
    deal_id: sortBy('text', (r) => r.deal_id),
    completed_at: sortBy('date', (r) => r.completed_at),
    updated_at: byUpdated(),
  },
  defaultOrder: [[sortBy('date', (r) => r.due_date), 'asc']],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    type: r.type,
    status: r.status,
    due_date: r.due_date,
    created_by_id: r.created_by_id,
    completed_at: r.completed_at,
    completed_by_id: r.completed_by_id,
    deal_id: r.deal_id,
    owner_ids: r.owner_ids,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

export const dealProducts: ResourceDef<DealProductRecord> = {
  entity: 'Deal product',
  plural: 'deal products',
  filter: () => ({
    resource: 'deal products',
    fields: { product_id: field('id', (r) => r.product_id) },
  }),
  sort: { product_id: sortBy('text', (r) => r.product_id) },
  defaultOrder: [[byCreated(), 'asc']],
  serialize: (r) => ({
    id: r.id,
    price: r.price,
    quantity: r.quantity,
    discount_type: r.discount_type,
    discount: r.discount,
    total_price: r.total_price,
    billing_frequency: r.billing_frequency,
    product_id: r.product_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};

/** Webhooks: the list page documents only `page` (no filter, no sort). */
export const webhooks: ResourceDef<WebhookRecord> = {
  entity: 'Webhook',
  plural: 'webhooks',
  sort: {},
  defaultOrder: [[byCreated(), 'asc']],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    event_name: r.event_name,
    http_method: r.http_method,
    url: r.url,
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
};
