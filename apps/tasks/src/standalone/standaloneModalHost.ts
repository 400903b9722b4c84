import { type HostModalOptions, type ModalResult } from '@crm-panel/contracts';
import { type HostAdapter } from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';

export interface OpenStandaloneModal {
  options: HostModalOptions;
  /** Path and query of the modal page, e.g. '/task-create-modal?dealId=deal-1'. */
  path: string;
}

export interface StandaloneModalHost {
  adapter: HostAdapter;
  /** The modal on screen, or null. */
  current(): OpenStandaloneModal | null;
  subscribe(listener: () => void): () => void;
}

/**
 * The fake host of the standalone page, with a modal API drawn inside the same page: the form
 * and the tab then share one mock api, so a task saved in the form shows up in the tab.
 */
export function createStandaloneModalHost(): StandaloneModalHost {
  const base = createFakeHostAdapter();
  const listeners = new Set<() => void>();
  let open: (OpenStandaloneModal & { resolve: (result: ModalResult) => void }) | null = null;
  const emit = () => listeners.forEach((listener) => listener());

  const adapter: HostAdapter = {
    kind: 'fake',
    readUserInfo: () => base.readUserInfo(),
    getInfoUser: () => base.getInfoUser(),
    getInfoChannels: () => base.getInfoChannels(),
    subscribe: (handlers) => base.subscribe(handlers),
    openModal: (options) =>
      new Promise<ModalResult>((resolve) => {
        const url = new URL(options.url, window.location.href);
        open = { options, path: `${url.pathname}${url.search}`, resolve };
        emit();
      }),
    closeModal: async (result) => {
      const closing = open;
      open = null;
      emit();
      closing?.resolve(result);
    },
    dispose: () => base.dispose(),
  };

  return {
    adapter,
    current: () => open,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
