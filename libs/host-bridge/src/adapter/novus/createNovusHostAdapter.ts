import {
  isModalResult,
  MODAL_CANCELLED,
  type ChatMessage,
  type HostAttendance,
  type HostUserInfo,
  type ModalResult,
} from '@crm-panel/contracts';
import { createAttendanceRelay } from '@host-bridge/adapter/attendanceRelay';
import { type PanelWindowLike } from '@host-bridge/adapter/createPostMessageHostAdapter';
import { type HostAdapter, type HostChatRef } from '@host-bridge/adapter/HostAdapter';
import { pickIdentityAssertion } from '@host-bridge/adapter/identityAssertion';
import {
  createPortRequests,
  DEFAULT_HOST_REQUEST_TIMEOUT_MS,
  HostRequestError,
  type ChannelLike,
  type PortLike,
} from '@host-bridge/adapter/portRequests';
import {
  chatMessagesRequest,
  chatMessagesSettingProblem,
  toChatMessages,
  type NovusApiRequest,
  type NovusChatMessagesSetting,
} from './novusChatMessages';
import { toHostAttendance, toHostChannels, toHostUserInfo } from './novusMapping';

// Adapter (d): the Novus CRM plugin protocol, exactly as the public example speaks it
// (github.com/novuscrm/novus-plugin-example, plugin.js, 'Camada de protocolo'):
//
//   window.parent.postMessage({ command: "initialize", args: registry, id: idPlugin }, "*",
//     [canalPersistente.port2]);                                  // once, persistent channel
//   window.parent.postMessage({ command, args }, "*", [canal.port2]); // every other command
//   resposta.error ? reject(new Error(resposta.error))
//     : resolve(resposta.data !== undefined ? resposta.data : resposta.payload);
//   // persistent port: { command: "callback", callbackId, payload } and "close_custom_modal"
//
// The host sends no 'initialized' message: "O Novus CRM retém o último aoAbrirAtendimento e
// reemite para plugins que terminam de carregar depois" (README). We post to the allow-listed
// host origin instead of "*" (stricter than the example) and never listen to window messages:
// everything the host says arrives on ports only the host holds.

/** The plugin id sent with `initialize` (the example: `inicializar("vendas-cplus5", …)`). */
export const NOVUS_PLUGIN_ID = 'crm-panel';
/** The widgetbar entry: the example's `{ id, text, icon_url }` (icon always sent); no `callback`,
 * so the host opens the plugin's own page in its right-hand drawer. */
export const NOVUS_WIDGET_TEXT = 'CRM';
/**
 * The widgetbar icon sent when none is configured: without one the host draws its generic icon.
 * A data URI, since a relative URL would resolve against the CRM's page, not the panel's.
 */
