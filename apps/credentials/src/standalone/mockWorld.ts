import { setupWorker } from 'msw/browser';
import { configureApiClient } from '@crm-panel/api-client';
import {
  createHandlers,
  createMockDb,
  integrationFixture,
  type IntegrationFixture,
  type MockDb,
} from '@crm-panel/api-client/testing';
import { type HostUserInfo } from '@crm-panel/crm-model';

const STORAGE_KEY = 'crm-panel.credentials.standalone.integration';

export type IntegrationFlag = 'termsAccepted' | 'credentialsConfigured' | 'authenticated';

function readSaved(): Partial<IntegrationFixture> {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return typeof parsed === 'object' && parsed !== null ? (parsed as IntegrationFixture) : {};
  } catch {
    return {};
  }
}

export interface MockWorld {
  db: MockDb;
  /** Sets one flag of the mock api (and tells the other windows of this page). */
  setFlag(flag: IntegrationFlag, value: boolean): void;
  reset(): void;
  /** Calls `listener` whenever the mock integration state changes (any window). */
  subscribe(listener: () => void): () => void;
}

/**
 * The api-client mock world in the browser (MSW service worker, same origin). Its integration
 * flags live in localStorage, so a form opened in a popup and this page share one tenant.
 */
export async function startMockWorld(getIdentity: () => HostUserInfo | null): Promise<MockWorld> {
  const db = createMockDb({ integration: { ...integrationFixture, ...readSaved() } });
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const save = () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(db.state.integration));
    notify();
  };
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    db.state.integration = { ...integrationFixture, ...readSaved() };
    notify();
  });

  const worker = setupWorker(...createHandlers({ baseURL: '', db, delayMs: 300 }));
  worker.events.on('response:mocked', save);
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  configureApiClient({ baseURL: '', getIdentity });

  return {
    db,
    setFlag(flag, value) {
      db.state.integration[flag] = value;
      save();
    },
    reset() {
      db.reset();
      save();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
