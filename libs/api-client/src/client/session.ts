import {
  type ApiSessionMethod,
  type ApiSessionRole,
  type ApiSessionStage,
  type HostUserInfo,
} from '@crm-panel/crm-model';
import type { SessionAnswer } from '@crm-panel/crm-model/schemas';
import { isHttpStatus, UnexpectedResponseError } from './errors';

// The api's own short-lived session (apps/api 'Identity'): every /api call but the session
// calls themselves carries `Authorization: Bearer <token>`; the x-user-id / x-system-key headers
// must be the session's. This module earns, keeps, shares and renews those tokens; apiClient.ts
// wires it into the panel's one client.

export const SESSION_PATH = '/api/session';
export const SESSION_RENEW_PATH = '/api/session/renew';
/** localStorage key prefix: `crm-panel.session:<systemKey>:<userId>`. */
export const SESSION_STORAGE_PREFIX = 'crm-panel.session:';
/** Where a panel window exposes its sessions to the same-origin windows it opens (popups). */
export const SESSION_BRIDGE_KEY = '__crmPanelApiSession__';
/** A token with less than this left is renewed before it is used. */
export const SESSION_RENEW_BEFORE_MS = 2 * 60_000;
/** After a renewal that failed without a verdict (network, 429), the old token is used this long. */
export const SESSION_RENEW_RETRY_MS = 15_000;
/** 401 codes meaning "this token is no good": drop it, earn a new one, retry the call once. */
export const SESSION_RETRY_CODES: readonly string[] = [
  'session_required',
  'session_expired',
  'session_mismatch',
];

// The session's role, stage and method are the wire contract's (crm-model's enums).
export type { ApiSessionMethod, ApiSessionRole, ApiSessionStage } from '@crm-panel/crm-model';

/** What `POST /api/session` and `/api/session/renew` answer (the wire contract's `sessionAnswer`). */
export interface ApiSession extends SessionAnswer {
  role: ApiSessionRole;
  stage: ApiSessionStage;
  method: ApiSessionMethod;
}

/**
 * A session as the panel may show or judge it (no token). `stage` is as of the latest start or
 * renewal: a pending session becomes full on the server when the CRM sign-in completes, which
 * the panel learns from the auth status.
 */
export type ApiSessionInfo = Omit<ApiSession, 'token'>;

export type ApiSessionIdentity = Pick<HostUserInfo, 'userId' | 'systemKey'>;

/** `{ assertion }` when the host signed one, `{}` otherwise — the exact bodies of the wire. */
export type SessionRequestBody = { assertion: string } | Record<string, never>;

/** The two session calls; their answers are checked by the manager. */
export interface SessionTransport {
  start(identity: ApiSessionIdentity, body: SessionRequestBody): Promise<unknown>;
  renew(identity: ApiSessionIdentity, token: string, body: SessionRequestBody): Promise<unknown>;
}

/** The bits of a window the manager uses: its storage, its opener, a place for its bridge. */
export interface SessionWindowLike {
  readonly localStorage?: Storage;
  readonly opener?: unknown;
}

export interface SessionManagerOptions {
  transport: SessionTransport;
  /** A fresh host-signed identity JWT, or null when the host signs nothing. */
  getAssertion?: () => Promise<string | null>;
  /** For localStorage, the opener's sessions and this window's bridge; none in tests. */
  window?: SessionWindowLike | null;
  now?: () => number;
}

export interface SessionManager {
  /** A token good for the next call of this user, earned or renewed first if needed. */
  token(identity: ApiSessionIdentity): Promise<string>;
  /**
   * The token `token` would answer at once (held and fresh, no call to make), without waiting:
   * a call can then leave in the same task; null when one must be earned or renewed.
   */
  tokenAtHand(identity: ApiSessionIdentity): string | null;
  /** The api refused this token: never use it again (memory and storage). */
  forget(identity: ApiSessionIdentity, token: string): void;
  /** This user's current session, without its token; null before one was earned. */
  info(identity: ApiSessionIdentity): ApiSessionInfo | null;
  /** Removes this window's bridge. */
  dispose(): void;
}

