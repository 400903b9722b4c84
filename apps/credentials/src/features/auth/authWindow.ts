import { FORM_RESULT_PROTOCOL } from '@crm-panel/host-bridge';
import { isModalResult, type ModalResult } from '@crm-panel/contracts';

/** The panel's own auth window (PRODUCT.md §2 route table). */
export const AUTH_POPUP_PATH = '/rdstation-auth-popup';
/** Window names: opening again reuses (and focuses) the same window. */
export const AUTH_WINDOW_NAME = 'crm-panel-auth';
export const PROVIDER_WINDOW_NAME = 'crm-panel-rdstation-oauth';

/**
 * What the auth window posts to its opener when it ends: host-bridge's form-result message
 * (closeForm's 'opener' ending), whose route is null since the auth page is not a modal route.
 */
export function authResultOf(data: unknown): ModalResult | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.protocol !== FORM_RESULT_PROTOCOL || message.type !== 'formResult') return null;
  return isModalResult(message.result) ? message.result : null;
}
