/** Values of a deal's custom fields (text, date as ISO string, number, option(s), flag). */
export type CustomFieldValue = string | number | boolean | null | string[];

export type DealStatus = 'ongoing' | 'paused' | 'won' | 'lost';

/** Star rating picked by a person: whole numbers 1 to 5 (a deal without rating holds 0). */
export type Rating = 1 | 2 | 3 | 4 | 5;

/** RD Station CRM v2 deal. Foreign ids are null when unset. */
export interface Deal {
  id: string;
  name: string;
  owner_id: string | null;
  source_id: string | null;
  pipeline_id: string | null;
  stage_id: string | null;
  /** 0 (no rating, the default) or 1..5. */
  rating: number;
  status: DealStatus;
  lost_reason_id: string | null;
  total_price: number;
  contact_ids: string[];
  /** Keyed by custom-field slug in the API; the general tab shows them by label. */
  custom_fields: Record<string, CustomFieldValue>;
  organization_id: string | null;
  campaign_id: string | null;
  recurrence_price?: number;
  one_time_price?: number;
  expected_close_date?: string | null;
  closed_at?: string | null;
  created_at?: string;
  updated_at?: string;
}

/** POST /api/rdstation/deals. The CRM only creates deals with status ongoing. */
export interface DealCreatePayload {
  name: string;
  pipeline_id: string;
  stage_id: string;
  owner_id: string;
  organization_id?: string;
  rating?: number;
  source_id?: string;
  campaign_id?: string;
  /** Keyed by custom-field slug. */
  custom_fields?: Record<string, CustomFieldValue>;
  /** The CRM contacts the deal starts with (the chat's contact). */
  contact_ids?: string[];
}

/**
 * PUT /api/rdstation/deals/{id}: exactly one of the partial bodies the panel sends
 * (PRODUCT.md §7). Changing the pipeline always clears the stage.
 */
export type DealUpdatePayload =
  | { owner_id: string }
  | { rating: number }
  | { source_id: string | null }
  | { pipeline_id: string; stage_id: null }
  | { stage_id: string }
  | { status: 'won' }
  | { status: 'lost'; lost_reason_id: string }
  | { contact_ids: string[] };

/** Deal picker filter (PRODUCT.md §2 filter menu). */
export type DealFilter = 'all' | 'contact';
