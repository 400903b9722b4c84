import { type ModalResult } from '@crm-panel/contracts';
import { type HostAdapter } from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';

export interface StandaloneHost {
  adapter: HostAdapter;
  /** The URL of the form the "host" shows as a modal, or null. */
  openUrl(): string | null;
  subscribe(listener: () => void): () => void;
}

/**
 * A host for the standalone page: forms open as an in-page modal over the panel, so they share
 * its mock api (an MSW page keeps its data per page), and closeModal hands the result back.
 */
export function createStandaloneHost(onPageClosed: () => void): StandaloneHost {
  const fake = createFakeHostAdapter();
  const listeners = new Set<() => void>();
  let url: string | null = null;
  let pending: ((result: ModalResult) => void) | null = null;
  const notify = () => listeners.forEach((listener) => listener());

  const adapter: HostAdapter = {
    kind: 'fake',
    readUserInfo: () => fake.readUserInfo(),
    getInfoUser: () => fake.getInfoUser(),
    getInfoChannels: () => fake.getInfoChannels(),
    subscribe: (handlers) => fake.subscribe(handlers),
    openModal: (options) =>
      new Promise<ModalResult>((resolve) => {
        pending?.({ success: false });
        pending = resolve;
        url = options.url;
        notify();
      }),
    closeModal: async (result) => {
      const resolve = pending;
      pending = null;
      url = null;
      notify();
      if (resolve) resolve(result);
      // A form opened as a page of its own (the nav link) goes back to the panel.
      else onPageClosed();
    },
    dispose: () => fake.dispose(),
  };

  return {
    adapter,
    openUrl: () => url,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
