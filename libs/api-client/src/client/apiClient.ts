import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { type HostUserInfo, MESSAGES, REQUEST_TIMEOUT_MS } from '@crm-panel/crm-model';
import { getErrorCode } from './errors';
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

/**
 * The one axios instance of the panel. The lib is a Module Federation singleton, so the shell
 * configures it once and every remote's calls go through the same instance.
 */
export const apiClient: AxiosInstance = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  timeout: REQUEST_TIMEOUT_MS,
});

const identityHeadersOf = (identity: ApiSessionIdentity): Record<string, string> => ({
  [USER_ID_HEADER]: identity.userId,
  [SYSTEM_KEY_HEADER]: identity.systemKey,
});

/** The session calls go through the same instance (base URL, timeout). */
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
  apiClient.defaults.baseURL = config.baseURL.replace(/\/+$/, '');
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

function addIdentityHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const { userId, systemKey } = currentIdentity();
  if (present(userId)) {
    config.headers.set(USER_ID_HEADER, userId);
  } else {
    config.headers.delete(USER_ID_HEADER);
    console.warn(IDENTITY_WARNINGS.userId);
  }
  if (present(systemKey)) {
    config.headers.set(SYSTEM_KEY_HEADER, systemKey);
  } else {
    config.headers.delete(SYSTEM_KEY_HEADER);
    console.warn(IDENTITY_WARNINGS.systemKey);
  }
  config.headers.set(panelContextHeaders());
  return config;
}

/** The session manager's own calls name the user they are for; nothing else is added to them. */
function isOwnSessionCall(config: InternalAxiosRequestConfig): boolean {
  return (
    isSessionPath(config.url) &&
    config.headers.has(USER_ID_HEADER) &&
    config.headers.has(SYSTEM_KEY_HEADER)
  );
}

/**
 * Identity headers, then (sessions on) the bearer token of that same identity, read once so
 * the two always agree. Calls without a complete identity go without a token: the api answers
 * them 400, as before sessions.
 */
function prepareRequest(
  config: InternalAxiosRequestConfig,
): InternalAxiosRequestConfig | Promise<InternalAxiosRequestConfig> {
  if (isOwnSessionCall(config)) return config;
  addIdentityHeaders(config);
  const manager = sessions;
  if (!manager || isSessionPath(config.url)) return config;
  const userId = config.headers.get(USER_ID_HEADER);
  const systemKey = config.headers.get(SYSTEM_KEY_HEADER);
  if (typeof userId !== 'string' || typeof systemKey !== 'string') return config;
  return manager.token({ userId, systemKey }).then((token) => {
    config.headers.set(AUTHORIZATION_HEADER, `Bearer ${token}`);
    return config;
  });
}

type SessionRetryConfig = InternalAxiosRequestConfig & { crmPanelSessionRetry?: boolean };

function bearerOf(value: unknown): string | null {
  const match = typeof value === 'string' ? /^Bearer (.+)$/.exec(value) : null;
  return match?.[1] ?? null;
}

/**
 * A 401 saying the token is no good (session_required / _expired / _mismatch): forget that
 * token, earn a new one, send the call again — once; the second answer is final.
 */
function retryWithNewSession(error: unknown): Promise<AxiosResponse> {
  const manager = sessions;
  if (!manager || !axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) {
    return Promise.reject(error);
  }
  const config = error.config as SessionRetryConfig;
  const code = getErrorCode(error);
  const token = bearerOf(config.headers.get(AUTHORIZATION_HEADER));
  const userId = config.headers.get(USER_ID_HEADER);
  const systemKey = config.headers.get(SYSTEM_KEY_HEADER);
  if (
    config.crmPanelSessionRetry ||
    isSessionPath(config.url) ||
    code === null ||
    !SESSION_RETRY_CODES.includes(code) ||
    token === null ||
    typeof userId !== 'string' ||
    typeof systemKey !== 'string'
  ) {
    return Promise.reject(error);
  }
  manager.forget({ userId, systemKey }, token);
  const retry: SessionRetryConfig = { ...config, crmPanelSessionRetry: true };
  return apiClient.request(retry);
}

function warnOnMissingCredentials(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && (error as AxiosError).response?.status === 428) {
    console.warn(MESSAGES.credentials.notConfiguredWarning);
  }
  return Promise.reject(error);
}

apiClient.interceptors.request.use(prepareRequest);
apiClient.interceptors.response.use((response) => response, warnOnMissingCredentials);
apiClient.interceptors.response.use((response) => response, retryWithNewSession);

/** What a call made outside the axios instance (the live stream over fetch) sends. */
export interface ApiRequestContext {
  /** The api's origin ('' for same origin), without a trailing slash. */
  baseURL: string;
  /** x-user-id, x-system-key and, sessions on, `Authorization: Bearer`. */
  headers: Record<string, string>;
  /** The api refused the token (401): forget it, so the next context earns a new one. */
  retire(): void;
}

/**
 * The base URL and headers the instance would send now, for a caller that cannot use it (fetch
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
    baseURL: apiClient.defaults.baseURL ?? '',
    headers,
    retire: () => {
      if (manager && token !== null) manager.forget(identity, token);
    },
  };
}
