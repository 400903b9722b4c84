import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  type HostAttendance,
  type HostModalOptions,
  MODAL_CANCELLED,
  type ModalResult,
} from '@crm-panel/contracts';
import { type HostAdapter } from '@crm-panel/host-bridge';
import { createFakeHostAdapter, type FakeHostAdapter } from '@crm-panel/host-bridge/testing';

export interface StandaloneModal {
  options: HostModalOptions;
  /** Path and query of the modal page, e.g. '/task-create-modal?dealId=deal-1'. */
  path: string;
}

export interface StandaloneHostState {
  modal: StandaloneModal | null;
  /** The last result a form ended with, shown on the page so it can be checked by eye. */
  lastResult: ModalResult | null;
}

export interface StandaloneHost {
  adapter: HostAdapter;
  /** The fake host underneath: open, switch or close the attendance from a demo control. */
  fake: FakeHostAdapter;
  store: StoreApi<StandaloneHostState>;
  /** What to do when a form opened as a page (not in the modal) ends: usually leave it. */
  setPageExit(exit: (() => void) | null): void;
}

/**
 * The fake host of a standalone page, whose modal API draws the form inside the same page: form
 * and tab share one mock api, so what a form saves shows up in the tab.
 */
export function createStandaloneHost(attendance?: HostAttendance): StandaloneHost {
  const fake = createFakeHostAdapter({ attendance: attendance ?? null });
  const store = createStore<StandaloneHostState>(() => ({ modal: null, lastResult: null }));
  let resolveOpen: ((result: ModalResult) => void) | null = null;
  let pageExit: (() => void) | null = null;

  const adapter: HostAdapter = {
    kind: 'fake',
    readUserInfo: () => fake.readUserInfo(),
    getInfoUser: () => fake.getInfoUser(),
    getInfoChannels: () => fake.getInfoChannels(),
    subscribe: (handlers) => fake.subscribe(handlers),
    openModal: (options) => {
      resolveOpen?.(MODAL_CANCELLED);
      return new Promise<ModalResult>((resolve) => {
        const url = new URL(options.url, window.location.href);
        resolveOpen = resolve;
        store.setState({ modal: { options, path: `${url.pathname}${url.search}` } });
      });
    },
    closeModal: async (result) => {
      store.setState({ modal: null, lastResult: result });
      if (resolveOpen) {
        const resolve = resolveOpen;
        resolveOpen = null;
        resolve(result);
      } else {
        pageExit?.();
      }
    },
    dispose: () => fake.dispose(),
  };

  return {
    adapter,
    fake,
    store,
    setPageExit: (exit) => {
      pageExit = exit;
    },
  };
}
