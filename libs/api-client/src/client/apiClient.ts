import { type HostUserInfo, MESSAGES } from '@crm-panel/crm-model';
import { ApiRequestError, getErrorCode, isHttpStatus } from './errors';
import {
  type ApiRequest,
  type ApiRequestConfig,
  type ApiResponse,
  type HttpMethod,
  send,
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
}

function addIdentityHeaders(request: SessionRequest): ApiSessionIdentity | null {
  const { userId, systemKey } = currentIdentity();
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
  return present(userId) && present(systemKey) ? { userId, systemKey } : null;
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
 * Identity headers, then (sessions on) the bearer token of that same identity, read once so
 * the two always agree. Calls without a complete identity go without a token: the api answers
 * them 400, as before sessions.
 */
function prepareRequest(request: SessionRequest): Promise<void> | void {
  if (isOwnSessionCall(request)) return;
  const identity = addIdentityHeaders(request);
  const manager = sessions;
  if (!manager || isSessionPath(request.url) || !identity) return;
  const withToken = (token: string) => {
    request.headers.set(AUTHORIZATION_HEADER, `Bearer ${token}`);
    request.session = { identity, token };
  };
  // A token at hand is used in this very task: the call leaves before whatever the caller's
  // event goes on to do (a chat's first read before the panel renders the chat).
  const atHand = manager.tokenAtHand(identity);
  return atHand === null ? manager.token(identity).then(withToken) : withToken(atHand);
}

/**
 * A 401 saying the token is no good (session_required / _expired / _mismatch): forget that
 * token, earn a new one, send the call again — once; the second answer is final. Any other
 * failure is rethrown as it is.
 */
function retryWithNewSession<T>(error: unknown, request: SessionRequest): Promise<ApiResponse<T>> {
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
  return run<T>({
    ...request,
    headers: new Headers(request.headers),
    session: undefined,
    sessionRetry: true,
  });
}

/** PRODUCT.md §6: a 428 (credentials not configured) is logged, then rethrown to the caller. */
function warnOnMissingCredentials(error: unknown): void {
  if (isHttpStatus(error, 428)) console.warn(MESSAGES.credentials.notConfiguredWarning);
}

/**
 * One call, as the axios interceptors ran it before: identity and session first, then the
 * request; a failure of either (a session that could not be earned included) is logged if it
 * is a 428 and retried once if the api refused the token.
 */
async function run<T>(request: SessionRequest): Promise<ApiResponse<T>> {
  try {
    // No await when nothing is awaited: with a token at hand the request leaves synchronously.
    const prepared = prepareRequest(request);
    if (prepared) await prepared;
    return await send<T>(request, baseURL);
  } catch (error) {
    warnOnMissingCredentials(error);
    const failed = error instanceof ApiRequestError ? (error.config as SessionRequest) : request;
    return retryWithNewSession<T>(error, failed);
  }
}

function call<T>(
  method: HttpMethod,
  url: string,
  data: object | undefined,
  config: ApiRequestConfig = {},
): Promise<ApiResponse<T>> {
  return run<T>({ ...config, method, url, data, headers: new Headers(config.headers) });
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

/** What a call made outside the client (the live stream over fetch) sends. */
export interface ApiRequestContext {
  /** The api's origin ('' for same origin), without a trailing slash. */
  baseURL: string;
  /** x-user-id, x-system-key and, sessions on, `Authorization: Bearer`. */
  headers: Record<string, string>;
  /** The api refused the token (401): forget it, so the next context earns a new one. */
  retire(): void;
}

/**
 * The base URL and headers the client would send now, for a caller that cannot use it (fetch
 * streams); null while the host has not said who the user is.
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
