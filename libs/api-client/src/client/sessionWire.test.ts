import { delay, http, HttpResponse } from 'msw';
import { type HostUserInfo } from '@crm-panel/crm-model';
import { getTermsStatus } from '@api-client/resources/terms';
import { getAuthStatus } from '@api-client/resources/auth';
import { identityFixture, setupTestServer } from '@api-client/testing';
import {
  apiClient,
  type ApiClientConfig,
  configureApiClient,
  getSessionInfo,
  prepareSession,
} from './apiClient';
import { getErrorMessage, isHttpStatus } from './errors';
import { sessionStorageKey } from './session';

// What goes over the wire with sessions on: the session calls, their bodies and the bearer
// token every other call carries.

const server = setupTestServer();

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-23T12:00:00.000Z');
let now = T0;
let identity: HostUserInfo | null = identityFixture;
const otherUser: HostUserInfo = { userId: 'host-user-2', systemKey: 'system-key-demo' };

function configure(extra: Partial<ApiClientConfig> = {}): void {
  configureApiClient({
    baseURL: server.baseURL,
    getIdentity: () => identity,
    session: true,
    ...extra,
  });
}

beforeEach(() => {
  now = T0;
  identity = identityFixture;
  localStorage.clear();
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  configure();
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const calls = () => server.requests.map((request) => `${request.method} ${request.path}`);
const auth = (index: number) => server.requests[index]?.headers.authorization;
const storedToken = (who: HostUserInfo = identityFixture): string | undefined => {
  const raw = localStorage.getItem(sessionStorageKey(who));
  return raw ? (JSON.parse(raw) as { token: string }).token : undefined;
};
const TERMS_URL = () => `${server.baseURL}/api/rdstation/terms/status`;

/**
 * Answers GET /api/rdstation/terms/status with `answer(n)` (n = 1, 2, …) when it returns a
 * response, else lets the mock api answer; records the Authorization header of every try.
 */
function termsProbe(answer: (n: number) => Response | undefined) {
  const seen: (string | null)[] = [];
  server.use(
    http.get(TERMS_URL(), ({ request }) => {
      seen.push(request.headers.get('authorization'));
      return answer(seen.length);
    }),
  );
  return seen;
}

const refusal = (code: string | null, message = 'Sessão recusada') =>
  HttpResponse.json(code === null ? { message } : { message, code }, { status: 401 });

describe('earning a session', () => {
  it('prepareSession earns it ahead of the first call, which then goes alone with its token', async () => {
    await prepareSession();
    expect(calls()).toEqual(['POST /api/session']);
    await expect(getTermsStatus()).resolves.toEqual({ accepted: true });
    expect(calls()).toEqual(['POST /api/session', 'GET /api/rdstation/terms/status']);
    expect(auth(1)).toBe(`Bearer ${storedToken()}`);
  });

  it('prepareSession sends nothing without an identity or with sessions off', async () => {
    identity = null;
    await prepareSession();
    identity = identityFixture;
    configure({ session: false });
    await prepareSession();
    expect(calls()).toEqual([]);
  });

  it('POST /api/session {} with the identity headers and no token, then Authorization: Bearer on the call', async () => {
    await expect(getTermsStatus()).resolves.toEqual({ accepted: true });

    expect(calls()).toEqual(['POST /api/session', 'GET /api/rdstation/terms/status']);
    const [start, call] = server.requests;
    expect(start?.body).toEqual({});
    expect(start?.headers).toEqual({
      'x-user-id': 'host-user-1',
      'x-system-key': 'system-key-demo',
    });
    expect(auth(0)).toBeUndefined();
    expect(call?.headers).toMatchObject({
      'x-user-id': 'host-user-1',
      'x-system-key': 'system-key-demo',
    });
    expect(auth(1)).toMatch(/^Bearer mock-session-token-\d{6}$/);
    expect(auth(1)).toBe(`Bearer ${storedToken()}`);
  });

  it('sends the host assertion: POST /api/session { assertion }', async () => {
    const getAssertion = jest.fn(async () => 'eyJhbGciOiJFUzI1NiJ9.assercao.assinatura');
    configure({ getAssertion });

    await getTermsStatus();

    expect(calls()).toEqual(['POST /api/session', 'GET /api/rdstation/terms/status']);
    expect(server.requests[0]?.body).toEqual({
      assertion: 'eyJhbGciOiJFUzI1NiJ9.assercao.assinatura',
    });
    expect(getAssertion).toHaveBeenCalledTimes(1);
  });

  it('a host that gives no assertion (null, or a failure) gets POST /api/session {}', async () => {
    configure({ getAssertion: async () => null });
    await getTermsStatus();
    expect(server.requests[0]?.body).toEqual({});

    localStorage.clear();
    configure({
      getAssertion: async () => {
        throw new Error('host fora do ar');
      },
    });
    await getAuthStatus();
    expect(calls().slice(2)).toEqual(['POST /api/session', 'GET /api/rdstation/auth/status']);
    expect(server.requests[2]?.body).toEqual({});
  });

  it('concurrent calls share one session start (single flight)', async () => {
    server.use(
      http.post(`${server.baseURL}/api/session`, async () => {
        await delay(20);
        return undefined;
      }),
    );
    const getAssertion = jest.fn(async () => 'jwt-unico');
    configure({ getAssertion });

    await Promise.all([
      getTermsStatus(),
      getAuthStatus(),
      getTermsStatus(),
      apiClient.get('/api/rdstation/credentials/status'),
    ]);

    expect(calls().filter((call) => call.startsWith('POST /api/session'))).toHaveLength(1);
    expect(calls()[0]).toBe('POST /api/session');
    expect(getAssertion).toHaveBeenCalledTimes(1);
    const tokens = new Set(
      server.requests.slice(1).map((request) => request.headers.authorization),
    );
    expect([...tokens]).toEqual([`Bearer ${storedToken()}`]);
  });

  it('never waits for a session on the session calls themselves', async () => {
    await apiClient.post('/api/session', {});
    await apiClient.post('/api/session/renew', {}).catch((error: unknown) => error);

    expect(calls()).toEqual(['POST /api/session', 'POST /api/session/renew']);
    expect(auth(0)).toBeUndefined();
    expect(auth(1)).toBeUndefined();
    expect(server.requests[0]?.headers['x-user-id']).toBe('host-user-1');
  });

  it('a refused start fails the call with the api message, and the call is not sent', async () => {
    server.use(
      http.post(`${server.baseURL}/api/session`, () =>
        HttpResponse.json(
          {
            message: 'O sistema de atendimento deste tenant precisa identificar o usuário.',
            code: 'assertion_required',
          },
          { status: 401 },
        ),
      ),
    );

    const error = await getTermsStatus().catch((caught: unknown) => caught);

    expect(isHttpStatus(error, 401)).toBe(true);
    expect(getErrorMessage(error, 'x')).toBe(
      'O sistema de atendimento deste tenant precisa identificar o usuário.',
    );
    expect(calls()).toEqual([]);
  });

  it('without a complete identity there is no session call; the api answers 400 as before', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    identity = null;

    const error = await getTermsStatus().catch((caught: unknown) => caught);

    expect(isHttpStatus(error, 400)).toBe(true);
    expect(calls()).toEqual(['GET /api/rdstation/terms/status']);
    expect(auth(0)).toBeUndefined();
  });

  it('with sessions off (the default) nothing changes on the wire', async () => {
    configureApiClient({ baseURL: server.baseURL, getIdentity: () => identityFixture });

    await getTermsStatus();

    expect(calls()).toEqual(['GET /api/rdstation/terms/status']);
    expect(auth(0)).toBeUndefined();
    expect(getSessionInfo()).toBeNull();
  });
});

describe('keeping and renewing it', () => {
  it('uses the same token while more than 2 minutes are left, then renews before the call', async () => {
    await getTermsStatus();
    const first = storedToken();

    now = T0 + 12 * MINUTE;
    await getTermsStatus();
    expect(calls()).toEqual([
      'POST /api/session',
      'GET /api/rdstation/terms/status',
      'GET /api/rdstation/terms/status',
    ]);
    expect(auth(2)).toBe(`Bearer ${first}`);

    now = T0 + 13.5 * MINUTE;
    await getTermsStatus();
    expect(calls().slice(3)).toEqual([
      'POST /api/session/renew',
      'GET /api/rdstation/terms/status',
    ]);
    expect(auth(3)).toBe(`Bearer ${first}`);
    expect(server.requests[3]?.body).toEqual({});
    const renewed = storedToken();
    expect(renewed).not.toBe(first);
    expect(auth(4)).toBe(`Bearer ${renewed}`);
  });

  it('a call with its token at hand leaves in the same task; one that must renew first does not', async () => {
    await getTermsStatus();
    const leftAt: string[] = [];
    const realFetch = globalThis.fetch;
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      // axios's fetch adapter sends a Request.
      leftAt.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return realFetch(input, init);
    });

    const fresh = getTermsStatus();
    expect(leftAt).toEqual(['/api/rdstation/terms/status']);
    await fresh;

    now = T0 + 13.5 * MINUTE;
    leftAt.length = 0;
    const renewing = getTermsStatus();
    // The renewal leaves; the call waits for its answer.
    expect(leftAt).toEqual(['/api/session/renew']);
    await renewing;
    expect(leftAt).toEqual(['/api/session/renew', '/api/rdstation/terms/status']);
  });

  it('renews an assertion session with a fresh assertion in the body', async () => {
    let issued = 0;
    configure({ getAssertion: async () => `jwt-${++issued}` });

    await getTermsStatus();
    now = T0 + 14 * MINUTE;
    await getTermsStatus();

    expect(calls()).toEqual([
      'POST /api/session',
      'GET /api/rdstation/terms/status',
      'POST /api/session/renew',
      'GET /api/rdstation/terms/status',
    ]);
    expect(server.requests[0]?.body).toEqual({ assertion: 'jwt-1' });
    expect(server.requests[2]?.body).toEqual({ assertion: 'jwt-2' });
  });

  it('concurrent calls near expiry share one renewal', async () => {
    await getTermsStatus();
    now = T0 + 14 * MINUTE;

    await Promise.all([getTermsStatus(), getAuthStatus(), getTermsStatus()]);

    expect(calls().filter((call) => call === 'POST /api/session/renew')).toHaveLength(1);
    expect(calls()).toHaveLength(6);
  });

  it('stores the token under crm-panel.session:<systemKey>:<userId>; a reloaded page reuses it', async () => {
    await getTermsStatus();
    expect(Object.keys(localStorage)).toEqual(['crm-panel.session:system-key-demo:host-user-1']);
    const stored = JSON.parse(
      localStorage.getItem('crm-panel.session:system-key-demo:host-user-1') ?? '{}',
    ) as Record<string, unknown>;
    expect(stored).toMatchObject({
      token: storedToken(),
      expiresAt: T0 + 15 * MINUTE,
      userId: 'host-user-1',
      systemKey: 'system-key-demo',
    });

    configure(); // a new page of the same browser
    now = T0 + 5 * MINUTE;
    await getAuthStatus();

    expect(calls()).toEqual([
      'POST /api/session',
      'GET /api/rdstation/terms/status',
      'GET /api/rdstation/auth/status',
    ]);
    expect(auth(2)).toBe(`Bearer ${storedToken()}`);
  });

  it('a stored token with under 2 minutes left is renewed first; an expired one is not used', async () => {
    await getTermsStatus();
    const first = storedToken();

    configure();
    now = T0 + 14 * MINUTE;
    await getTermsStatus();
    expect(calls().slice(2)).toEqual([
      'POST /api/session/renew',
      'GET /api/rdstation/terms/status',
    ]);
    expect(auth(2)).toBe(`Bearer ${first}`);

    configure();
    now = T0 + 60 * MINUTE;
    await getTermsStatus();
    expect(calls().slice(4)).toEqual(['POST /api/session', 'GET /api/rdstation/terms/status']);
  });

  it('a host assertion wins over a stored token', async () => {
    await getTermsStatus();
    configure({ getAssertion: async () => 'jwt-novo' });

    await getTermsStatus();

    expect(calls().slice(2)).toEqual(['POST /api/session', 'GET /api/rdstation/terms/status']);
    expect(server.requests[2]?.body).toEqual({ assertion: 'jwt-novo' });
  });

  it('a refused renewal (401) starts a new session', async () => {
    await getTermsStatus();
    server.use(http.post(`${server.baseURL}/api/session/renew`, () => refusal('session_expired')));
    now = T0 + 14 * MINUTE;

    await getTermsStatus();

    expect(calls().slice(2)).toEqual(['POST /api/session', 'GET /api/rdstation/terms/status']);
    expect(auth(3)).toBe(`Bearer ${storedToken()}`);
  });

  it('a renewal that fails without a verdict keeps the current token while it lasts', async () => {
    await getTermsStatus();
    const first = storedToken();
    server.use(
      http.post(`${server.baseURL}/api/session/renew`, () => HttpResponse.error(), { once: true }),
    );
    now = T0 + 14 * MINUTE;

    await getTermsStatus();

    expect(calls().slice(2)).toEqual(['GET /api/rdstation/terms/status']);
    expect(auth(2)).toBe(`Bearer ${first}`);
  });

  it('getSessionInfo() tells stage, role and method of the current user, never the token', async () => {
    expect(getSessionInfo()).toBeNull();
    server.use(
      http.post(`${server.baseURL}/api/session`, ({ request }) =>
        HttpResponse.json(
          {
            token: 'token-pendente-0123456789',
            expiresAt: T0 + 15 * MINUTE,
            userId: request.headers.get('x-user-id'),
            systemKey: request.headers.get('x-system-key'),
            role: null,
            stage: 'pending',
            method: 'crm',
          },
          { status: 201 },
        ),
      ),
    );

    await getTermsStatus();

    expect(getSessionInfo()).toEqual({
      expiresAt: T0 + 15 * MINUTE,
      userId: 'host-user-1',
      systemKey: 'system-key-demo',
      role: null,
      stage: 'pending',
      method: 'crm',
    });
    identity = otherUser;
    expect(getSessionInfo()).toBeNull();
  });
});

