import { HOST_INFO_MAX_TRIES, HOST_INFO_RETRY_MS, type HostUserInfo } from '@crm-panel/contracts';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import { hostWaitingOf } from '@host-bridge/adapter/hostWaiting';

export interface WaitForHostUserInfoOptions {
  maxTries?: number;
  retryMs?: number;
  signal?: AbortSignal;
}

/**
 * Spec §2/§9: up to 50 tries, 100 ms apart, for the host user info. Try n runs at
 * (n - 1) × 100 ms; after the 50th empty try it resolves null — unless the adapter says the host
 * is still answering (`userInfoPending`): then it keeps trying until the answer is in. An abort
 * resolves null at once.
 */
export function waitForHostUserInfo(
  adapter: Pick<HostAdapter, 'readUserInfo'>,
  options: WaitForHostUserInfoOptions = {},
): Promise<HostUserInfo | null> {
  const maxTries = options.maxTries ?? HOST_INFO_MAX_TRIES;
  const retryMs = options.retryMs ?? HOST_INFO_RETRY_MS;
  const { signal } = options;
  return new Promise((resolve) => {
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(null);
    };
    const attempt = (): void => {
      if (signal?.aborted) return;
      tries += 1;
      const info = adapter.readUserInfo();
      if (info) {
        signal?.removeEventListener('abort', onAbort);
        resolve(info);
      } else if (tries >= maxTries && !hostWaitingOf(adapter)?.userInfoPending()) {
        signal?.removeEventListener('abort', onAbort);
        resolve(null);
      } else {
        timer = setTimeout(attempt, retryMs);
      }
    };
    if (signal?.aborted) {
      resolve(null);
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    attempt();
  });
}
