import { CRM_WAITING_MESSAGE, useCrmWaiting } from '@crm-panel/api-client';
import { Alert } from '@crm-panel/ui';

/**
 * 'Aguardando o RD Station CRM…' while a read or a write of this page waits out a busy CRM (the
 * tenant's budget is spent for now): it goes again by itself, and the notice leaves once it is
 * answered. On the main panel and on every page the host opens (a form saving in a modal).
 */
export function CrmWaitingNotice() {
  const waiting = useCrmWaiting();
  return waiting ? <Alert tone="info">{CRM_WAITING_MESSAGE}</Alert> : null;
}
