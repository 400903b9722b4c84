import {
  isHostAttendance,
  isHostChannel,
  isHostUserInfo,
  isModalResult,
  MODAL_CANCELLED,
  type HostGlobal,
  type HostUserInfo,
} from '@crm-panel/contracts';
import { createAttendanceRelay } from './attendanceRelay';
import { type HostAdapter } from './HostAdapter';
import { pickIdentityAssertion } from './identityAssertion';

function pickUserInfo(value: unknown): HostUserInfo | null {
  return isHostUserInfo(value) ? { userId: value.userId, systemKey: value.systemKey } : null;
}

/**
 * Adapter (a): the spec's host, a global browser object (`window.CrmPanelHost`, defined by the
 * host's SDK script). Calls `initialize` once with the attendance events. Everything the host
 * hands over is checked before use: the object is the host's, not ours.
 */
export function createGlobalHostAdapter(host: HostGlobal): HostAdapter {
  const relay = createAttendanceRelay();
  let disposed = false;
  host.initialize({
    onAttendanceOpen(attendance) {
      if (!disposed && isHostAttendance(attendance)) relay.open(attendance);
    },
    onAttendanceClose(attendance) {
      if (!disposed) relay.close(isHostAttendance(attendance) ? attendance : null);
    },
  });
  const openModal = host.openModal;
  const signIdentity = host.getIdentityAssertion;
  return {
    kind: 'global',
    readUserInfo: () => pickUserInfo({ userId: host.userId, systemKey: host.systemKey }),
    getInfoUser: async () => pickUserInfo(await host.getInfoUser()),
    getInfoChannels: async () => {
      const channels: unknown = await host.getInfoChannels();
      return Array.isArray(channels) ? channels.filter(isHostChannel) : [];
    },
    getIdentityAssertion: async () => {
      // Optional in the host protocol: a host that signs nothing omits it.
      if (typeof signIdentity !== 'function') return null;
      try {
        return pickIdentityAssertion(await signIdentity.call(host));
      } catch {
        // The session then falls back to the CRM sign-in; the host's error is not ours to log.
        return null;
      }
    },
    subscribe: (handlers) => relay.subscribe(handlers),
    openModal:
      typeof openModal === 'function'
        ? async (options) => {
            const result: unknown = await openModal.call(host, options);
            return isModalResult(result) ? result : MODAL_CANCELLED;
          }
        : null,
    closeModal: async (result) => {
      await host.closeModal(result);
    },
    dispose() {
      disposed = true;
      relay.clear();
    },
  };
}
