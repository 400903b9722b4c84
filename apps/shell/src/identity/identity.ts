import type { HostUserInfo } from '@crm-panel/crm-model';

/**
 * The host user the api client speaks for. The api client reads it on every request; the shell
 * writes it once the host has told who is signed in (and again if the host changes it).
 */
let current: HostUserInfo | null = null;

export const getIdentity = (): HostUserInfo | null => current;

export function setIdentity(info: HostUserInfo | null): void {
  current = info;
}