describe('when the user changes', () => {
  it("never sends another user's token: each user earns their own", async () => {
    await getTermsStatus();
    const first = storedToken();

    identity = otherUser;
    await getTermsStatus();

    expect(calls()).toEqual([
      'POST /api/session',
      'GET /api/rdstation/terms/status',
      'POST /api/session',
      'GET /api/rdstation/terms/status',
    ]);
    expect(server.requests[2]?.headers['x-user-id']).toBe('host-user-2');
    expect(server.requests[3]?.headers['x-user-id']).toBe('host-user-2');
    const second = storedToken(otherUser);
    expect(second).not.toBe(first);
    expect(auth(3)).toBe(`Bearer ${second}`);

    identity = identityFixture;
    await getTermsStatus();
    expect(calls()).toHaveLength(5);
    expect(auth(4)).toBe(`Bearer ${first}`);
  });
});

describe('a 401 that says the token is no good', () => {
  it.each(['session_required', 'session_expired', 'session_mismatch'])(
    '%s: forgets the token, earns a new one and sends the call again, once',
    async (code) => {
      await getTermsStatus();
      const first = storedToken();
      const tries = termsProbe((n) => (n === 1 ? refusal(code) : undefined));

      await expect(getTermsStatus()).resolves.toEqual({ accepted: true });

      expect(tries).toHaveLength(2);
      expect(tries[0]).toBe(`Bearer ${first}`);
      const second = storedToken();
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect(tries[1]).toBe(`Bearer ${second}`);
      expect(calls().slice(2)).toEqual(['POST /api/session', 'GET /api/rdstation/terms/status']);
    },
  );

  it('retries a write with the same body', async () => {
    await getTermsStatus();
    const bodies: unknown[] = [];
    server.use(
      http.post(`${server.baseURL}/api/rdstation/contact-mapping`, async ({ request }) => {
        bodies.push(await request.clone().json());
        return bodies.length === 1 ? refusal('session_expired') : undefined;
      }),
    );

    await apiClient.post('/api/rdstation/contact-mapping', {
      contactId: 'c-1',
      rdstationContactId: 'r-1',
    });

    expect(bodies).toEqual([
      { contactId: 'c-1', rdstationContactId: 'r-1' },
      { contactId: 'c-1', rdstationContactId: 'r-1' },
    ]);
  });

  it('a second refusal is final: no loop', async () => {
    await getTermsStatus();
    const tries = termsProbe(() => refusal('session_expired', 'Sua sessão no painel expirou.'));

    const error = await getTermsStatus().catch((caught: unknown) => caught);

    expect(isHttpStatus(error, 401)).toBe(true);
    expect(getErrorMessage(error, 'x')).toBe('Sua sessão no painel expirou.');
    expect(tries).toHaveLength(2);
    expect(calls().filter((call) => call === 'POST /api/session')).toHaveLength(2);
  });

  it('concurrent refusals of the same token earn one new session', async () => {
    await getTermsStatus();
    const first = storedToken();
    termsProbe((n) => (n <= 3 ? refusal('session_expired') : undefined));
    server.use(
      http.post(`${server.baseURL}/api/session`, async () => {
        await delay(20);
        return undefined;
      }),
    );

    await Promise.all([getTermsStatus(), getTermsStatus(), getTermsStatus()]);

    expect(calls().filter((call) => call === 'POST /api/session')).toHaveLength(2);
    expect(storedToken()).not.toBe(first);
  });

  it.each([['session_pending'], ['crm_sign_in_required'], ['assertion_invalid'], [null]])(
    'other 401s (%s) are answers, not retried',
    async (code) => {
      await getTermsStatus();
      const tries = termsProbe(() => refusal(code));

      const error = await getTermsStatus().catch((caught: unknown) => caught);

      expect(isHttpStatus(error, 401)).toBe(true);
      expect(tries).toHaveLength(1);
      expect(calls().filter((call) => call === 'POST /api/session')).toHaveLength(1);
    },
  );
});
