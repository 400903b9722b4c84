import {
  DEFAULT_NOVUS_MAPPING,
  isModalResult,
  MODAL_CANCELLED,
  NOVUS_DIAGNOSTICS_LIMITS,
  NOVUS_MAPPING_LIMITS,
  novusEffectiveMapping,
  redactHostValue,
  toHostAttendance,
  toHostUserInfo,
  understandNovus,
  understandNovusReport,
  type ChatMessage,
  type HostAttendance,
  type HostUserInfo,
  type ModalResult,
  type NovusDiagnosticsReport,
  type NovusFieldMapping,
  type NovusUnexpectedMessage,
} from '@crm-panel/contracts';
import { createAttendanceRelay } from '@host-bridge/adapter/attendanceRelay';
import { type PanelWindowLike } from '@host-bridge/adapter/createPostMessageHostAdapter';
import { type HostAdapter, type HostChatRef } from '@host-bridge/adapter/HostAdapter';
import { type HostWaiting } from '@host-bridge/adapter/hostWaiting';
import { pickIdentityAssertion } from '@host-bridge/adapter/identityAssertion';
import {
  createPortRequests,
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
import { toHostChannels } from './novusMapping';

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
// host origin instead of "*" (stricter than the example). Everything the host says arrives on
// ports only the host holds; a window message from any other origin is never acted on, and is
// kept (origin and time, bounded) for the diagnostics instead of dropped in silence.
//
// `enviarComando` resolves "na primeira resposta" and has no timeout: a command waits as long as
// the host needs, and after 5 s the panel says 'Aguardando o sistema de atendimento…'.
//
// A modal page (a form the host opened with openModal) is not a plugin: it registers nothing
// (no initialize, no widgetbar, no events) and only sends commands.

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
  /** Absent: wait as long as the host needs, as the example does (no timeout). */
  requestTimeoutMs?: number;
  createChannel?: () => ChannelLike;
}

/** 'panel': the plugin page (registers itself); 'modal': a form page the host opened. */
export type NovusPageRole = 'panel' | 'modal';

/** What the panel's own detection passes besides the host's settings. */
export interface NovusPanelOptions extends NovusHostOptions {
  /** Default 'panel'. A 'modal' page sends no initialize. */
  role?: NovusPageRole;
  /** The tenant's field mapping (default: the readings of DEFAULT_NOVUS_MAPPING); see setMapping. */
  mapping?: NovusFieldMapping;
  /** Where the page says it is framed from, for the diagnostics. */
  origins?: NovusDiagnosticsReport['origins'];
  /** The panel's own origin: its windows (form popups) talking to it are not unexpected. */
  panelOrigin?: string | null;
  now?: () => Date;
  /** After this long a waiting command shows 'Aguardando…' (default 5 s). */
  slowAfterMs?: number;
  /** User-id field names tried before the mapping's (`hostUserIdField` URL parameter). */
  userIdFields?: string[];
  /**
   * The tenant's mapping is read after start (the shell's tenant sync): the user info is not
   * settled on the defaults before it comes (`setMapping`) or cannot come (`mappingUnavailable`),
   * so the tenant's 'Id do usuário' wins. Default false: the mapping given here is final.
   */
  awaitTenantMapping?: boolean;
}

export interface NovusHostAdapter extends HostAdapter {
  readonly kind: 'novus';
  /** The host's server-side proxy (`apiRequest`): resolves with the answer's body. */
  apiRequest(request: NovusApiRequest): Promise<unknown>;
}

/**
 * Where the chat import reads a chat's messages: through the host (`readChatMessages`), through
 * the api route, or not yet: the tenant's mapping (which may name the host's endpoint) is still
 * being read, or its read failed. Never the api route in the meantime.
 */
export type ChatMessagesSource = 'host' | 'api' | 'mapping-pending' | 'mapping-failed';

