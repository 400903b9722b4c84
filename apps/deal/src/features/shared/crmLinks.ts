/**
 * The RD Station CRM web app, where 'Abrir no CRM' sends the person. A deal's page there is
 * `https://crm.rdstation.com/app/deals/{id}`.
 */
export const CRM_APP_URL = 'https://crm.rdstation.com/app';

export function dealCrmUrl(dealId: string): string {
  return `${CRM_APP_URL}/deals/${encodeURIComponent(dealId)}`;
}
