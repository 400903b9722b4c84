import {
  type HostAttendance,
  type HostModalOptions,
  MODAL_CANCELLED,
  type ModalResult,
} from '@crm-panel/contracts';
import { type HostAdapter } from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { identityFixture } from '@crm-panel/api-client/testing';

export interface StandaloneHostOptions {
  attendance: HostAttendance;
  /** A form page opened directly (not as a modal) ended: leave it. */
  onPageFormClosed: () => void;
}

export interface StandaloneHost {
  adapter: HostAdapter;
  /** The modal the "host" shows, or null. */
  getModal(): HostModalOptions | null;
  subscribe(listener: () => void): () => void;
  /** The host's own close button: ends the modal without a result. */
  dismiss(): void;
}

/**
 * A fake host whose modal API draws the form inside this page, so the form and the tab share the
 * page's mock api and the tab's refresh after a saved note can be seen without the shell.
 */
export function createStandaloneHost({
  attendance,
  onPageFormClosed,
}: StandaloneHostOptions): StandaloneHost {
  const fake = createFakeHostAdapter({ userInfo: identityFixture, attendance });
  const listeners = new Set<() => void>();
  let current: { options: HostModalOptions; resolve: (result: ModalResult) => void } | null = null;

  const emit = () => listeners.forEach((listener) => listener());
  const finish = (result: ModalResult): boolean => {
    const open = current;
    if (!open) return false;
    current = null;
    emit();
    open.resolve(result);
    return true;
  };

  const adapter: HostAdapter = {
    kind: 'fake',
    readUserInfo: () => fake.readUserInfo(),
    getInfoUser: () => fake.getInfoUser(),
    getInfoChannels: () => fake.getInfoChannels(),
    subscribe: (handlers) => fake.subscribe(handlers),
    dispose: () => fake.dispose(),
    openModal: (options) =>
      new Promise<ModalResult>((resolve) => {
        finish(MODAL_CANCELLED);
        current = { options, resolve };
        emit();
      }),
    closeModal: async (result) => {
      if (!finish(result)) onPageFormClosed();
    },
  };

  return {
    adapter,
    getModal: () => current?.options ?? null,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dismiss: () => {
      finish(MODAL_CANCELLED);
    },
  };
}
