// What the framed-host adapters (b: ours over postMessage, d: Novus's plugin protocol) share:
// every request goes to the host with a MessageChannel of its own and waits for one reply on it,
// with a timeout, and is abandoned when the adapter is disposed. Only the messages differ.

/** Shown when the host does not answer a request in time. */
export const HOST_TIMEOUT_MESSAGE = 'O sistema de atendimento não respondeu a tempo.';
export const HOST_INVALID_REPLY_MESSAGE = 'Resposta inválida do sistema de atendimento.';
export const HOST_DISCONNECTED_MESSAGE = 'Conexão com o sistema de atendimento encerrada.';
export const DEFAULT_HOST_REQUEST_TIMEOUT_MS = 5_000;
/** A request waiting longer than this shows 'Aguardando o sistema de atendimento…'. */
export const HOST_SLOW_AFTER_MS = 5_000;
export const HOST_WAITING_MESSAGE = 'Aguardando o sistema de atendimento…';

/** 'config': the panel's own setting for this request is unusable (nothing was sent). */
export type HostRequestErrorCode = 'timeout' | 'host' | 'invalid-reply' | 'disposed' | 'config';

export class HostRequestError extends Error {
  readonly code: HostRequestErrorCode;
  constructor(code: HostRequestErrorCode, message: string) {
    super(message);
    this.name = 'HostRequestError';
    this.code = code;
  }
}

/** The bits of a MessagePort the adapters use (real ports in browsers, fakes in tests). */
export interface PortLike {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export interface ChannelLike {
  port1: PortLike;
  port2: Transferable;
}

/** What a reply on a request's port means: not a reply (keep waiting), a value, or an error. */
export type ReplyOutcome<T> = { value: T } | { error: HostRequestError } | undefined;

export interface PortRequestsOptions {
  /** Posts the request to the host, transferring the port the reply must come back on. */
  post(message: unknown, port: Transferable): void;
  createChannel: () => ChannelLike;
  /** null: wait as long as the host needs (Novus: the example's requests have no timeout). */
  timeoutMs: number | null;
  /** After this long a request counts as slow (`onSlowChange`); default HOST_SLOW_AFTER_MS. */
  slowAfterMs?: number;
  /** How many requests are slow right now, each time that number changes. */
  onSlowChange?: (slow: number) => void;
}

export interface PortRequests {
  /**
   * Sends `message` on a channel of its own; `read` turns each message on that channel into an
   * outcome. Rejects with `HostRequestError` 'timeout' after `timeoutMs` (never when it is null),
   * 'disposed' once disposed.
   */
  send<T>(message: unknown, read: (reply: unknown) => ReplyOutcome<T>): Promise<T>;
  /** Abandons every open request ('disposed'); later sends reject at once. */
  dispose(): void;
}

export function createPortRequests(options: PortRequestsOptions): PortRequests {
  const open = new Set<() => void>();
  let disposed = false;
  let slow = 0;
  const setSlow = (change: number): void => {
    slow += change;
    options.onSlowChange?.(slow);
  };

  return {
    send<T>(message: unknown, read: (reply: unknown) => ReplyOutcome<T>): Promise<T> {
      if (disposed) {
        return Promise.reject(new HostRequestError('disposed', HOST_DISCONNECTED_MESSAGE));
      }
      return new Promise<T>((resolve, reject) => {
        const channel = options.createChannel();
        let isSlow = false;
        // Only a caller that shows the wait ('Aguardando o sistema de atendimento…') needs to know.
        const slowTimer = options.onSlowChange
          ? setTimeout(() => {
              isSlow = true;
              setSlow(1);
            }, options.slowAfterMs ?? HOST_SLOW_AFTER_MS)
          : undefined;
        const finish = (): void => {
          clearTimeout(timer);
          clearTimeout(slowTimer);
          if (isSlow) setSlow(-1);
          isSlow = false;
          channel.port1.onmessage = null;
          channel.port1.close();
          open.delete(abort);
        };
        const abort = (): void => {
          finish();
          reject(new HostRequestError('disposed', HOST_DISCONNECTED_MESSAGE));
        };
        const timer =
          options.timeoutMs === null
            ? undefined
            : setTimeout(() => {
                finish();
                reject(new HostRequestError('timeout', HOST_TIMEOUT_MESSAGE));
              }, options.timeoutMs);
        open.add(abort);
        channel.port1.onmessage = (event) => {
          const outcome = read(event.data);
          if (!outcome) return;
          finish();
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome.value);
        };
        options.post(message, channel.port2);
      });
    },
    dispose() {
      disposed = true;
      for (const abort of [...open]) abort();
    },
  };
}
