import {
  type Contact,
  contactIdOf,
  type ContactMapping,
  type ContactMappingStatus,
  type ContactPayload,
  type ContactUpdatePayload,
  type ContactWithMappingPayload,
  type ContactWithMappingResult,
  type DataEnvelope,
  type LastDeal,
  MESSAGES,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import {
  enc,
  type Page,
  readPayload,
  requestConfig,
  type RequestOptions,
} from '@api-client/client/envelope';
import { crmResource } from '@api-client/client/crmResource';
import { ApiClientError } from '@api-client/client/errors';
import { contactSearchFilter } from '@api-client/client/rdql';

const contacts = crmResource<Contact, ContactPayload, ContactUpdatePayload>(
  '/api/rdstation/contacts',
);
const contactSearch = contacts.search<ContactListParams>({
  order: 'name',
  direction: 'asc',
  filter: (params) => contactSearchFilter(params.search),
});

export interface ContactListParams {
  /** Name, e-mail or phone; see `contactSearchFilter`. */
  search?: string;
  page?: number;
}

/**
 * GET /api/rdstation/contacts?limit=200&page=N&order=name&direction=asc[&filter=…].
 * The filter comes from `contactSearchFilter` (name contains / email contains / phone digits).
 */
export function listContacts(
  params: ContactListParams = {},
  options?: RequestOptions,
): Promise<Page<Contact>> {
  return contactSearch(params, options);
}

/** POST /api/rdstation/contacts. */
export function createContact(payload: ContactPayload): Promise<Contact> {
  return contacts.create(payload);
}

/** GET /api/rdstation/contacts/{id} (data.data.data). */
export function getContact(id: string, options?: RequestOptions): Promise<Contact> {
  return contacts.get(id, options);
}

/** PUT /api/rdstation/contacts/{id}, body { name, organization_id? } (organization only when changed). */
export function updateContact(id: string, payload: ContactUpdatePayload): Promise<Contact> {
  const body: ContactUpdatePayload = { name: payload.name };
  if (payload.organization_id !== undefined) body.organization_id = payload.organization_id;
  return contacts.update(id, body);
}

/**
 * GET /api/rdstation/contact-mapping/{hostContactId} → { mapped, rdstationContactId } and, for a
 * linked chat, `lastDealId` (the contact's last chosen deal, null for none) when the api says it.
 */
export async function getContactMapping(
  hostContactId: string,
  options?: RequestOptions,
): Promise<ContactMappingStatus> {
  const response = await apiClient.get<DataEnvelope<ContactMappingStatus>>(
    `/api/rdstation/contact-mapping/${enc(hostContactId)}`,
    requestConfig(options),
  );
  const status = readPayload(response);
  const mapped = status.mapped === true;
  const rdstationContactId = status.rdstationContactId ?? null;
  if (!mapped || status.lastDealId === undefined) return { mapped, rdstationContactId };
  // As getLastDeal reads it: anything but a non-empty id is "no last deal".
  const { lastDealId } = status;
  return {
    mapped,
    rdstationContactId,
    lastDealId: typeof lastDealId === 'string' && lastDealId !== '' ? lastDealId : null,
  };
}

/** POST /api/rdstation/contact-mapping, body { contactId, rdstationContactId }. */
export async function saveContactMapping(mapping: ContactMapping): Promise<ContactMappingStatus> {
  const body: ContactMapping = {
    contactId: mapping.contactId,
    rdstationContactId: mapping.rdstationContactId,
  };
  const response = await apiClient.post<DataEnvelope<ContactMappingStatus>>(
    '/api/rdstation/contact-mapping',
    body,
  );
  return readPayload(response);
}

/**
 * GET /api/rdstation/contact/{crmContactId}/last-deal → the deal id or null.
 * Never rejects: a failure is logged and reads as "no last deal" (PRODUCT.md §8).
 */
export async function getLastDeal(
  crmContactId: string,
  options?: RequestOptions,
): Promise<string | null> {
  try {
    const response = await apiClient.get<DataEnvelope<LastDeal>>(
      `/api/rdstation/contact/${enc(crmContactId)}/last-deal`,
      requestConfig(options),
    );
    const { dealId } = readPayload(response);
    return typeof dealId === 'string' && dealId !== '' ? dealId : null;
  } catch (error) {
    console.error(MESSAGES.deal.lastDealReadError, error);
    return null;
  }
}

/**
 * POST /api/rdstation/contact/{crmContactId}/last-deal, body { dealId } (null clears it).
 * Never rejects: a failure is logged and ignored (PRODUCT.md §8).
 */
export async function saveLastDeal(crmContactId: string, dealId: string | null): Promise<void> {
  try {
    const body: LastDeal = { dealId };
    await apiClient.post(`/api/rdstation/contact/${enc(crmContactId)}/last-deal`, body);
  } catch (error) {
    console.error(MESSAGES.deal.lastDealSaveError, error);
  }
}

export interface CreatedContactWithMapping extends ContactWithMappingResult {
  /** The new CRM contact's id (`id` or `_id` of the answer). */
  rdstationContactId: string;
}

/**
 * POST /api/rdstation/contacts/with-mapping, body { contact, contactId }: creates the CRM contact
 * and links it to the host contact. An answer without the contact's id (id or _id) rejects with
 * 'Contato criado sem ID'.
 */
export async function createContactWithMapping(
  contact: ContactPayload,
  hostContactId: string,
): Promise<CreatedContactWithMapping> {
  const body: ContactWithMappingPayload = { contact, contactId: hostContactId };
  const response = await apiClient.post<DataEnvelope<ContactWithMappingResult>>(
    '/api/rdstation/contacts/with-mapping',
    body,
  );
  const result = readPayload(response);
  const created: unknown = result.contact;
  const rdstationContactId =
    typeof created === 'object' && created !== null
      ? contactIdOf(created as Partial<Contact>)
      : null;
  if (rdstationContactId === null) throw new ApiClientError(MESSAGES.contacts.createdWithoutId);
  return { success: result.success !== false, contact: result.contact, rdstationContactId };
}
