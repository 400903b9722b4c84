// In-memory records. Keys and order follow the RD Station CRM v2 samples; fields the API does not
// return (owning deal, pipeline, flags) are kept here and dropped by the serialisers.

export interface Timestamps {
  created_at: string;
  updated_at: string;
}

export interface UserRecord extends Timestamps {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  active: boolean;
  visible: boolean;
  /** API v1 token of this user (GET /api/v1/token/check). */
  v1Token: string;
}

export interface SourceRecord extends Timestamps {
  id: string;
  name: string;
  description: string | null;
}

export type CampaignRecord = SourceRecord;

export interface LostReasonRecord extends Timestamps {
  id: string;
  name: string;
}

export type SegmentRecord = LostReasonRecord;

export const CUSTOM_FIELD_TYPES = ['text', 'date', 'option', 'multiple_choice'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_ENTITIES = ['deal', 'contact', 'organization', 'product'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export interface CustomFieldRule {
  property: string;
  value: string;
  always: boolean;
}

export interface CustomFieldRecord extends Timestamps {
  id: string;
  name: string;
  slug: string;
  type: CustomFieldType;
  entity: CustomFieldEntity;
  options: string[];
  unique: boolean;
  allow_new_option: boolean;
  order: number;
  required_rules: CustomFieldRule[];
  display_rules: CustomFieldRule[];
  visible: boolean;
}

export type CustomFieldValue = string | string[] | null;
export type CustomFieldValues = Record<string, CustomFieldValue>;

export interface ProductRecord extends Timestamps {
  id: string;
  name: string;
  description: string | null;
  price: number;
  visible: boolean;
  custom_fields: CustomFieldValues;
}

export interface Address {
  line: string | null;
  latitude: string | null;
  longitude: string | null;
}

export interface OrganizationRecord extends Timestamps {
  id: string;
  name: string;
  description: string | null;
  url: string | null;
  address: Address;
  segment_ids: string[];
  follower_ids: string[];
  owner_id: string | null;
  custom_fields: CustomFieldValues;
}

export const PHONE_TYPES = ['work', 'fax', 'home', 'mobile'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
export const SOCIAL_PROFILE_TYPES = ['facebook', 'linkedin', 'skype'] as const;
export type SocialProfileType = (typeof SOCIAL_PROFILE_TYPES)[number];
export const LEGAL_BASE_TYPES = [
  'consent',
  'legitimate_interest',
  'pre_existent_contract',
  'judicial_process',
  'vital_interest',
  'public_interest',
] as const;
export type LegalBaseType = (typeof LEGAL_BASE_TYPES)[number];
export type LegalBaseStatus = 'granted' | 'declined';

export interface LegalBase {
  category: 'communications';
  type: LegalBaseType;
  status: LegalBaseStatus;
}

export interface ContactRecord extends Timestamps {
  id: string;
  name: string;
  job_title: string | null;
  emails: { email: string }[];
  phones: { phone: string; type: PhoneType }[];
  birthday: string | null;
  social_profiles: { type: SocialProfileType; username: string }[];
  organization_id: string | null;
  legal_bases: LegalBase[];
  custom_fields: CustomFieldValues;
}

export interface PipelineRecord extends Timestamps {
  id: string;
  name: string;
  order: number;
}

export interface StageRecord extends Timestamps {
  id: string;
  pipeline_id: string;
  name: string;
  description: string | null;
  objective: string | null;
  order: number;
}

export const DEAL_STATUSES = ['ongoing', 'paused', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export interface DealRecord extends Timestamps {
  id: string;
  name: string;
  recurrence_price: number;
  one_time_price: number;
  total_price: number;
  expected_close_date: string | null;
  rating: number;
  status: DealStatus;
  closed_at: string | null;
  pipeline_id: string;
  stage_id: string;
  owner_id: string;
  source_id: string | null;
  campaign_id: string | null;
  lost_reason_id: string | null;
  organization_id: string | null;
  contact_ids: string[];
  custom_fields: CustomFieldValues;
}

/** What a new deal is given; each field left out starts empty. */
export type NewDeal = Partial<DealRecord> &
  Pick<
    DealRecord,
    'id' | 'name' | 'pipeline_id' | 'stage_id' | 'owner_id' | 'status' | 'created_at' | 'updated_at'
  >;

/**
 * A new deal's record in the key order of RD's samples. Its prices start at 0 whatever it is
 * given: they are its products' sums (AccountStore.recomputeDealPrices), and it has none yet.
 */
export function newDealRecord(deal: NewDeal): DealRecord {
  return {
    id: deal.id,
    name: deal.name,
    recurrence_price: 0,
    one_time_price: 0,
    total_price: 0,
    expected_close_date: deal.expected_close_date ?? null,
    rating: deal.rating ?? 0,
    status: deal.status,
    closed_at: deal.closed_at ?? null,
    pipeline_id: deal.pipeline_id,
    stage_id: deal.stage_id,
    owner_id: deal.owner_id,
    source_id: deal.source_id ?? null,
    campaign_id: deal.campaign_id ?? null,
    lost_reason_id: deal.lost_reason_id ?? null,
    organization_id: deal.organization_id ?? null,
    contact_ids: deal.contact_ids ?? [],
    custom_fields: deal.custom_fields ?? {},
    created_at: deal.created_at,
    updated_at: deal.updated_at,
  };
}

export interface NoteRecord {
  id: string;
  deal_id: string;
  description: string;
  user_id: string;
  registered_at: string;
  pinned_at: string | null;
  edited_by_id: string | null;
  edited_at: string | null;
}

export const TASK_TYPES = [
  'call',
  'email',
  'meeting',
  'task',
  'lunch',
  'visit',
  'whatsapp',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_STATUSES = ['open', 'completed', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface TaskRecord extends Timestamps {
  id: string;
  name: string;
  description: string | null;
  type: TaskType;
  status: TaskStatus;
  due_date: string;
  created_by_id: string | null;
  completed_at: string | null;
  completed_by_id: string | null;
  deal_id: string;
  owner_ids: string[];
}

export const DISCOUNT_TYPES = ['amount', 'percentage'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const BILLING_FREQUENCIES = ['one-time', 'monthly', 'annually'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];

export interface DealProductRecord extends Timestamps {
  id: string;
  deal_id: string;
  price: number;
  quantity: number;
  discount_type: DiscountType;
  discount: number;
  total_price: number;
  billing_frequency: BillingFrequency;
  product_id: string;
}

/** The entities RD's webhooks report on (create-webhook page, `event_name` enum). */
export const WEBHOOK_ENTITIES = [
  'campaign',
  'contact',
  'deal',
  'lost_reason',
  'organization',
  'product',
  'source',
  'task',
] as const;
export type WebhookEntity = (typeof WEBHOOK_ENTITIES)[number];
export type WebhookAction = 'created' | 'updated' | 'deleted';
export type WebhookEventName = `crm_${WebhookEntity}_${WebhookAction}`;
export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = WEBHOOK_ENTITIES.flatMap((entity) =>
  (['created', 'deleted', 'updated'] as const).map(
    (action): WebhookEventName => `crm_${entity}_${action}`,
  ),
);
export const WEBHOOK_STATUSES = ['active', 'suspended', 'inactive'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export interface WebhookRecord extends Timestamps {
  /** A UUID, as the reference types it. */
  id: string;
  name: string;
  event_name: WebhookEventName;
  http_method: 'POST';
  url: string;
  status: WebhookStatus;
}
