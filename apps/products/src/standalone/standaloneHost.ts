import { createStore, type StoreApi } from 'zustand/vanilla';
import { MODAL_CANCELLED, type HostModalOptions, type ModalResult } from '@crm-panel/contracts';
import { type HostAdapter } from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';

export interface StandaloneModal {
  options: HostModalOptions;
  /** Path + query of the modal page inside this app, e.g. '/product-create-modal?dealId=…'. */
  path: string;
}

export interface StandaloneHostState {
  modal: StandaloneModal | null;
  /** The last result a form ended with, shown on the page so it can be checked by eye. */
  lastResult: ModalResult | null;
}

export interface StandaloneHost {
  adapter: HostAdapter;
  store: StoreApi<StandaloneHostState>;
  /** Ends the open modal as the host's own close button would: with success false. */
  dismiss(): void;
  /** Where a form page shown as a page (not in the modal) goes when it ends. */
  setPageExit(exit: (() => void) | null): void;
}

/**
 * The fake host of host-bridge/testing, with a modal API that shows the modal page in this very
 * document. A real host opens a separate page; here the form shares the page's mock api, so a
 * save shows in the tab at once, as it does against the real backend.
 */
export function createStandaloneHost(): StandaloneHost {
  const fake = createFakeHostAdapter();
  const store = createStore<StandaloneHostState>(() => ({ modal: null, lastResult: null }));
  let pending: ((result: ModalResult) => void) | null = null;
  let pageExit: (() => void) | null = null;

  const finish = (result: ModalResult) => {
    const resolve = pending;
    pending = null;
    store.setState({ modal: null, lastResult: result });
    resolve?.(result);
  };

  const adapter: HostAdapter = {
    kind: 'fake',
    readUserInfo: () => fake.readUserInfo(),
    getInfoUser: () => fake.getInfoUser(),
    getInfoChannels: () => fake.getInfoChannels(),
    subscribe: (handlers) => fake.subscribe(handlers),
    openModal: (options) =>
      new Promise<ModalResult>((resolve) => {
        pending?.(MODAL_CANCELLED);
        pending = resolve;
        const url = new URL(options.url, window.location.href);
        store.setState({ modal: { options, path: `${url.pathname}${url.search}` } });
      }),
    closeModal: async (result) => {
      if (pending) {
        finish(result);
        return;
      }
      store.setState({ lastResult: result });
      pageExit?.();
    },
    dispose: () => fake.dispose(),
  };

  return {
    adapter,
    store,
    dismiss: () => finish(MODAL_CANCELLED),
    setPageExit: (exit) => {
      pageExit = exit;
    },
  };
}
