import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { type HostUserInfo, MESSAGES, REQUEST_TIMEOUT_MS } from '@crm-panel/crm-model';

export interface ApiClientConfig {
  /** Origin of apps/api, e.g. 'http://127.0.0.1:3333'; empty means same origin. */
  baseURL: string;
  /** Read on every request, so a host that fills its user info late is still picked up. */
  getIdentity: () => HostUserInfo | null;
}

/** Console warnings of the request interceptor (spec §6: the header is omitted and logged). */
export const IDENTITY_WARNINGS = {
  userId: 'Cabeçalho x-user-id omitido: id do usuário do host indisponível',
  systemKey: 'Cabeçalho x-system-key omitido: chave do sistema do host indisponível',
} as const;

export const USER_ID_HEADER = 'x-user-id';
export const SYSTEM_KEY_HEADER = 'x-system-key';
export const CACHE_BYPASS_HEADER = 'x-cache-bypass';

let getIdentity: () => HostUserInfo | null = () => null;

/**
 * The one axios instance of the panel. The lib is a Module Federation singleton, so the shell
 * configures it once and every remote's calls go through the same instance.
 */
export const apiClient: AxiosInstance = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  timeout: REQUEST_TIMEOUT_MS,
});

export function configureApiClient(config: ApiClientConfig): void {
  apiClient.defaults.baseURL = config.baseURL.replace(/\/+$/, '');
  getIdentity = config.getIdentity;
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
  return config;
}

function warnOnMissingCredentials(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && (error as AxiosError).response?.status === 428) {
    console.warn(MESSAGES.credentials.notConfiguredWarning);
  }
  return Promise.reject(error);
}

apiClient.interceptors.request.use(addIdentityHeaders);
apiClient.interceptors.response.use((response) => response, warnOnMissingCredentials);
