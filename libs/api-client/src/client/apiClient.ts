import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { type HostUserInfo, MESSAGES, REQUEST_TIMEOUT_MS } from '@crm-panel/crm-model';

export interface ApiClientConfig {
  /** Origin of apps/api, e.g. 'http://127.0.0.1:3333'; empty means same origin. */
  baseURL: string;
  /** Read on every request, so a host that fills its user info late is still picked up. */
  getIdentity: () => HostUserInfo | null;
  /**
   * Benchmark baseline only: every request waits until the previous one has finished, so the
   * panel makes its calls one after another. Off by default.
   */
  sequential?: boolean;
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
let sequential = false;

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
  sequential = config.sequential ?? false;
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

// The FIFO gate of the sequential baseline: each gated request holds the gate from the moment
// it may go until its answer (or error, timeout, cancellation) comes back.
let gateTail: Promise<void> = Promise.resolve();
const gateReleases = new WeakMap<object, () => void>();

async function waitForGate(
  config: InternalAxiosRequestConfig,
): Promise<InternalAxiosRequestConfig> {
  if (!sequential) return config;
  const previous = gateTail;
  let release: () => void = () => undefined;
  gateTail = new Promise<void>((resolve) => {
    release = resolve;
  });
  gateReleases.set(config, release);
  await previous;
  return config;
}

function releaseGate(config: object | undefined): void {
  if (!config) return;
  const release = gateReleases.get(config);
  gateReleases.delete(config);
  release?.();
}

// Request interceptors run last-registered first: the gate, registered first, runs right before
// the request is sent, after every other interceptor.
apiClient.interceptors.request.use(waitForGate);
apiClient.interceptors.request.use(addIdentityHeaders);
apiClient.interceptors.response.use(
  (response) => {
    releaseGate(response.config);
    return response;
  },
  (error: unknown) => {
    // Axios errors (cancellations included) carry the config the gate was taken for.
    if (axios.isAxiosError(error)) releaseGate(error.config);
    return Promise.reject(error);
  },
);
apiClient.interceptors.response.use((response) => response, warnOnMissingCredentials);
