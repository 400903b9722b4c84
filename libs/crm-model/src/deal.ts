import type { DEAL_STATUSES } from './enums';
import type {
  CustomFieldValue as CustomFieldValueSchema,
  DealCreateBody,
  DealRecord,
  DealUpdateBody,
} from './schemas';

// Types derived from the wire schemas (`./schemas`); change a field there.

/** Values of a deal's custom fields (text, date as ISO string, number, option(s), flag). */
export type CustomFieldValue = CustomFieldValueSchema;

export type DealStatus = (typeof DEAL_STATUSES)[number];

/** RD Station CRM v2 deal. Foreign ids are null when unset. */
export type Deal = DealRecord;

/** POST /api/rdstation/deals. The CRM only creates deals with status ongoing. */
export type DealCreatePayload = DealCreateBody;

type DealFields = Required<DealUpdateBody>;

/**
 * PUT /api/rdstation/deals/{id}: exactly one of the partial bodies the panel sends
 * (PRODUCT.md §7). RD's update page types `stage_id` and `source_id` as strings and `contact_ids`
 * as an array of strings, and says nothing of null or of an empty list: the api refuses a null
 * source and an empty contact list before any CRM call, and the panel sends neither. A pipeline
 * change clears the stage as the spec says (`stage_id: null`); the api sends RD the new
 * pipeline's first stage in its place.
 */
export type DealUpdatePayload =
  | Pick<DealFields, 'owner_id'>
  | Pick<DealFields, 'rating'>
  | Pick<DealFields, 'source_id'>
  | { pipeline_id: DealFields['pipeline_id']; stage_id: null }
  | { stage_id: string }
  | { status: 'won' }
  | { status: 'lost'; lost_reason_id: string }
  | Pick<DealFields, 'contact_ids'>;

/** Deal picker filter (PRODUCT.md §2 filter menu). */
export type DealFilter = 'all' | 'contact';