/** The Novus adapter with its page role, the tenant's mapping and the diagnostics. */
export interface NovusPanelAdapter extends NovusHostAdapter, HostWaiting {
  readonly role: NovusPageRole;
  /**
   * The tenant's field mapping (read from the api after start): what the host already sent is
   * read again under it, so the user info and the open attendance follow at once. Its
   * chat-messages endpoint applies unless the URL or config names one.
   */
  setMapping(mapping: NovusFieldMapping): void;
  /**
   * The tenant's mapping cannot be read (its read failed after retries): the user info settles
   * on the mapping in force (the defaults). Only matters with `awaitTenantMapping` (absent from
   * adapters older than that option, which never wait).
   */
  mappingUnavailable?(): void;
  /*
   * The three calls below are optional so that this stays a minor of a lib one per page: a remote
   * asks for them by feature (a shell older than them has none), never by version.
   */
  /** The tenant's mapping could not be read; `retry` reads it again now (see retryMapping). */
  mappingFailed?(retry: () => void): void;
  /** Reads the tenant's mapping again now, after mappingFailed (the import's 'Tentar novamente'). */
  retryMapping?(): void;
  /** Where the chat import reads (the URL's or config's endpoint wins over the mapping's). */
  chatMessagesSource?(): ChatMessagesSource;
  /** What the host sent, what the panel understood of it, unexpected messages (no secrets). */
  diagnostics(): NovusDiagnosticsReport;
  /** Called after each change of `diagnostics()`; returns the unsubscribe function. */
  watchDiagnostics(listener: () => void): () => void;
}