/** What a panel window exposes under SESSION_BRIDGE_KEY to the windows it opened. */
export interface SessionBridge {
  readSession(systemKey: string, userId: string): ApiSession | null;
}

export function sessionStorageKey({ systemKey, userId }: ApiSessionIdentity): string {
  return `${SESSION_STORAGE_PREFIX}${systemKey}:${userId}`;
}

/** True for the session calls, which never wait for (or carry) a session themselves. */
export function isSessionPath(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  return path === SESSION_PATH || path === SESSION_RENEW_PATH;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A session answer (bare, or in a `{ data }` envelope) for exactly this user, else null. */
export function parseApiSession(value: unknown, identity: ApiSessionIdentity): ApiSession | null {
  const body = isRecord(value) && isRecord(value.data) ? value.data : value;
  if (!isRecord(body)) return null;
  const { token, expiresAt, userId, systemKey, role, stage, method } = body;
  if (typeof token !== 'string' || token.trim() === '') return null;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
  if (userId !== identity.userId || systemKey !== identity.systemKey) return null;
  return {
    token,
    expiresAt,
    userId,
    systemKey,
    role: role === 'admin' || role === 'attendant' ? role : null,
    stage: stage === 'pending' ? 'pending' : 'full',
    method: method === 'assertion' ? 'assertion' : 'crm',
  };
}

const keyOf = (identity: ApiSessionIdentity): string => sessionStorageKey(identity);

/** A 401 to a renewal: that session is over (expired, replaced, or it needs a new assertion). */
function isRefusal(error: unknown): boolean {
  return isHttpStatus(error, 401);
}

/**
 * Keeps one api session per user (systemKey + userId) for this window. Concurrent callers share
 * one start or renewal (single flight). A session comes from, in this order: a host assertion
 * (`POST /api/session { assertion }`); a still valid token stored by this browser (localStorage)
 * or held by the same-origin window that opened this one — so the CRM sign-in popup completes
 * the very session of the panel that opened it; a new `POST /api/session {}`. A token with less
 * than 2 minutes left is renewed before use (with a fresh assertion for assertion sessions).
 */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { transport } = options;
  const win = options.window ?? null;
  const now = options.now ?? (() => Date.now());
  const sessions = new Map<string, ApiSession>();
  const flights = new Map<string, Promise<ApiSession>>();
  /** When a failed renewal may be tried again, by user. */
  const renewPause = new Map<string, number>();
  /** Tokens the api refused: never picked up again from storage or the opener. */
  const refused = new Set<string>();

  const usable = (session: ApiSession | null | undefined): session is ApiSession =>
    !!session && session.expiresAt > now() && !refused.has(session.token);
  const fresh = (session: ApiSession): boolean =>
    session.expiresAt - now() >= SESSION_RENEW_BEFORE_MS;

  function storage(): Storage | null {
    try {
      return win?.localStorage ?? null;
    } catch {
      // Blocked storage (third-party frame, privacy mode): sessions live in memory only.
      return null;
    }
  }

  function readStored(identity: ApiSessionIdentity): ApiSession | null {
    try {
      const raw = storage()?.getItem(keyOf(identity));
      return raw ? parseApiSession(JSON.parse(raw) as unknown, identity) : null;
    } catch {
      return null;
    }
  }

  function writeStored(session: ApiSession): void {
    try {
      storage()?.setItem(keyOf(session), JSON.stringify(session));
    } catch {
      // Quota or blocked: memory still has it.
    }
  }

  function dropStored(identity: ApiSessionIdentity, token: string): void {
    try {
      if (readStored(identity)?.token === token) storage()?.removeItem(keyOf(identity));
    } catch {
      // Nothing stored, nothing to drop.
    }
  }

  function readOpener(identity: ApiSessionIdentity): ApiSession | null {
    try {
      const opener = win?.opener;
      if (!isRecord(opener) || opener === win) return null;
      const bridge = opener[SESSION_BRIDGE_KEY];
      if (!isRecord(bridge) || typeof bridge.readSession !== 'function') return null;
      const read = bridge.readSession as SessionBridge['readSession'];
      return parseApiSession(read(identity.systemKey, identity.userId), identity);
    } catch {
      // A cross-origin (or closed) opener is not ours.
      return null;
    }
  }

  async function assertion(): Promise<string | null> {
    try {
      const value = await options.getAssertion?.();
      return typeof value === 'string' && value.trim() !== '' ? value : null;
    } catch {
      return null;
    }
  }

  function adopt(answer: unknown, identity: ApiSessionIdentity): ApiSession {
    const session = parseApiSession(answer, identity);
    if (!session) throw new UnexpectedResponseError('sessão sem token');
    return keep(session);
  }

  function keep(session: ApiSession): ApiSession {
    sessions.set(keyOf(session), session);
    renewPause.delete(keyOf(session));
    writeStored(session);
    return session;
  }

  async function start(identity: ApiSessionIdentity, signed?: string | null): Promise<ApiSession> {
    const jwt = signed === undefined ? await assertion() : signed;
    return adopt(await transport.start(identity, jwt ? { assertion: jwt } : {}), identity);
  }

  async function renew(identity: ApiSessionIdentity, current: ApiSession): Promise<ApiSession> {
    const key = keyOf(identity);
    const pausedUntil = renewPause.get(key) ?? 0;
    if (now() < pausedUntil) return current;
    const jwt = current.method === 'assertion' ? await assertion() : null;
    try {
      return adopt(
        await transport.renew(identity, current.token, jwt ? { assertion: jwt } : {}),
        identity,
      );
    } catch (error) {
      if (isRefusal(error)) {
        // That family is over (or wants an assertion we do not have): start afresh.
        drop(identity, current.token);
        return start(identity);
      }
      // No verdict (api unreachable, rate limit): the current token still works for a while.
      if (current.expiresAt > now()) {
        renewPause.set(key, now() + SESSION_RENEW_RETRY_MS);
        sessions.set(key, current);
        return current;
      }
      throw error;
    }
  }

  async function obtain(identity: ApiSessionIdentity): Promise<ApiSession> {
    const inMemory = sessions.get(keyOf(identity));
    if (usable(inMemory)) return renew(identity, inMemory);
    const signed = await assertion();
    if (signed) return start(identity, signed);
    const reusable = [readStored(identity), readOpener(identity)]
      .filter(usable)
      .sort((a, b) => b.expiresAt - a.expiresAt)[0];
    if (reusable) return fresh(reusable) ? keep(reusable) : renew(identity, reusable);
    return start(identity, null);
  }

  function drop(identity: ApiSessionIdentity, token: string): void {
    refused.add(token);
    const key = keyOf(identity);
    if (sessions.get(key)?.token === token) sessions.delete(key);
    dropStored(identity, token);
  }

  function peek(identity: ApiSessionIdentity): ApiSession | null {
    const session = sessions.get(keyOf(identity));
    return usable(session) ? { ...session } : null;
  }

  const bridge: SessionBridge = {
    readSession: (systemKey, userId) => peek({ systemKey, userId }),
  };
  if (win) (win as unknown as Record<string, unknown>)[SESSION_BRIDGE_KEY] = bridge;

  function tokenAtHand(identity: ApiSessionIdentity): string | null {
    const key = keyOf(identity);
    const current = sessions.get(key);
    return usable(current) && (fresh(current) || now() < (renewPause.get(key) ?? 0))
      ? current.token
      : null;
  }

  return {
    tokenAtHand,
    async token(identity) {
      const atHand = tokenAtHand(identity);
      if (atHand !== null) return atHand;
      const key = keyOf(identity);
      let flight = flights.get(key);
      if (!flight) {
        flight = obtain(identity).finally(() => flights.delete(key));
        flights.set(key, flight);
      }
      return (await flight).token;
    },
    forget: drop,
    info(identity) {
      const session = peek(identity);
      if (!session) return null;
      const { expiresAt, userId, systemKey, role, stage, method } = session;
      return { expiresAt, userId, systemKey, role, stage, method };
    },
    dispose() {
      if (!win) return;
      const record = win as unknown as Record<string, unknown>;
      if (record[SESSION_BRIDGE_KEY] === bridge) delete record[SESSION_BRIDGE_KEY];
    },
  };
}
