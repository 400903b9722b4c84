import { answeredError, unansweredError } from '@api-client/test-support/apiErrors';
import { ApiRequestError, UnexpectedResponseError } from './errors';
import {
  createSessionManager,
  isSessionPath,
  parseApiSession,
  SESSION_BRIDGE_KEY,
  type ApiSessionIdentity,
  type SessionRequestBody,
  type SessionTransport,
  type SessionWindowLike,
} from './session';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const ana: ApiSessionIdentity = { userId: 'user-ana', systemKey: 'tenant-acme' };

/** A transport that answers like the api and records every call. */
function fakeTransport(clock: { now: number }, prefix = 'token') {
  let issued = 0;
  const sent: { call: 'start' | 'renew'; token?: string; body: SessionRequestBody }[] = [];
  const answer = (identity: ApiSessionIdentity, body: SessionRequestBody) => ({
    token: `${prefix}-${++issued}`,
    expiresAt: clock.now + 15 * MINUTE,
    userId: identity.userId,
    systemKey: identity.systemKey,
    role: 'attendant',
    stage: 'full',
    method: 'assertion' in body ? 'assertion' : 'crm',
  });
  const transport: SessionTransport & { sent: typeof sent } = {
    sent,
    start: jest.fn(async (identity: ApiSessionIdentity, body: SessionRequestBody) => {
      sent.push({ call: 'start', body });
      return answer(identity, body);
    }),
    renew: jest.fn(
      async (identity: ApiSessionIdentity, token: string, body: SessionRequestBody) => {
        sent.push({ call: 'renew', token, body });
        return answer(identity, body);
      },
    ),
  };
  return transport;
}

/** A browser window: a Storage-like map, an opener, and a place for the bridge. */
function fakeWindow(opener: unknown = null) {
  const stored = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  } as unknown as Storage;
  const win: SessionWindowLike & Record<string, unknown> = { localStorage, opener };
  return { win, stored };
}

function unauthorized(code: string): ApiRequestError {
  return answeredError(401, { message: 'Sessão recusada', code });
}

describe('isSessionPath', () => {
  it('matches exactly the two session calls, with or without origin and query', () => {
    expect(isSessionPath('/api/session')).toBe(true);
    expect(isSessionPath('/api/session/renew')).toBe(true);
    expect(isSessionPath('http://127.0.0.1:3333/api/session?x=1')).toBe(true);
    expect(isSessionPath('/api/sessions')).toBe(false);
    expect(isSessionPath('/api/session/other')).toBe(false);
    expect(isSessionPath('/api/rdstation/auth/status')).toBe(false);
    expect(isSessionPath(undefined)).toBe(false);
  });
});

describe('parseApiSession', () => {
  const answer = {
    token: 't-1',
    expiresAt: T0,
    userId: 'user-ana',
    systemKey: 'tenant-acme',
    role: 'admin',
    stage: 'pending',
    method: 'crm',
  };

  it('reads the bare answer and one in a { data } envelope', () => {
    expect(parseApiSession(answer, ana)).toEqual(answer);
    expect(parseApiSession({ data: answer }, ana)).toEqual(answer);
  });

  it('refuses an answer without a token or expiry, or for another user', () => {
    expect(parseApiSession({ ...answer, token: '' }, ana)).toBeNull();
    expect(parseApiSession({ ...answer, expiresAt: 'amanhã' }, ana)).toBeNull();
    expect(parseApiSession({ ...answer, userId: 'user-bruno' }, ana)).toBeNull();
    expect(parseApiSession(null, ana)).toBeNull();
  });
});