export const NOVUS_WIDGET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="2" y="2" width="20" height="20" rx="5" fill="#1565c0"/><path d="M7 16V11M12 16V8M17 16v-3" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/></svg>',
)}`;
export const NOVUS_EVENTS = ['aoAbrirAtendimento', 'aoFocarAtendimento', 'aoFecharAtendimento'];
/** Command name the modal page ends itself with; the example names the host → plugin message
 * only ("close_custom_modal"), so the plugin → host direction is a setting with this default. */
export const NOVUS_CLOSE_MODAL_COMMAND = 'close_custom_modal';

export interface NovusRegistry {
  widgetbar: { id: string; text: string; icon_url?: string }[];
  events: Record<string, { callbackId: string }>;
}

export interface NovusHostOptions {
  window: PanelWindowLike;
  /** Allow-listed origin of the Novus page; messages go there only. */
  hostOrigin: string;
  pluginId?: string;
  widgetText?: string;
  /**
   * Absolute URL or data URI (the example: a relative URL would resolve against the CRM); default
   * NOVUS_WIDGET_ICON.
   */
  widgetIconUrl?: string;
  /** The tenant when getInfoUser does not name one (`hostTenant` URL parameter). */
  tenant?: string | null;
  /**
   * A command that answers a host-signed identity JWT, for a Novus that offers one
   * (`hostAssertion` URL parameter). Default null: the example shows none, so the panel earns its
   * session by the CRM sign-in like every host that signs nothing.
   */
  identityAssertionCommand?: string | null;
  closeModalCommand?: string;
  /**
   * Reads chat messages through `apiRequest` (`hostChatMessages` URL parameter or config). Default
   * null: the example shows no messages endpoint, so the panel keeps its api route (spec §7).
   */
  chatMessages?: NovusChatMessagesSetting | null;
  requestTimeoutMs?: number;
  createChannel?: () => ChannelLike;
}

export interface NovusHostAdapter extends HostAdapter {
  readonly kind: 'novus';
  /** The host's server-side proxy (`apiRequest`): resolves with the answer's body. */
  apiRequest(request: NovusApiRequest): Promise<unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorText(value: unknown): string {
  return typeof value === 'string' ? value : 'Erro no sistema de atendimento.';
}

export function createNovusHostAdapter(options: NovusHostOptions): NovusHostAdapter {
  const win = options.window;
  const { hostOrigin } = options;
  const pluginId = options.pluginId ?? NOVUS_PLUGIN_ID;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_HOST_REQUEST_TIMEOUT_MS;
  const createChannel = options.createChannel ?? (() => new MessageChannel());
  const closeModalCommand = options.closeModalCommand ?? NOVUS_CLOSE_MODAL_COMMAND;
  const assertionCommand = options.identityAssertionCommand ?? null;
  const tenant = options.tenant ?? null;

  const relay = createAttendanceRelay();
  let userInfo: HostUserInfo | null = null;
  let disposed = false;
  const requests = createPortRequests({
    post: (message, port) => win.parent.postMessage(message, hostOrigin, [port]),
    createChannel,
    timeoutMs,
  });
  /** Novus shows one custom modal at a time: results end the oldest open one. */
  const pendingModals: ((result: ModalResult) => void)[] = [];

  const sameAttendance = (a: HostAttendance | null, b: HostAttendance): boolean =>
    a !== null && JSON.stringify(a) === JSON.stringify(b);

  function onOpenOrFocus(payload: unknown): void {
    const attendance = toHostAttendance(payload);
    if (!attendance) {
      // The example: `if (!contato.id) { aoFecharAtendimento(); return; }`.
      if (relay.current) relay.close(null);
      return;
    }
    // "O host reemite o atendimento em foco a cada abrir/focar" (plugin.js): a re-emission of
    // what is on screen changes nothing, a different chat moves the panel to it.
    if (!sameAttendance(relay.current, attendance)) relay.open(attendance);
  }

  function onClose(payload: unknown): void {
    const closed = toHostAttendance(payload);
    const current = relay.current;
    // Closing a chat in the background leaves the panel on the focused one.
    if (closed && current && closed.atendimentoId !== current.atendimentoId) return;
    if (current || closed) relay.close(closed ?? current);
  }

  const callbackIds: Record<string, string> = {};
  const handlers: Record<string, (payload: unknown) => void> = {
    aoAbrirAtendimento: onOpenOrFocus,
    aoFocarAtendimento: onOpenOrFocus,
    aoFecharAtendimento: onClose,
  };
  const registry: NovusRegistry = {
    widgetbar: [
      {
        id: pluginId,
        text: options.widgetText ?? NOVUS_WIDGET_TEXT,
        icon_url: options.widgetIconUrl ?? NOVUS_WIDGET_ICON,
      },
    ],
    events: {},
  };
  // The example's registrarEvento: `${prefixo}-${proximoId}`.
  NOVUS_EVENTS.forEach((name, index) => {
    const callbackId = `${name}-${index + 1}`;
    callbackIds[callbackId] = name;
    registry.events[name] = { callbackId };
  });

  function onPersistentMessage(event: MessageEvent): void {
    if (disposed) return;
    const message: unknown = event.data;
    if (!isRecord(message)) return;
    if (message.command === 'callback' && typeof message.callbackId === 'string') {
      const name = callbackIds[message.callbackId];
      if (name) handlers[name]?.(message.payload);
      return;
    }
    if (message.command === 'close_custom_modal') {
      const raw = message.payload !== undefined ? message.payload : message.data;
      const result = isModalResult(raw) ? raw : MODAL_CANCELLED;
      pendingModals.shift()?.(result);
    }
  }

  function command(name: string, args: unknown): Promise<unknown> {
    return requests.send({ command: name, args }, (raw) => {
      // plugin.js: `resposta.error ? reject(...) : resolve(resposta.data ?? resposta.payload)`.
      const reply: Record<string, unknown> = isRecord(raw) ? raw : {};
      if (reply.error) return { error: new HostRequestError('host', errorText(reply.error)) };
      return { value: reply.data !== undefined ? reply.data : reply.payload };
    });
  }

  const persistent = createChannel();
  const persistentPort: PortLike = persistent.port1;
  persistentPort.onmessage = onPersistentMessage;
  win.parent.postMessage({ command: 'initialize', args: registry, id: pluginId }, hostOrigin, [
    persistent.port2,
  ]);

  const getInfoUser = async (): Promise<HostUserInfo | null> => {
    const info = toHostUserInfo(await command('getInfoUser', null), tenant);
    if (info) userInfo = info;
    return info;
  };
  const chatMessages = options.chatMessages ?? null;
  const settingProblem = chatMessages && chatMessagesSettingProblem(chatMessages);
  const readChatMessages =
    chatMessages &&
    (async (chat: HostChatRef): Promise<ChatMessage[]> => {
      // A broken setting fails loudly (the import's error state), never falls back in silence.
      if (settingProblem) {
        throw new HostRequestError(
          'config',
          `Configuração hostChatMessages inválida: ${settingProblem}.`,
        );
      }
      return toChatMessages(await command('apiRequest', chatMessagesRequest(chatMessages, chat)));
    });

  // The host gives no user info unasked (no 'initialized'): ask once at start, so readUserInfo
  // (polled by waitForHostUserInfo) has it; a failure leaves it null, the panel's 'missing' state.
  getInfoUser().catch(() => undefined);

  return {
    kind: 'novus',
    readUserInfo: () => userInfo,
    getInfoUser,
    getInfoChannels: async () => toHostChannels(await command('getInfoChannels', null)),
    getIdentityAssertion: async () => {
      if (!assertionCommand) return null;
      // Nothing is logged, the host's error text included (as for the other adapters).
      return command(assertionCommand, null).then(pickIdentityAssertion, () => null);
    },
    subscribe: (subscriber) => relay.subscribe(subscriber),
    openModal: async (modalOptions) => {
      const result = new Promise<ModalResult>((resolve) => pendingModals.push(resolve));
      try {
        await command('openModal', modalOptions);
      } catch (error) {
        pendingModals.pop();
        throw error;
      }
      return result;
    },
    closeModal: async (result) => {
      await command(closeModalCommand, result);
    },
    apiRequest: (request) => command('apiRequest', request),
    ...(readChatMessages ? { readChatMessages } : {}),
    dispose() {
      if (disposed) return;
      disposed = true;
      persistentPort.onmessage = null;
      persistentPort.close();
      requests.dispose();
      for (const resolve of pendingModals.splice(0)) resolve(MODAL_CANCELLED);
      relay.clear();
    },
  };
}
