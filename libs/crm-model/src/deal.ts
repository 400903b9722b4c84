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
 * (PRODUCT.md §7), each only with values RD's reference documents: its update page types
 * `stage_id` and `source_id` as strings and `contact_ids` as an array of strings, and says nothing
 * of null or of an empty list. So a pipeline change names the new pipeline's stage (its first),
 * a source is replaced and never cleared, and a contact list keeps at least one contact.
 */
export type DealUpdatePayload =
  | Pick<DealFields, 'owner_id'>
  | Pick<DealFields, 'rating'>
  | { source_id: string }
  | { pipeline_id: DealFields['pipeline_id']; stage_id: string }
  | { stage_id: string }
  | { status: 'won' }
  | { status: 'lost'; lost_reason_id: string }
  | { contact_ids: [string, ...string[]] };

/** Deal picker filter (PRODUCT.md §2 filter menu). */
export type DealFilter = 'all' | 'contact';
