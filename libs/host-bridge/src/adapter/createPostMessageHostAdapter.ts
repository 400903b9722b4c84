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
import {
  createPortRequests,
  DEFAULT_HOST_REQUEST_TIMEOUT_MS,
  HOST_INVALID_REPLY_MESSAGE,
  HostRequestError,
  type ChannelLike,
  type PortLike,
} from './portRequests';

export const DEFAULT_PLUGIN_ID = 'crm-panel';

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
  const requests = createPortRequests({
    post: (message, port) => win.parent.postMessage(message, hostOrigin, [port]),
    createChannel,
    timeoutMs,
  });
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
    const message = { protocol: HOST_PROTOCOL, command, args } as HostRequestMessage<C>;
    return requests.send<HostCommandMap[C]['data']>(message, (reply) => {
      // Anything but a reply of our protocol on this port is not the answer.
      if (!isHostReplyMessage(reply)) return undefined;
      if (!reply.ok) return { error: new HostRequestError('host', reply.error) };
      const data = REPLY_CHECKS[command](reply.data);
      return data === undefined
        ? { error: new HostRequestError('invalid-reply', HOST_INVALID_REPLY_MESSAGE) }
        : { value: data };
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
      requests.dispose();
      for (const resolve of pendingModals.values()) resolve(MODAL_CANCELLED);
      pendingModals.clear();
      relay.clear();
    },
  };
}