describe('createSessionManager', () => {
  let clock: { now: number };
  beforeEach(() => {
    clock = { now: T0 };
  });
  const managerFor = (
    transport: SessionTransport,
    win: SessionWindowLike | null,
    getAssertion?: () => Promise<string | null>,
  ) => createSessionManager({ transport, window: win, getAssertion, now: () => clock.now });

  it('a popup reuses the session of the same-origin panel that opened it (same family)', async () => {
    const panel = fakeWindow();
    const panelTransport = fakeTransport(clock);
    const panelSessions = managerFor(panelTransport, panel.win);
    const panelToken = await panelSessions.token(ana);
    expect(panel.win[SESSION_BRIDGE_KEY]).toBeDefined();

    // A popup whose storage is blocked: only the opener can help.
    const popupWin: SessionWindowLike = {
      get localStorage(): Storage {
        throw new DOMException('Acesso negado', 'SecurityError');
      },
      opener: panel.win,
    };
    const popupTransport = fakeTransport(clock);
    const popupSessions = managerFor(popupTransport, popupWin);

    await expect(popupSessions.token(ana)).resolves.toBe(panelToken);
    expect(popupTransport.sent).toEqual([]);
  });

  it("renews the opener's token in the popup when under 2 minutes are left", async () => {
    const panel = fakeWindow();
    const panelToken = await managerFor(fakeTransport(clock), panel.win).token(ana);
    const popupTransport = fakeTransport(clock, 'popup');
    const popupSessions = managerFor(popupTransport, { opener: panel.win });

    clock.now = T0 + 14 * MINUTE;
    const token = await popupSessions.token(ana);

    expect(popupTransport.sent).toEqual([{ call: 'renew', token: panelToken, body: {} }]);
    expect(token).not.toBe(panelToken);
  });

  it("does not borrow the opener's session of another user", async () => {
    const panel = fakeWindow();
    await managerFor(fakeTransport(clock), panel.win).token(ana);
    const popupTransport = fakeTransport(clock);

    await managerFor(popupTransport, { opener: panel.win }).token({
      userId: 'user-bruno',
      systemKey: 'tenant-acme',
    });

    expect(popupTransport.sent).toEqual([{ call: 'start', body: {} }]);
  });

  it('a cross-origin opener and a blocked storage count as nothing to reuse', async () => {
    const crossOrigin = new Proxy(
      {},
      {
        get() {
          throw new DOMException('Blocked a frame', 'SecurityError');
        },
      },
    );
    const transport = fakeTransport(clock);
    const sessions = managerFor(transport, {
      get localStorage(): Storage {
        throw new DOMException('Acesso negado', 'SecurityError');
      },
      opener: crossOrigin,
    });

    await expect(sessions.token(ana)).resolves.toBe('token-1');
    await expect(sessions.token(ana)).resolves.toBe('token-1');
    expect(transport.sent).toEqual([{ call: 'start', body: {} }]);
  });

  it('a token the api refused is never picked up again, from storage or the opener', async () => {
    const panel = fakeWindow();
    const panelToken = await managerFor(fakeTransport(clock), panel.win).token(ana);
    const popup = fakeWindow(panel.win);
    popup.stored.set(
      'crm-panel.session:tenant-acme:user-ana',
      JSON.stringify({
        ...parseApiSession({ token: panelToken, expiresAt: T0 + 15 * MINUTE, ...ana }, ana),
      }),
    );
    const popupTransport = fakeTransport(clock, 'popup');
    const popupSessions = managerFor(popupTransport, popup.win);
    await expect(popupSessions.token(ana)).resolves.toBe(panelToken);

    popupSessions.forget(ana, panelToken);
    expect(popup.stored.size).toBe(0);
    const next = await popupSessions.token(ana);

    expect(next).not.toBe(panelToken);
    expect(popupTransport.sent).toEqual([{ call: 'start', body: {} }]);
  });

  it('forgetting an old token keeps a newer one', async () => {
    const { win, stored } = fakeWindow();
    const transport = fakeTransport(clock);
    const sessions = managerFor(transport, win);
    const first = await sessions.token(ana);
    clock.now = T0 + 14 * MINUTE;
    const second = await sessions.token(ana);

    sessions.forget(ana, first);

    await expect(sessions.token(ana)).resolves.toBe(second);
    expect(stored.get('crm-panel.session:tenant-acme:user-ana')).toContain(second);
  });

  it('an assertion session whose renewal is refused for want of an assertion starts again', async () => {
    let assertion: string | null = 'jwt-1';
    const transport = fakeTransport(clock);
    transport.renew = jest.fn(async () => {
      throw unauthorized('assertion_required');
    });
    const sessions = managerFor(transport, null, async () => assertion);
    await sessions.token(ana);

    assertion = 'jwt-2';
    clock.now = T0 + 14 * MINUTE;
    await expect(sessions.token(ana)).resolves.toBe('token-2');

    expect(transport.renew).toHaveBeenCalledWith(ana, 'token-1', { assertion: 'jwt-2' });
    expect(transport.sent.map(({ call, body }) => ({ call, body }))).toEqual([
      { call: 'start', body: { assertion: 'jwt-1' } },
      { call: 'start', body: { assertion: 'jwt-2' } },
    ]);
  });

  it('after a renewal without a verdict it keeps the token, waits before trying again, starts anew once expired', async () => {
    const transport = fakeTransport(clock);
    const sessions = managerFor(transport, null);
    await sessions.token(ana);
    const renew = jest.fn(async () => {
      throw unansweredError('ERR_NETWORK');
    });
    transport.renew = renew;

    clock.now = T0 + 14 * MINUTE;
    await expect(sessions.token(ana)).resolves.toBe('token-1');
    clock.now = T0 + 14 * MINUTE + 5_000;
    await expect(sessions.token(ana)).resolves.toBe('token-1');
    expect(renew).toHaveBeenCalledTimes(1);

    clock.now = T0 + 14 * MINUTE + 20_000;
    await expect(sessions.token(ana)).resolves.toBe('token-1');
    expect(renew).toHaveBeenCalledTimes(2);

    clock.now = T0 + 16 * MINUTE;
    await expect(sessions.token(ana)).resolves.toBe('token-2');
    expect(transport.sent.map(({ call }) => call)).toEqual(['start', 'start']);
  });

  it('an answer without a token fails the call (UnexpectedResponseError)', async () => {
    const transport = fakeTransport(clock);
    transport.start = jest.fn(async () => ({ ok: true }));
    await expect(managerFor(transport, null).token(ana)).rejects.toThrow(UnexpectedResponseError);
  });

  it('a failed start is not cached: the next call tries again', async () => {
    const transport = fakeTransport(clock);
    const start = transport.start;
    transport.start = jest.fn(async () => {
      throw unauthorized('tenant_unknown');
    });
    const sessions = managerFor(transport, null);
    await expect(sessions.token(ana)).rejects.toBeInstanceOf(ApiRequestError);

    transport.start = start;
    await expect(sessions.token(ana)).resolves.toBe('token-1');
  });

  it('info() has no token; dispose() removes the bridge', async () => {
    const { win } = fakeWindow();
    const sessions = managerFor(fakeTransport(clock), win);
    expect(sessions.info(ana)).toBeNull();
    await sessions.token(ana);

    expect(sessions.info(ana)).toEqual({
      expiresAt: T0 + 15 * MINUTE,
      userId: 'user-ana',
      systemKey: 'tenant-acme',
      role: 'attendant',
      stage: 'full',
      method: 'crm',
    });
    sessions.dispose();
    expect(win[SESSION_BRIDGE_KEY]).toBeUndefined();
  });
});
