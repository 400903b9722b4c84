import {
  HOST_PROTOCOL,
  isHostChannel,
  isHostEventMessage,
  isHostReplyMessage,
  isHostUserInfo,
  isHostWindowMessage,
  MODAL_CANCELLED,
  type HostCommand,
  type HostCommandMap,
  type HostInitializeMessage,
  type HostRequestMessage,
  type HostUserInfo,
  type ModalResult,
} from '@crm-panel/contracts';
import { createAttendanceRelay } from './attendanceRelay';
import { type HostAdapter } from './HostAdapter';
import { pickIdentityAssertion } from './identityAssertion';

/** Shown when the host does not answer a request in time. */
export const HOST_TIMEOUT_MESSAGE = 'O sistema de atendimento não respondeu a tempo.';
export const HOST_INVALID_REPLY_MESSAGE = 'Resposta inválida do sistema de atendimento.';
export const HOST_DISCONNECTED_MESSAGE = 'Conexão com o sistema de atendimento encerrada.';
export const DEFAULT_HOST_REQUEST_TIMEOUT_MS = 5_000;
export const DEFAULT_PLUGIN_ID = 'crm-panel';

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

/** The bits of a MessagePort the adapter uses (real ports in browsers, fakes in tests). */
export interface PortLike {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export interface ChannelLike {
  port1: PortLike;
  port2: Transferable;
}

/** The bits of the panel's window the adapter uses. */
export interface PanelWindowLike {
  readonly parent: {
    postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
  };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface PostMessageHostOptions {
  /** The panel's own window (its parent is the host). */
  window: PanelWindowLike;
  /** The host's origin: messages go only there and are accepted only from there. */
  hostOrigin: string;
  pluginId?: string;
  requestTimeoutMs?: number;
  createChannel?: () => ChannelLike;
}

type ReplyCheck<C extends HostCommand> = (data: unknown) => HostCommandMap[C]['data'] | undefined;

const REPLY_CHECKS: { [C in HostCommand]: ReplyCheck<C> } = {
  getInfoUser: (data) =>
    data === null
      ? null
      : isHostUserInfo(data)
        ? { userId: data.userId, systemKey: data.systemKey }
        : undefined,
  getInfoChannels: (data) => (Array.isArray(data) ? data.filter(isHostChannel) : undefined),
  getIdentityAssertion: (data) =>
    data === null ? null : (pickIdentityAssertion(data) ?? undefined),
  openModal: (data) =>
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { modalId?: unknown }).modalId === 'string'
      ? { modalId: (data as { modalId: string }).modalId }
      : undefined,
  closeModal: () => null,
};

/**
 * Adapter (b): a host that embeds the panel in an iframe and talks over postMessage +
 * MessageChannel (Novus-like). Handshake `initialize` to window.parent with a persistent events
 * port; each request gets its own channel and a timeout. Window messages are accepted only from
 * `hostOrigin` AND from window.parent; anything else is ignored.
 */
export function createPostMessageHostAdapter(options: PostMessageHostOptions): HostAdapter {
  const win = options.window;
  const { hostOrigin } = options;
  const pluginId = options.pluginId ?? DEFAULT_PLUGIN_ID;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_HOST_REQUEST_TIMEOUT_MS;
  const createChannel = options.createChannel ?? (() => new MessageChannel());

  const relay = createAttendanceRelay();
  let userInfo: HostUserInfo | null = null;
  let initialized = false;
  let disposed = false;
  let eventsPort: PortLike | null = null;
  const openRequests = new Set<() => void>();
  const pendingModals = new Map<string, (result: ModalResult) => void>();
  /** A modalClosed event may overtake the openModal reply: they travel on different ports. */
  const earlyResults = new Map<string, ModalResult>();

  function onEvent(event: MessageEvent): void {
    const message: unknown = event.data;
    if (disposed || !isHostEventMessage(message)) return;
    switch (message.event) {
      case 'attendanceOpen':
        relay.open(message.payload);
        return;
      case 'attendanceClose':
        relay.close(message.payload);
        return;
      case 'modalClosed': {
        const { modalId, result } = message.payload;
        const resolve = pendingModals.get(modalId);
        if (resolve) {
          pendingModals.delete(modalId);
          resolve(result);
        } else {
          earlyResults.set(modalId, result);
        }
      }
    }
  }

  function sendInitialize(): void {
    eventsPort?.close();
    const channel = createChannel();
    eventsPort = channel.port1;
    eventsPort.onmessage = onEvent;
    const message: HostInitializeMessage = {
      protocol: HOST_PROTOCOL,
      command: 'initialize',
      args: { pluginId },
    };
    win.parent.postMessage(message, hostOrigin, [channel.port2]);
  }

  function onWindowMessage(event: MessageEvent): void {
    if (disposed) return;
    if (event.origin !== hostOrigin || event.source !== win.parent) return;
    const message: unknown = event.data;
    if (!isHostWindowMessage(message)) return;
    if (message.type === 'hostReady') {
      if (!initialized) sendInitialize();
      return;
    }
    initialized = true;
    userInfo = message.data.userInfo;
    if (message.data.attendance) relay.open(message.data.attendance);
    else if (relay.current) relay.close(null);
  }

  function request<C extends HostCommand>(
    command: C,
    args: HostCommandMap[C]['args'],
  ): Promise<HostCommandMap[C]['data']> {
    if (disposed) {
      return Promise.reject(new HostRequestError('disposed', HOST_DISCONNECTED_MESSAGE));
    }
    return new Promise((resolve, reject) => {
      const channel = createChannel();
      const finish = (): void => {
        clearTimeout(timer);
        channel.port1.onmessage = null;
        channel.port1.close();
        openRequests.delete(abort);
      };
      const abort = (): void => {
        finish();
        reject(new HostRequestError('disposed', HOST_DISCONNECTED_MESSAGE));
      };
      const timer = setTimeout(() => {
        finish();
        reject(new HostRequestError('timeout', HOST_TIMEOUT_MESSAGE));
      }, timeoutMs);
      openRequests.add(abort);
      channel.port1.onmessage = (event) => {
        const reply: unknown = event.data;
        if (!isHostReplyMessage(reply)) return;
        finish();
        if (!reply.ok) {
          reject(new HostRequestError('host', reply.error));
          return;
        }
        const data = REPLY_CHECKS[command](reply.data);
        if (data === undefined) {
          reject(new HostRequestError('invalid-reply', HOST_INVALID_REPLY_MESSAGE));
          return;
        }
        resolve(data);
      };
      const message = { protocol: HOST_PROTOCOL, command, args } as HostRequestMessage<C>;
      win.parent.postMessage(message, hostOrigin, [channel.port2]);
    });
  }

  win.addEventListener('message', onWindowMessage);
  sendInitialize();

  return {
    kind: 'postMessage',
    readUserInfo: () => userInfo,
    getInfoUser: async () => {
      const info = await request('getInfoUser', null);
      if (info) userInfo = info;
      return info;
    },
    getInfoChannels: () => request('getInfoChannels', null),
    getIdentityAssertion: () =>
      // An error reply, a timeout or a malformed answer: no assertion. Nothing is logged, the
      // host's error text included (it is the host's business, and may say too much).
      request('getIdentityAssertion', null).catch(() => null),
    subscribe: (handlers) => relay.subscribe(handlers),
    openModal: async (modalOptions) => {
      const { modalId } = await request('openModal', modalOptions);
      const early = earlyResults.get(modalId);
      if (early) {
        earlyResults.delete(modalId);
        return early;
      }
      return new Promise<ModalResult>((resolve) => {
        pendingModals.set(modalId, resolve);
      });
    },
    closeModal: async (result) => {
      await request('closeModal', { result });
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      win.removeEventListener('message', onWindowMessage);
      eventsPort?.close();
      eventsPort = null;
      for (const abort of [...openRequests]) abort();
      for (const resolve of pendingModals.values()) resolve(MODAL_CANCELLED);
      pendingModals.clear();
      relay.clear();
    },
  };
}
