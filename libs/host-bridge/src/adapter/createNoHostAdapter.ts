import { isHostUserInfo, type HostChannel, type HostUserInfo } from '@crm-panel/contracts';
import { createAttendanceRelay } from './attendanceRelay';
import { type HostAdapter } from './HostAdapter';
import { pickIdentityAssertion } from './identityAssertion';

/** Same-origin windows opened by the panel read the identity of the panel that opened them. */
export const OPENER_BRIDGE_KEY = '__crmPanelHostBridge__';

export interface OpenerBridge {
  readUserInfo(): HostUserInfo | null;
  /** The opener's host adapter's `getIdentityAssertion` (absent in older panels). */
  getIdentityAssertion?(): Promise<string | null>;
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

function openerBridge(opener: Window | null | undefined): Partial<OpenerBridge> | null {
  if (!opener) return null;
  const bridge = (opener as unknown as Record<string, unknown>)[OPENER_BRIDGE_KEY];
  return typeof bridge === 'object' && bridge !== null ? (bridge as Partial<OpenerBridge>) : null;
}

function readOpenerUserInfo(opener: Window | null | undefined): HostUserInfo | null {
  try {
    const read = openerBridge(opener)?.readUserInfo;
    if (typeof read !== 'function') return null;
    const info: unknown = read();
    return isHostUserInfo(info) ? { userId: info.userId, systemKey: info.systemKey } : null;
  } catch {
    // A cross-origin opener throws on property access: it is not ours, so no identity.
    return null;
  }
}

/** The opener's host signs for the identity this window borrowed from it. */
async function readOpenerAssertion(opener: Window | null | undefined): Promise<string | null> {
  try {
    const sign = openerBridge(opener)?.getIdentityAssertion;
    if (typeof sign !== 'function') return null;
    return pickIdentityAssertion(await sign());
  } catch {
    // Cross-origin opener, closed opener or a host that failed: no assertion.
    return null;
  }
}

/**
 * Adapter (c): no host — a standalone page or a plain tab. User info comes from a dev/fake
 * config (or the same-origin opener); there is no attendance and no modal API. A window that
 * borrows its opener's identity also borrows its opener's identity assertions; a configured
 * identity has none.
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
    getIdentityAssertion: async () =>
      options.userInfo ? null : readOpenerAssertion(options.opener),
    subscribe: (handlers) => relay.subscribe(handlers),
    openModal: null,
    closeModal: null,
    dispose: () => relay.clear(),
  };
}
