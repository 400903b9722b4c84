import * as yup from 'yup';
import { type ContactUpdatePayload, type DropdownOption, MESSAGES } from '@crm-panel/crm-model';

export interface ContactEditValues {
  name: string;
  organization: DropdownOption | null;
}

/** Spec §5 'Contact edit'. */
export const contactEditSchema = yup.object({
  name: yup.string().trim().required(MESSAGES.contacts.editNameRequired),
});

/**
 * Said where the organization is removed, instead of sending it: RD's update-contact types
 * `organization_id` as a string id and documents no way to clear it (crm-sandbox's strict reading,
 * knob `contactOrganizationNull`), just as for a deal's source.
 */
export const ORGANIZATION_KEPT =
  'A API do RD Station CRM não prevê remover a organização do contato; escolha outra.';

/**
 * Whether the form may take `next` as the organization: anything but leaving a contact that had
 * one without any (ORGANIZATION_KEPT).
 */
export const organizationRemovalRefused = (
  next: DropdownOption | null,
  initialOrganizationId: string | null,
): boolean => next === null && initialOrganizationId !== null;

/**
 * PUT body: the name always; the organization only when another one was chosen (spec, 'Contact
 * edit': "sent only when changed"). Never null: the form refuses a removal before it gets here.
 */
export function contactUpdatePayload(
  values: ContactEditValues,
  initialOrganizationId: string | null,
): ContactUpdatePayload {
  const payload: ContactUpdatePayload = { name: values.name.trim() };
  const organizationId = values.organization?.value;
  if (organizationId && organizationId !== initialOrganizationId) {
    payload.organization_id = organizationId;
  }
  return payload;
}
