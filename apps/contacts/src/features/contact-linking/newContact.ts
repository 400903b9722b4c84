import * as yup from 'yup';
import {
  type ContactPayload,
  type HostContact,
  MESSAGES,
  NEW_CONTACT_EMAIL_TYPE,
  NEW_CONTACT_PHONE_TYPE,
} from '@crm-panel/crm-model';

export interface NewContactValues {
  name: string;
  email: string;
  phone: string;
  jobTitle: string;
}

/** Spec §5 'New contact': only the name is required. */
export const newContactSchema = yup.object({
  name: yup.string().trim().required(MESSAGES.contacts.newNameRequired),
  email: yup.string(),
  phone: yup.string(),
  jobTitle: yup.string(),
});

/** The chat contact fills the form in: its name and number. */
export function newContactInitialValues(contact: HostContact): NewContactValues {
  return { name: contact.nome ?? '', email: '', phone: contact.numero ?? '', jobTitle: '' };
}

/**
 * Spec §5: email and phone go as a work email and a cellphone phone (the api maps the type to the
 * CRM's own); empty optional fields are left out.
 */
export function newContactPayload(values: NewContactValues): ContactPayload {
  const payload: ContactPayload = { name: values.name.trim() };
  const email = values.email.trim();
  const phone = values.phone.trim();
  const jobTitle = values.jobTitle.trim();
  if (email) payload.emails = [{ email, type: NEW_CONTACT_EMAIL_TYPE }];
  if (phone) payload.phones = [{ phone, type: NEW_CONTACT_PHONE_TYPE }];
  if (jobTitle) payload.job_title = jobTitle;
  return payload;
}
