import { HOST_GLOBAL_NAME, type HostGlobalWindow } from '@crm-panel/contracts';
import { normalizeOrigin, readHostParams } from './hostParams';

export type HostSdkLoad =
  | { status: 'absent' }
  | { status: 'loaded'; url: string }
  | { status: 'rejected'; url: string }
  | { status: 'failed'; url: string };

export interface LoadHostSdkOptions {
  /** Exact origins the SDK script may come from; any other URL is refused. */
  allowedOrigins: readonly string[];
  timeoutMs?: number;
}

export const DEFAULT_SDK_TIMEOUT_MS = 10_000;

/**
 * Loads the global-object host's SDK named by the panel URL's `?hostSdk=` parameter (like
 * Zendesk's ZAF SDK), before `detectHostAdapter`. Only from an allow-listed origin: the script
 * runs with the panel's rights. Never throws; the status says what happened.
 */
export function loadHostSdk(win: Window, options: LoadHostSdkOptions): Promise<HostSdkLoad> {
  const url = readHostParams(win).hostSdk;
  if (!url) return Promise.resolve({ status: 'absent' });
  const origin = normalizeOrigin(url);
  const allowed = options.allowedOrigins.map(normalizeOrigin);
  if (!origin || !allowed.includes(origin)) {
    console.warn(`SDK do sistema de atendimento recusado (origem não permitida): ${url}`);
    return Promise.resolve({ status: 'rejected', url });
  }
  if ((win as Window & HostGlobalWindow)[HOST_GLOBAL_NAME]) {
    return Promise.resolve({ status: 'loaded', url });
  }
  return new Promise((resolve) => {
    const script = win.document.createElement('script');
    const finish = (status: 'loaded' | 'failed'): void => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      if (status === 'failed') {
        console.error(`Não foi possível carregar o SDK do sistema de atendimento: ${url}`);
      }
      resolve({ status, url });
    };
    const timer = setTimeout(() => finish('failed'), options.timeoutMs ?? DEFAULT_SDK_TIMEOUT_MS);
    script.onload = () => finish('loaded');
    script.onerror = () => finish('failed');
    script.src = url;
    script.async = false;
    win.document.head.appendChild(script);
  });
}
