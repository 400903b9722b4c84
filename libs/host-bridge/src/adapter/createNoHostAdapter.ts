import { isHostUserInfo, type HostChannel, type HostUserInfo } from '@crm-panel/contracts';
import { createAttendanceRelay } from './attendanceRelay';
import { type HostAdapter } from './HostAdapter';

/** Same-origin windows opened by the panel read the identity of the panel that opened them. */
export const OPENER_BRIDGE_KEY = '__crmPanelHostBridge__';

export interface OpenerBridge {
  readUserInfo(): HostUserInfo | null;
}

export interface NoHostOptions {
  /** Dev/fake identity for a standalone page (e.g. from the shell's runtime config). */
  userInfo?: HostUserInfo | null;
  channels?: HostChannel[];
  /**
   * The window to inherit the identity from when none is configured: a popup or tab opened by
   * the panel (same origin) uses its opener's. Defaults to none.
   */
  opener?: Window | null;
}

function readOpenerUserInfo(opener: Window | null | undefined): HostUserInfo | null {
  if (!opener) return null;
  try {
    const bridge = (opener as unknown as Record<string, unknown>)[OPENER_BRIDGE_KEY];
    if (typeof bridge !== 'object' || bridge === null) return null;
    const read = (bridge as Partial<OpenerBridge>).readUserInfo;
    if (typeof read !== 'function') return null;
    const info: unknown = read();
    return isHostUserInfo(info) ? { userId: info.userId, systemKey: info.systemKey } : null;
  } catch {
    // A cross-origin opener throws on property access: it is not ours, so no identity.
    return null;
  }
}

/**
 * Adapter (c): no host — a standalone page or a plain tab. User info comes from a dev/fake
 * config (or the same-origin opener); there is no attendance and no modal API.
 */
export function createNoHostAdapter(options: NoHostOptions = {}): HostAdapter {
  const relay = createAttendanceRelay();
  const readUserInfo = (): HostUserInfo | null =>
    options.userInfo ?? readOpenerUserInfo(options.opener);
  return {
    kind: 'none',
    readUserInfo,
    getInfoUser: async () => readUserInfo(),
    getInfoChannels: async () => options.channels ?? [],
    subscribe: (handlers) => relay.subscribe(handlers),
    openModal: null,
    closeModal: null,
    dispose: () => relay.clear(),
  };
}
