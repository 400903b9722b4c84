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
 * PUT body: the name always; the organization only when it changed (PRODUCT.md §5), null when it was
 * removed.
 */
export function contactUpdatePayload(
  values: ContactEditValues,
  initialOrganizationId: string | null,
): ContactUpdatePayload {
  const payload: ContactUpdatePayload = { name: values.name.trim() };
  const organizationId = values.organization?.value ?? null;
  if (organizationId !== initialOrganizationId) payload.organization_id = organizationId;
  return payload;
}
