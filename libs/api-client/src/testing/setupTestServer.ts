import { type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { type HostUserInfo } from '@crm-panel/crm-model';
// The public entry, not the file: in a remote's build it is the shared singleton, so a
// standalone page configures the very client its screens use, and none of the client is split
// into a chunk of its own beside it.
import { configureApiClient } from '@crm-panel/api-client';
import { identityFixture, MOCK_BASE_URL } from './fixtures';
import { createHandlers } from './handlers';
import { type CapturedRequest, createMockDb, type MockDb, type MockState } from './mockDb';

export interface TestServerOptions {
  /** Defaults to MOCK_BASE_URL (loopback; MSW answers, nothing listens). */
  baseURL?: string;
  /** Replaces parts of the seed, e.g. `{ integration: { ...integrationFixture, authenticated: false } }`. */
  seed?: Partial<MockState>;
  /** Point the shared apiClient at the mock world with this identity (default: identityFixture). */
  configureClient?: boolean;
  identity?: HostUserInfo | null;
  /** Configure the client with api sessions on (`POST /api/session`, bearer tokens). Off by default. */
  session?: boolean;
}

export interface TestServer {
  readonly baseURL: string;
  /** The in-memory api behind the handlers; reset to the seed after each test. */
  readonly db: MockDb;
  /** Requests the handlers answered in this test, oldest first. */
  readonly requests: CapturedRequest[];
  /** The latest request; throws when there was none. */
  lastRequest(): CapturedRequest;
  /** Per-test overrides (removed after each test), e.g. `mockErrorHandler({...})`. */
  use(...handlers: RequestHandler[]): void;
}

interface TestLifecycle {
  beforeAll(fn: () => unknown): void;
  afterEach(fn: () => unknown): void;
  afterAll(fn: () => unknown): void;
}

function jestLifecycle(): TestLifecycle {
  const scope = globalThis as Partial<TestLifecycle>;
  if (
    typeof scope.beforeAll !== 'function' ||
    typeof scope.afterEach !== 'function' ||
    typeof scope.afterAll !== 'function'
  ) {
    throw new Error('setupTestServer() must be called at the top level of a jest test file');
  }
  return scope as TestLifecycle;
}

/**
 * MSW (msw/node) for a jest file: listens before all tests, resets overrides and the db after
 * each, closes after all. Unhandled requests fail the test.
 */
export function setupTestServer(options: TestServerOptions = {}): TestServer {
  const {
    baseURL = MOCK_BASE_URL,
    seed,
    configureClient = true,
    identity = identityFixture,
    session = false,
  } = options;
  const lifecycle = jestLifecycle();
  const db = createMockDb(seed);
  let server: SetupServer | null = null;

  lifecycle.beforeAll(async () => {
    // Loaded lazily (and kept out of browser bundles) so this entry also serves msw/browser pages.
    const { setupServer } = await import(/* webpackIgnore: true */ 'msw/node');
    const started = setupServer(...createHandlers({ baseURL, db }));
    started.listen({ onUnhandledRequest: 'error' });
    server = started;
    if (configureClient) configureApiClient({ baseURL, getIdentity: () => identity, session });
  });
  lifecycle.afterEach(() => {
    server?.resetHandlers();
    db.reset();
  });
  lifecycle.afterAll(() => {
    server?.close();
    server = null;
  });

  return {
    baseURL,
    db,
    get requests() {
      return db.requests;
    },
    lastRequest() {
      const last = db.requests[db.requests.length - 1];
      if (!last) throw new Error('No request reached the mock api');
      return last;
    },
    use(...handlers) {
      if (!server)
        throw new Error('The test server is not listening yet (call use() inside a test)');
      server.use(...handlers);
    },
  };
}
