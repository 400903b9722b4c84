import { type Contact, contactIdOf, type DropdownOption } from '@crm-panel/crm-model';

function firstFilled(values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

export function primaryEmail(contact: Pick<Contact, 'emails'>): string | null {
  return firstFilled((contact.emails ?? []).map((item) => item.email));
}

export function primaryPhone(contact: Pick<Contact, 'phones'>): string | null {
  return firstFilled((contact.phones ?? []).map((item) => item.phone));
}

/** What tells two people of the same name apart in a list: e-mail, phone, job title. */
export function contactDetails(contact: Contact): string[] {
  return [primaryEmail(contact), primaryPhone(contact), contact.job_title ?? null].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
}

/** `contactDetails` on one line ('a · b · c'), or undefined when there are none. */
export function contactSubtitle(contact: Contact): string | undefined {
  const parts = contactDetails(contact);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** A CRM contact as a dropdown option (value = its id, `id` or `_id`). */
export function contactOption(contact: Contact): DropdownOption {
  return {
    value: contactIdOf(contact) ?? contact.id,
    label: contact.name,
    subtitle: contactSubtitle(contact),
  };
}
