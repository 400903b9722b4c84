import type { Static } from '@sinclair/typebox';
import type {
  ContactCreateBody,
  ContactMappingBody,
  ContactMappingAnswer,
  ContactRecord,
  ContactWithMappingAnswer,
  ContactWithMappingBody,
  contactEmailRecord,
  LastDealAnswer,
  contactPhoneRecord,
} from './schemas';
import type { AnswerData } from './answerData';

// Types derived from the wire schemas (`./schemas`); change a field there.

export type ContactEmail = Static<typeof contactEmailRecord>;

/** v2 answers work/fax/home/mobile; the panel writes 'cellphone' (PRODUCT.md §5). */
export type ContactPhone = Static<typeof contactPhoneRecord>;

/**
 * RD Station CRM contact. Some responses carry `_id` instead of (or beside) `id`;
 * use `contactIdOf` to read either.
 */
export type Contact = ContactRecord;

/** POST /api/rdstation/contacts (and the contact part of create-with-mapping). */
export type ContactPayload = ContactCreateBody;

/** PUT /api/rdstation/contacts/{id}; organization_id only when it changed. */
export interface ContactUpdatePayload {
  name: string;
  organization_id?: string | null;
}

/** Host contact ↔ CRM contact link (POST /api/rdstation/contact-mapping): chat contact → CRM contact. */
export interface ContactMapping extends ContactMappingBody {}

/**
 * GET /api/rdstation/contact-mapping/{id}. The GET's answer for a linked chat carries the
 * contact's last chosen deal (`lastDealId`, null: none), what GET …/contact/{id}/last-deal
 * answers, so the panel asks for the deal at once (one round trip less to a ready panel).
 */
export interface ContactMappingStatus extends AnswerData<ContactMappingAnswer> {}

/** Create a CRM contact and map it to the host (chat) contact in one call. */
export interface ContactWithMappingPayload extends ContactWithMappingBody {}

export interface ContactWithMappingResult extends AnswerData<ContactWithMappingAnswer> {}

/** Last selected deal, stored per CRM contact. */
export interface LastDeal extends LastDealAnswer {}

/** Email type the panel writes for a new contact (PRODUCT.md §5: "sent as a work email"). */
export const NEW_CONTACT_EMAIL_TYPE = 'work';
/** Phone type the panel writes for a new contact (PRODUCT.md §5: "a cellphone phone"). */
export const NEW_CONTACT_PHONE_TYPE = 'cellphone';

/** The id of a CRM contact response, which may come as `id` or `_id`; null when neither. */
export function contactIdOf(contact: {
  id?: string | number | null;
  _id?: string | number | null;
}): string | null {
  for (const raw of [contact.id, contact._id]) {
    if (raw !== null && raw !== undefined && raw !== '') return String(raw);
  }
  return null;
}
