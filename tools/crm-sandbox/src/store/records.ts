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

export type CustomFieldType = 'text' | 'date' | 'option' | 'multiple_choice';
export type CustomFieldEntity = 'deal' | 'contact' | 'organization' | 'product';
export const CUSTOM_FIELD_TYPES: readonly CustomFieldType[] = [
  'text',
  'date',
  'option',
  'multiple_choice',
];
export const CUSTOM_FIELD_ENTITIES: readonly CustomFieldEntity[] = [
  'deal',
  'contact',
  'organization',
  'product',
];

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

export type PhoneType = 'work' | 'fax' | 'home' | 'mobile';
export const PHONE_TYPES: readonly PhoneType[] = ['work', 'fax', 'home', 'mobile'];
export type SocialProfileType = 'facebook' | 'linkedin' | 'skype';
export const SOCIAL_PROFILE_TYPES: readonly SocialProfileType[] = ['facebook', 'linkedin', 'skype'];
export type LegalBaseType =
  | 'consent'
  | 'legitimate_interest'
  | 'pre_existent_contract'
  | 'judicial_process'
  | 'vital_interest'
  | 'public_interest';
export const LEGAL_BASE_TYPES: readonly LegalBaseType[] = [
  'consent',
  'legitimate_interest',
  'pre_existent_contract',
  'judicial_process',
  'vital_interest',
  'public_interest',
];
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

export type DealStatus = 'ongoing' | 'paused' | 'won' | 'lost';
export const DEAL_STATUSES: readonly DealStatus[] = ['ongoing', 'paused', 'won', 'lost'];

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

export type TaskType = 'call' | 'email' | 'meeting' | 'task' | 'lunch' | 'visit' | 'whatsapp';
export const TASK_TYPES: readonly TaskType[] = [
  'call',
  'email',
  'meeting',
  'task',
  'lunch',
  'visit',
  'whatsapp',
];
export type TaskStatus = 'open' | 'completed' | 'canceled';
export const TASK_STATUSES: readonly TaskStatus[] = ['open', 'completed', 'canceled'];

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

export type DiscountType = 'amount' | 'percentage';
export const DISCOUNT_TYPES: readonly DiscountType[] = ['amount', 'percentage'];
export type BillingFrequency = 'one-time' | 'monthly' | 'annually';
export const BILLING_FREQUENCIES: readonly BillingFrequency[] = ['one-time', 'monthly', 'annually'];

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
export type WebhookStatus = 'active' | 'suspended' | 'inactive';
export const WEBHOOK_STATUSES: readonly WebhookStatus[] = ['active', 'suspended', 'inactive'];

export interface WebhookRecord extends Timestamps {
  /** A UUID, as the reference types it. */
  id: string;
  name: string;
  event_name: WebhookEventName;
  http_method: 'POST';
  url: string;
  status: WebhookStatus;
}