/** Whether an adapter is the Novus one (with its mapping and diagnostics). */
export function isNovusPanelAdapter(adapter: HostAdapter): adapter is NovusPanelAdapter {
  return adapter.kind === 'novus' && 'diagnostics' in adapter;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

type NovusApiRequestFailure = NonNullable<NovusDiagnosticsReport['apiRequestFailure']>;

/** Where a form page hands its apiRequest failures to the panel page (same origin, same tab). */
const FAILURE_CHANNEL = 'crm-panel:novus-api-request';

interface FailureChannel {
  post(failure: NovusApiRequestFailure | null): void;
  listen(listener: (failure: NovusApiRequestFailure | null) => void): void;
  close(): void;
}

function isFailure(value: unknown): value is NovusApiRequestFailure {
  return (
    isRecord(value) &&
    ['at', 'host', 'endpoint', 'error'].every((key) => typeof value[key] === 'string')
  );
}

/** A BroadcastChannel of the page's origin, or null where the browser has none. */
function createFailureChannel(win: object): FailureChannel | null {
  const Channel = (win as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (typeof Channel !== 'function') return null;
  const channel = new Channel(FAILURE_CHANNEL);
  return {
    post: (failure) => channel.postMessage({ failure }),
    listen(listener) {
      channel.onmessage = (event: MessageEvent) => {
        const data: unknown = event.data;
        if (!isRecord(data) || !('failure' in data)) return;
        if (data.failure === null || isFailure(data.failure)) listener(data.failure);
      };
    },
    close: () => channel.close(),
  };
}

function errorText(value: unknown): string {
  return typeof value === 'string' ? value : 'Erro no sistema de atendimento.';
}

export function createNovusHostAdapter(options: NovusHostOptions): NovusHostAdapter {
  return createNovusPanelAdapter(options);
}

/** The Novus adapter as the panel's detection creates it (see NovusPanelOptions). */
export function createNovusPanelAdapter(options: NovusPanelOptions): NovusPanelAdapter {
  const win = options.window;
  const { hostOrigin } = options;
  const role = options.role ?? 'panel';
  const pluginId = options.pluginId ?? NOVUS_PLUGIN_ID;
  const createChannel = options.createChannel ?? (() => new MessageChannel());
  const closeModalCommand = options.closeModalCommand ?? NOVUS_CLOSE_MODAL_COMMAND;
  const assertionCommand = options.identityAssertionCommand ?? null;
  const tenant = options.tenant ?? null;
  const now = options.now ?? (() => new Date());

  const relay = createAttendanceRelay();
  let mapping = options.mapping ?? DEFAULT_NOVUS_MAPPING;
  let userInfo: HostUserInfo | null = null;
  let userInfoAsks = 0;
  let disposed = false;
  /** What the host sent last, as it sent it: read again when the mapping changes. */
  let userReply: { at: string; reply: unknown } | null = null;
  /** getInfoUser answered `{ error }`: kept and said, never taken for "not answered yet". */
  let userError: { at: string; error: string } | null = null;
  /** Until the tenant's mapping is in (or cannot be), the user info is not settled. */
  let awaitingMapping = options.awaitTenantMapping === true;
  let lastEvent: { at: string; name: string; payload: unknown } | null = null;
  const unexpected: NovusUnexpectedMessage[] = [];
  const unrecognized: NonNullable<NovusDiagnosticsReport['unrecognized']> = [];
  /** The last chat read through apiRequest that failed, until one succeeds. */
  let apiRequestFailure: NovusApiRequestFailure | null = null;
  // A form page (modal) reads the chat but reports nothing: it hands its failures to the panel
  // page of the same origin and tab, whose report carries them.
  const failures = createFailureChannel(win);
  const diagnosticsListeners = new Set<() => void>();
  const waitingListeners = new Set<(waiting: boolean) => void>();
  let waiting = false;
  const changed = (): void => diagnosticsListeners.forEach((listener) => listener());

  const requests = createPortRequests({
    post: (message, port) => win.parent.postMessage(message, hostOrigin, [port]),
    createChannel,
    timeoutMs: options.requestTimeoutMs ?? null,
    slowAfterMs: options.slowAfterMs,
    onSlowChange: (slow) => {
      if (slow > 0 === waiting) return;
      waiting = slow > 0;
      waitingListeners.forEach((listener) => listener(waiting));
    },
  });
  /** Novus shows one custom modal at a time: results end the oldest open one. */
  const pendingModals: ((result: ModalResult) => void)[] = [];

  const sameAttendance = (a: HostAttendance | null, b: HostAttendance): boolean =>
    a !== null && JSON.stringify(a) === JSON.stringify(b);

  function onOpenOrFocus(payload: unknown): void {
    const attendance = toHostAttendance(payload, mapping);
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
    const closed = toHostAttendance(payload, mapping);
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

  /** A message on the port the panel does not know: kept (the last 20) and reported. */
  function keepUnrecognized(message: unknown): void {
    const text = (value: unknown): string | null =>
      typeof value === 'string' ? value.slice(0, 64) : null;
    unrecognized.push({
      at: now().toISOString(),
      command: isRecord(message) ? text(message.command) : null,
      callbackId: isRecord(message) ? text(message.callbackId) : null,
    });
    unrecognized.splice(0, Math.max(0, unrecognized.length - NOVUS_DIAGNOSTICS_LIMITS.unexpected));
    changed();
  }

  function onPersistentMessage(event: MessageEvent): void {
    if (disposed) return;
    const message: unknown = event.data;
    if (!isRecord(message)) {
      keepUnrecognized(message);
      return;
    }
    if (message.command === 'callback' && typeof message.callbackId === 'string') {
      const name = callbackIds[message.callbackId];
      if (!name) {
        keepUnrecognized(message);
        return;
      }
      lastEvent = { at: now().toISOString(), name, payload: message.payload };
      handlers[name]?.(message.payload);
      changed();
      return;
    }
    if (message.command === 'close_custom_modal') {
      const raw = message.payload !== undefined ? message.payload : message.data;
      const result = isModalResult(raw) ? raw : MODAL_CANCELLED;
      pendingModals.shift()?.(result);
      return;
    }
    keepUnrecognized(message);
  }

  /**
   * A window message: the Novus host never sends one (it talks on ports), so nothing here is
   * acted on. One from another origin than the host's and the panel's own is kept for the
   * diagnostics (a Novus page at an origin the panel does not expect shows up here).
   */
  function onWindowMessage(event: MessageEvent): void {
    if (disposed || event.origin === hostOrigin || event.origin === options.panelOrigin) return;
    const data: unknown = event.data;
    const name = isRecord(data) ? (data.command ?? data.type) : undefined;
    unexpected.push({
      origin: String(event.origin).slice(0, 200) || '(sem origem)',
      at: now().toISOString(),
      command: typeof name === 'string' ? name.slice(0, 64) : null,
    });
    unexpected.splice(0, Math.max(0, unexpected.length - NOVUS_DIAGNOSTICS_LIMITS.unexpected));
    changed();
  }

  function command(name: string, args: unknown): Promise<unknown> {
    return requests.send({ command: name, args }, (raw) => {
      // plugin.js: `resposta.error ? reject(...) : resolve(resposta.data ?? resposta.payload)`.
      const reply: Record<string, unknown> = isRecord(raw) ? raw : {};
      if (reply.error) return { error: new HostRequestError('host', errorText(reply.error)) };
      return { value: reply.data !== undefined ? reply.data : reply.payload };
    });
  }

  let persistentPort: PortLike | null = null;
  if (role === 'panel') {
    const persistent = createChannel();
    persistentPort = persistent.port1;
    persistentPort.onmessage = onPersistentMessage;
    win.parent.postMessage({ command: 'initialize', args: registry, id: pluginId }, hostOrigin, [
      persistent.port2,
    ]);
    win.addEventListener('message', onWindowMessage);
  }

  /** The mapping, with the URL's user-id field names first. */
  const effective = (): NovusFieldMapping => novusEffectiveMapping(mapping, options.userIdFields);
  /** The URL's user-id names as the report carries them (bounded like a mapping's). */
  const reportedUserIdFields = (options.userIdFields ?? [])
    .filter((name) => name.length <= NOVUS_MAPPING_LIMITS.nameLength)
    .slice(0, NOVUS_MAPPING_LIMITS.names);
  const readUser = (): HostUserInfo | null =>
    userReply ? toHostUserInfo(userReply.reply, tenant, effective()) : null;
  /** Whether the tenant's mapping is still to come for a reply that names a tenant. */
  const mappingAwaited = (): boolean =>
    awaitingMapping &&
    userReply !== null &&
    understandNovus(userReply.reply, undefined, tenant, effective()).systemKey !== null;

  const getInfoUser = async (): Promise<HostUserInfo | null> => {
    userInfoAsks += 1;
    try {
      const reply = await command('getInfoUser', null);
      userReply = { at: now().toISOString(), reply };
      userError = null;
      const info = readUser();
      if (info) userInfo = info;
      changed();
      return info;
    } catch (error) {
      // Kept for the report and the missing-user card ("O Novus recusou o getInfoUser: …").
      if (error instanceof HostRequestError && error.code === 'host') {
        userError = { at: now().toISOString(), error: error.message.slice(0, 300) };
        changed();
      }
      throw error;
    } finally {
      userInfoAsks -= 1;
    }
  };
  const configuredChatMessages = options.chatMessages ?? null;
  let chatMessages = configuredChatMessages;
  let mappingState: 'pending' | 'ready' | 'failed' = 'pending';
  let mappingRetry: (() => void) | null = null;
  const readChatMessages = async (chat: HostChatRef): Promise<ChatMessage[]> => {
    const setting = chatMessages;
    if (!setting) throw new HostRequestError('config', 'Leitura de mensagens pelo host desligada.');
    // A broken setting fails loudly (the import's error state), never falls back in silence.
    const settingProblem = chatMessagesSettingProblem(setting);
    if (settingProblem) {
      throw new HostRequestError(
        'config',
        `Configuração hostChatMessages inválida: ${settingProblem}.`,
      );
    }
    const request = chatMessagesRequest(setting, chat);
    try {
      const messages = toChatMessages(await command('apiRequest', request));
      if (apiRequestFailure) recordFailure(null);
      return messages;
    } catch (error) {
      recordFailure({
        at: now().toISOString(),
        host: request.host,
        endpoint: request.endpoint,
        error: error instanceof Error ? error.message : errorText(error),
      });
      throw error;
    }
  };

  function recordFailure(failure: NovusApiRequestFailure | null): void {
    apiRequestFailure = failure;
    if (role === 'modal') failures?.post(failure);
    changed();
  }
  if (role === 'panel') {
    failures?.listen((failure) => {
      if (disposed) return;
      apiRequestFailure = failure;
      changed();
    });
  }

  // The host gives no user info unasked (no 'initialized'): ask once at start, so readUserInfo
  // (polled by waitForHostUserInfo) has it; a failure leaves it null, the panel's 'missing' state.
  getInfoUser().catch(() => undefined);

  const adapter: NovusPanelAdapter = {
    kind: 'novus',
    role,
    // Not settled on the defaults while the tenant's mapping may still change whom they name.
    readUserInfo: () => (mappingAwaited() ? null : userInfo),
    userInfoPending: () => (userInfoAsks > 0 || mappingAwaited()) && !disposed,
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
    // Present only while an endpoint is set (URL, config or the tenant's mapping): the import
    // reads through the api otherwise.
    get readChatMessages() {
      return chatMessages ? readChatMessages : undefined;
    },
    watchWaiting(listener) {
      waitingListeners.add(listener);
      if (waiting) listener(true);
      return () => waitingListeners.delete(listener);
    },
    mappingFailed(retry) {
      mappingState = 'failed';
      mappingRetry = retry;
      changed();
    },
    retryMapping() {
      const retry = mappingRetry;
      if (mappingState !== 'failed' || !retry) return;
      mappingState = 'pending';
      mappingRetry = null;
      changed();
      retry();
    },
    chatMessagesSource() {
      if (configuredChatMessages) return 'host';
      if (mappingState === 'pending') return 'mapping-pending';
      if (mappingState === 'failed') return 'mapping-failed';
      return chatMessages ? 'host' : 'api';
    },
    setMapping(next) {
      mapping = next;
      awaitingMapping = false;
      mappingState = 'ready';
      mappingRetry = null;
      if (!configuredChatMessages) {
        chatMessages = next.chatMessagesEndpoint.trim()
          ? {
              endpoint: next.chatMessagesEndpoint,
              ...(next.chatMessagesHost.trim() ? { host: next.chatMessagesHost } : {}),
            }
          : null;
      }
      const info = readUser();
      if (info) userInfo = info;
      if (lastEvent) handlers[lastEvent.name]?.(lastEvent.payload);
      changed();
    },
    mappingUnavailable() {
      if (!awaitingMapping) return;
      awaitingMapping = false;
      changed();
    },
    diagnostics: () => {
      const report: NovusDiagnosticsReport = {
        hostOrigin,
        origins: options.origins ?? { parameter: null, referrer: null, ancestor: null },
        urlTenant: tenant,
        userIdFields: reportedUserIdFields,
        userInfo: userReply && { at: userReply.at, reply: redactHostValue(userReply.reply) },
        // Left out while empty: the api and the view read a missing one as none.
        ...(userError ? { userInfoError: { ...userError } } : {}),
        lastEvent: lastEvent && { ...lastEvent, payload: redactHostValue(lastEvent.payload) },
        understood: understandNovusReport(
          { userInfo: userReply, lastEvent, urlTenant: tenant, userIdFields: options.userIdFields },
          mapping,
        ),
        unexpected: [...unexpected],
        ...(unrecognized.length ? { unrecognized: [...unrecognized] } : {}),
        apiRequestFailure,
      };
      return report;
    },
    watchDiagnostics(listener) {
      diagnosticsListeners.add(listener);
      return () => diagnosticsListeners.delete(listener);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      win.removeEventListener('message', onWindowMessage);
      if (persistentPort) {
        persistentPort.onmessage = null;
        persistentPort.close();
      }
      requests.dispose();
      failures?.close();
      for (const resolve of pendingModals.splice(0)) resolve(MODAL_CANCELLED);
      relay.clear();
      diagnosticsListeners.clear();
      waitingListeners.clear();
    },
  };
  return adapter;
}
