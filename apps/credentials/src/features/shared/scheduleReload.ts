import { reloadPage } from './reloadPage';

/**
 * Reloads the panel after `delayMs`. Deliberately not tied to a component's lifetime: a form page
 * that ended (and was navigated away from) must still reload the panel it leaves behind.
 */
export function scheduleReload(delayMs: number): void {
  setTimeout(reloadPage, delayMs);
}
