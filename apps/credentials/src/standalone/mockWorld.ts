import {
  createMockDb,
  integrationFixture,
  type IntegrationFixture,
  type MockDb,
} from '@crm-panel/api-client/testing';

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
  /** Keeps the integration flags (after each mock answer) for the other windows of this page. */
  save(): void;
  /** Sets one flag of the mock api (and tells the other windows of this page). */
  setFlag(flag: IntegrationFlag, value: boolean): void;
  reset(): void;
  /** Calls `listener` whenever the mock integration state changes (any window). */
  subscribe(listener: () => void): () => void;
}

/**
 * The mock world of the standalone page. Its integration flags live in localStorage, so the
 * sign-in window this page opens and the page itself share one tenant.
 */
export function createMockWorld(): MockWorld {
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
  return {
    db,
    save,
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
