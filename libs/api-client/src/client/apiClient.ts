import { type HostUserInfo, MESSAGES } from '@crm-panel/crm-model';
import { type ApiRequestError, getErrorCode, isHttpStatus } from './errors';
import {
  type ApiRequest,
  type ApiRequestConfig,
  type ApiResponse,
  createTransport,
  type HttpMethod,
} from './http';
import { panelContextHeaders } from './panelContext';
import {
  type ApiSessionIdentity,
  type ApiSessionInfo,
  createSessionManager,
  isSessionPath,
  SESSION_PATH,
  SESSION_RENEW_PATH,
  SESSION_RETRY_CODES,
  type SessionManager,
  type SessionTransport,
} from './session';

export interface ApiClientConfig {
  /** Origin of apps/api, e.g. 'http://127.0.0.1:3333'; empty means same origin. */
  baseURL: string;
  /** Read on every request, so a host that fills its user info late is still picked up. */
  getIdentity: () => HostUserInfo | null;
  /**
   * Earn the api's session token and send it as `Authorization: Bearer` on every call (the
   * shell turns it on). Off by default, so pages over the mock api (remotes' standalone pages,
   * unit tests) work without sessions.
   */
  session?: boolean;
  /**
   * A fresh host-signed identity JWT, or null when the host signs nothing; asked each time a
   * session is started or an assertion session is renewed. Only used with `session: true`.
   */
  getAssertion?: () => Promise<string | null>;
}

/** Console warnings of the request interceptor (PRODUCT.md §6: the header is omitted and logged). */
export const IDENTITY_WARNINGS = {
  userId: 'Cabeçalho x-user-id omitido: id do usuário do host indisponível',
  systemKey: 'Cabeçalho x-system-key omitido: chave do sistema do host indisponível',
} as const;

export const USER_ID_HEADER = 'x-user-id';
export const SYSTEM_KEY_HEADER = 'x-system-key';
export const CACHE_BYPASS_HEADER = 'x-cache-bypass';
export const AUTHORIZATION_HEADER = 'Authorization';

let getIdentity: () => HostUserInfo | null = () => null;
let sessions: SessionManager | null = null;
let baseURL = '';

