/**
 * The RD Station CRM web app (not its API). A contact opens at `/app/contacts/{id}`; the
 * panel links there so the attendant sees the full record in a new tab.
 */
export const CRM_APP_URL = 'https://crm.rdstation.com/app';

/** https://crm.rdstation.com/app/contacts/{id} */
export function crmContactUrl(contactId: string): string {
  return `${CRM_APP_URL}/contacts/${encodeURIComponent(contactId)}`;
}