/** The panel's one client: every call of the lib (and of every remote) goes through it. */
export interface ApiClient {
  get<T = unknown>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  /** `config.data` is the DELETE's JSON body. */
  delete<T = unknown>(
    url: string,
    config?: ApiRequestConfig & { data?: object },
  ): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, data?: object, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  put<T = unknown>(url: string, data?: object, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
}

const identityHeadersOf = (identity: ApiSessionIdentity): Record<string, string> => ({
  [USER_ID_HEADER]: identity.userId,
  [SYSTEM_KEY_HEADER]: identity.systemKey,
});

/** The session calls go through the same client (base URL, timeout). */
const sessionTransport: SessionTransport = {
  async start(identity, body) {
    const response = await apiClient.post<unknown>(SESSION_PATH, body, {
      headers: identityHeadersOf(identity),
    });
    return response.data;
  },
  async renew(identity, token, body) {
    const response = await apiClient.post<unknown>(SESSION_RENEW_PATH, body, {
      headers: { ...identityHeadersOf(identity), [AUTHORIZATION_HEADER]: `Bearer ${token}` },
    });
    return response.data;
  },
};

export function configureApiClient(config: ApiClientConfig): void {
  baseURL = config.baseURL.replace(/\/+$/, '');
  transport.setBaseURL(baseURL);
  getIdentity = config.getIdentity;
  sessions?.dispose();
  sessions = config.session
    ? createSessionManager({
        transport: sessionTransport,
        getAssertion: config.getAssertion,
        window: typeof window === 'undefined' ? null : window,
      })
    : null;
}

function currentIdentity(): Partial<HostUserInfo> {
  try {
    return getIdentity() ?? {};
  } catch {
    // A host adapter that throws while the host is still starting counts as "no identity yet".
    return {};
  }
}

function present(value: string | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function completeIdentity(): ApiSessionIdentity | null {
  const { userId, systemKey } = currentIdentity();
  return present(userId) && present(systemKey) ? { userId, systemKey } : null;
}

/**
 * The api session of the current host user, without its token (stage, role, method, expiry);
 * null when sessions are off or none was earned yet for this user.
 */
export function getSessionInfo(): ApiSessionInfo | null {
  const identity = completeIdentity();
  return sessions && identity ? sessions.info(identity) : null;
}

/**
 * Earns (or renews) the current user's session before the first call needs it, e.g. while a form
 * is being filled, so that saving sends the write alone. Nothing without sessions or identity;
 * a failure is left for the first real call to meet and report.
 */
export function prepareSession(): Promise<void> {
  const identity = completeIdentity();
  if (!sessions || !identity) return Promise.resolve();
  return sessions.token(identity).then(
    () => undefined,
    () => undefined,
  );
}

/** A request with its session token: whose it is, so a refusal can forget exactly that one. */
interface SessionRequest extends ApiRequest {
  session?: { identity: ApiSessionIdentity; token: string };
  /** Set on the one retry after a refused token; its answer is final. */
  sessionRetry?: boolean;
  /**
   * Its caller put the identity and the token on it (the live stream: apiRequestContext earned
   * them, waiting for a session the interceptor would not wait for): sent with those.
   */
  identified?: boolean;
}

function setIdentityHeaders(request: SessionRequest, identity: Partial<HostUserInfo>): void {
  const { userId, systemKey } = identity;
  if (present(userId)) {
    request.headers.set(USER_ID_HEADER, userId);
  } else {
    request.headers.delete(USER_ID_HEADER);
    console.warn(IDENTITY_WARNINGS.userId);
  }
  if (present(systemKey)) {
    request.headers.set(SYSTEM_KEY_HEADER, systemKey);
  } else {
    request.headers.delete(SYSTEM_KEY_HEADER);
    console.warn(IDENTITY_WARNINGS.systemKey);
  }
  for (const [name, value] of Object.entries(panelContextHeaders()))
    request.headers.set(name, value);
}

/** The session manager's own calls name the user they are for; nothing else is added to them. */
function isOwnSessionCall(request: SessionRequest): boolean {
  return (
    isSessionPath(request.url) &&
    request.headers.has(USER_ID_HEADER) &&
    request.headers.has(SYSTEM_KEY_HEADER)
  );
}

/**
 * The request interceptor: identity headers, then (sessions on) the bearer token of that same
 * identity — the token earned for this request, else the one at hand — so the two always agree.
 * Calls without a complete identity go without a token: the api answers them 400, as before
 * sessions.
 */
function prepareRequest(request: SessionRequest): void {
  if (isOwnSessionCall(request) || request.identified) return;
  const session = request.session ?? sessionAtHand(request);
  setIdentityHeaders(request, session?.identity ?? currentIdentity());
  if (session) {
    request.headers.set(AUTHORIZATION_HEADER, `Bearer ${session.token}`);
    request.session = session;
  } else {
    request.headers.delete(AUTHORIZATION_HEADER);
  }
}

/** Whether a call takes the session's token: sessions on, a complete identity, not a session call. */
function sessionIdentity(request: SessionRequest): ApiSessionIdentity | null {
  if (!sessions || isSessionPath(request.url)) return null;
  return completeIdentity();
}

function sessionAtHand(request: SessionRequest): SessionRequest['session'] {
  const identity = sessionIdentity(request);
  const token = identity && sessions ? sessions.tokenAtHand(identity) : null;
  return identity && token !== null ? { identity, token } : undefined;
}

/**
 * The response interceptor's recovery: a 428 (credentials not configured, PRODUCT.md §6) is
 * logged; a 401 saying the token is no good (session_required / _expired / _mismatch) forgets
 * that token, earns a new one and sends the call again — once; the second answer is final. Any
 * other failure is rethrown as it is.
 */
function recover(error: ApiRequestError, request: SessionRequest): Promise<ApiResponse> {
  if (isHttpStatus(error, 428)) console.warn(MESSAGES.credentials.notConfiguredWarning);
  const manager = sessions;
  const code = getErrorCode(error);
  if (
    !manager ||
    !isHttpStatus(error, 401) ||
    request.sessionRetry ||
    isSessionPath(request.url) ||
    code === null ||
    !SESSION_RETRY_CODES.includes(code) ||
    !request.session
  ) {
    return Promise.reject(error);
  }
  manager.forget(request.session.identity, request.session.token);
  // The retry starts from the headers sent (its own identity and token are set again).
  return send({
    ...request,
    headers: new Headers(request.headers),
    session: undefined,
    sessionRetry: true,
  });
}

/** The client's one transport (axios): its interceptors are prepareRequest and recover. */
const transport = createTransport<SessionRequest>({ prepare: prepareRequest, recover });

/**
 * One call: with its token at hand (or none to carry) it leaves at once, in this very task, so a
 * chat's first read leaves before whatever the caller's event goes on to do; otherwise the token
 * is earned (or renewed) first. A session that could not be earned rejects the call with the
 * session call's error (the session call went through the same transport, so `recover` saw it).
 */
function send<T>(request: SessionRequest): Promise<ApiResponse<T>> {
  const identity = isOwnSessionCall(request) ? null : sessionIdentity(request);
  const manager = sessions;
  if (!identity || !manager || manager.tokenAtHand(identity) !== null) {
    return transport.send<T>(request);
  }
  return manager
    .token(identity)
    .then((token) => transport.send<T>({ ...request, session: { identity, token } }));
}

function call<T>(
  method: HttpMethod,
  url: string,
  data: object | undefined,
  config: ApiRequestConfig = {},
): Promise<ApiResponse<T>> {
  return send<T>({ ...config, method, url, data, headers: new Headers(config.headers) });
}

/**
 * The one client of the panel. The lib is a Module Federation singleton, so the shell configures
 * it once and every remote's calls go through it.
 */
export const apiClient: ApiClient = {
  get: <T>(url: string, config?: ApiRequestConfig) => call<T>('GET', url, undefined, config),
  delete: <T>(url: string, config?: ApiRequestConfig & { data?: object }) =>
    call<T>('DELETE', url, config?.data, config),
  post: <T>(url: string, data?: object, config?: ApiRequestConfig) =>
    call<T>('POST', url, data, config),
  put: <T>(url: string, data?: object, config?: ApiRequestConfig) =>
    call<T>('PUT', url, data, config),
};

/**
 * GET `url` (absolute: the context's base URL) through the client's transport, its answer's body
 * read as it arrives: the live stream. `headers` carry the identity and the token
 * (apiRequestContext), sent as they are; failures are the client's typed errors (a refused token
 * is left to the caller, which retires it and connects again).
 */
export function openApiStream(
  url: string,
  config: { headers: Readonly<Record<string, string>>; signal: AbortSignal },
  platformFetch?: typeof fetch,
): Promise<ApiResponse<ReadableStream<Uint8Array>>> {
  return transport.stream(
    {
      method: 'GET',
      url,
      headers: new Headers(config.headers),
      signal: config.signal,
      identified: true,
    },
    platformFetch,
  );
}

/** What a call that waits for the session sends (the live stream, openApiStream). */
export interface ApiRequestContext {
  /** The api's origin ('' for same origin), without a trailing slash. */
  baseURL: string;
  /** x-user-id, x-system-key and, sessions on, `Authorization: Bearer`. */
  headers: Record<string, string>;
  /** The api refused the token (401): forget it, so the next context earns a new one. */
  retire(): void;
}

/**
 * The base URL and headers the client would send now, the session earned first if need be (the
 * live stream); null while the host has not said who the user is.
 */
export async function apiRequestContext(): Promise<ApiRequestContext | null> {
  const identity = completeIdentity();
  if (!identity) return null;
  const headers = identityHeadersOf(identity);
  const manager = sessions;
  const token = manager ? await manager.token(identity) : null;
  if (token !== null) headers[AUTHORIZATION_HEADER] = `Bearer ${token}`;
  return {
    baseURL,
    headers,
    retire: () => {
      if (manager && token !== null) manager.forget(identity, token);
    },
  };
}
