import {
  type HostAttendance,
  type HostChannel,
  type HostModalOptions,
  type HostUserInfo,
  type ModalResult,
} from '@crm-panel/contracts';
import {
  answerWhenSettled,
  closingForm,
  failureText,
  openModalRefusal,
  type CommandOutcome,
  type FrameRole,
} from './frameCommands.js';

// The host side of Novus CRM's plugin protocol, written from the public example
// (github.com/novuscrm/novus-plugin-example), not from the panel's code:
//
//   plugin → host  { command: "initialize", args: registry, id }  + the persistent port
//   plugin → host  { command, args }                               + a port per command
//   host → plugin  reply on that port: { data } or { error }
//   host → plugin  persistent port: { command: "callback", callbackId, payload },
//                  { command: "close_custom_modal", payload }
//
// "O Novus CRM retém o último aoAbrirAtendimento e reemite para plugins que terminam de carregar
// depois" (README): no 'initialized' message, the retained event is re-sent after initialize.
// What the example does not show, and this simulator had to choose (README 'Novus'):
//   - the payload of the events is the attendance as the panel's contract names it
//     (atendimentoId, canalId, descricao, contato { id, nome, nomeSecundario, numero });
//   - getInfoUser answers { id, nome, email } — no tenant: the plugin URL carries it;
//   - getInfoChannels answers the channels ({ id, nome, tipo });
//   - openModal args are { url, title, width, height }; the modal page ends itself with the
//     command close_custom_modal (args = the result), relayed to its opener as above;
//   - getIdentityAssertion is a simulator extension (Novus shows none), answered only for
//     tenants whose platform signs;
//   - apiRequest: the proxy knows one host, "publica" (the example's name for Novus's own public
//     API), and on it one endpoint, this simulator's chat-messages API
//     (GET api/chat/{chatId}/messages, query { channelId }), answered with that API's body. Its
//     refusals use the example's vocabulary (plugin.js `explicarErro`, README 'Mensagens de erro e
//     o que fazer'): 'Host not allowed' (any other host), 'Endpoint not allowed' (any other
//     endpoint, query or a body), 'Method not allowed' (that endpoint with another method),
//     'Secret not found: {nome}' (a secretRefs naming a variable: the simulated account has
//     none), and an error answer of the API relayed as its status, 'proxy 4xx/5xx' ("o proxy
//     repassa o status dele"); 'Unauthorized' (Novus's session gone) only by the knob.

export const NOVUS_EVENT_NAMES = [
  'aoAbrirAtendimento',
  'aoFocarAtendimento',
  'aoFecharAtendimento',
] as const;
export type NovusEventName = (typeof NOVUS_EVENT_NAMES)[number];

const KNOWN_COMMANDS = new Set([
  'initialize',
  'getInfoUser',
  'getInfoChannels',
  'openModal',
  'close_custom_modal',
  'apiRequest',
  'getIdentityAssertion',
]);

/** The proxy host of Novus's own public API in the example (plugin.js: `HOST_NOVUS`). */
export const PUBLIC_API_HOST = 'publica';
export const HOST_NOT_ALLOWED = 'Host not allowed';
export const ENDPOINT_NOT_ALLOWED = 'Endpoint not allowed';
export const METHOD_NOT_ALLOWED = 'Method not allowed';
/** Novus's own session is gone ("Sessão expirada … Atualize a página do Novus CRM"). */
export const UNAUTHORIZED = 'Unauthorized';
/** A secretRefs entry naming a variable the account does not have. */
export const secretNotFound = (name: string): string => `Secret not found: ${name}`;
/** An error answer of the called API, relayed by its status ("o proxy repassa o status dele"). */
export const upstreamStatus = (status: number): string => `proxy ${status}`;

/**
 * `?novusProxyErro=` → the error every apiRequest gets, to see how a plugin takes each one the
 * example lists; null (default): the proxy answers as its allow-list says.
 */
export function forcedProxyError(value: string | null): string | null {
  if (value === 'host') return HOST_NOT_ALLOWED;
  if (value === 'endpoint') return ENDPOINT_NOT_ALLOWED;
  if (value === 'metodo') return METHOD_NOT_ALLOWED;
  if (value === 'sessao') return UNAUTHORIZED;
  if (value === 'segredo') return secretNotFound('chaveApiPublica');
  if (value && /^[45]\d\d$/.test(value)) return upstreamStatus(Number(value));
  return null;
}
/** The one endpoint the simulated proxy allows on "publica": the chat-messages API. */
const CHAT_MESSAGES_ENDPOINT = /^api\/chat\/([^/?#]+)\/messages$/;

/** The chat whose messages an allowed apiRequest reads. */
export interface ChatMessagesCall {
  chatId: string;
  channelId: string;
}

/**
 * An apiRequest's args → the chat-messages call it may make, or the refusal: exactly
 * `{ host: "publica", method: "GET", endpoint: "api/chat/{id}/messages", query: { channelId } }`.
 * Checked as a proxy with an allow-list would: the host, then the endpoint (with its query and no
 * body), then the method, then the secrets ("publica" needs none; the account has no variables).
 */
export function readChatMessagesCall(args: unknown): ChatMessagesCall | { refused: string } {
  if (!isRecord(args) || args.host !== PUBLIC_API_HOST) return { refused: HOST_NOT_ALLOWED };
  const endpoint = typeof args.endpoint === 'string' ? args.endpoint : '';
  const match = CHAT_MESSAGES_ENDPOINT.exec(endpoint);
  const query = isRecord(args.query) ? args.query : {};
  const extra = Object.keys(args).filter(
    (key) => !['host', 'method', 'endpoint', 'query', 'secretRefs'].includes(key),
  );
  const channelId = query.channelId;
  if (
    !match?.[1] ||
    extra.length > 0 ||
    Object.keys(query).length !== 1 ||
    typeof channelId !== 'string' ||
    channelId === ''
  ) {
    return { refused: ENDPOINT_NOT_ALLOWED };
  }
  if (args.method !== 'GET') return { refused: METHOD_NOT_ALLOWED };
  if (args.secretRefs !== undefined) {
    const refs = isRecord(args.secretRefs) ? Object.values(args.secretRefs) : [];
    const first = refs.find(isRecord)?.secret;
    return { refused: secretNotFound(typeof first === 'string' ? first : '') };
  }
  let chatId: string;
  try {
    chatId = decodeURIComponent(match[1]);
  } catch {
    return { refused: ENDPOINT_NOT_ALLOWED };
  }
  return { chatId, channelId };
}

export interface NovusRegistration {
  pluginId: string;
  widgetbar: { id: string; text: string; icon_url?: string }[];
  events: Partial<Record<NovusEventName, string>>;
}

interface Connection {
  frame: Window;
  role: FrameRole;
  modalId: string | null;
  persistent: MessagePort | null;
  registration: NovusRegistration | null;
}

export interface NovusHostCallbacks {
  userInfo(): HostUserInfo & { name: string; email: string | null };
  channels(): HostChannel[];
  /**
   * The proxy's call to the public API (the chat-messages API, as the current attendant's
   * tenant): resolves with the answer's body; an error answer rejects with `upstreamStatus`.
   */
  chatMessages(call: ChatMessagesCall): Promise<unknown>;
  /** A signed JWT, or null when the tenant's platform signs nothing (a simulator extension). */
  identityAssertion(): Promise<string | null>;
  openModal(options: HostModalOptions, opener: Window): string;
  closeModal(modalId: string, result: ModalResult): void;
  /** A plugin registered (or re-registered) its widgetbar item and events. */
  onRegistered(registration: NovusRegistration): void;
  /** The page that registered in a frame of this role is gone (reloaded, navigated away). */
  onUnregistered(role: FrameRole): void;
  onRefused(total: number): void;
}

/**
 * The readings the example leaves open, each with its strict default (README 'Novus (plugin)',
 * knobs): the page URL sets the other reading.
 */
export interface NovusReadings {
  /** The reply's key: `data` (strict: plugin.js reads `data` first) or `payload`. */
  replyKey: 'data' | 'payload';
  /** Every command is answered after this long (0: at once); the example waits without limit. */
  answerDelayMs: number;
  /**
   * getInfoUser's reply: `plano` `{ id, nome, email }`, `aninhado` `{ usuario: { IdUsuario, Nome,
   * Email } }` or `codigo` `{ codigoAtendente, nome }` (a name none of the panel's defaults read).
   */
  userShape: 'plano' | 'aninhado' | 'codigo';
  /** The attendance payload: `contrato` (the panel contract's names) or `pascal` (PascalCase ids). */
  attendanceShape: 'contrato' | 'pascal';
  /** Whether a modal page may send initialize (strict: no, it is refused and counted). */
  modalRegisters: boolean;
  /**
   * Whether openModal's `url` gets the host parameters added (strict: no, the page opens as the
   * plugin gave it; the example's openModal "Abre um modal customizado no host" and no more).
   */
  modalUrlWithParams: boolean;
  /** The error every apiRequest gets (`?novusProxyErro=`); null: the allow-list decides. */
  proxyError: string | null;
  /**
   * Whether a widgetbar item's icon may also come as `icone_url` or `icon` (strict: no, only
   * `icon_url`, the one key the example's plugin.js sends: "Sem esta chave o host desenha uma peça
   * de quebra-cabeça genérica").
   */
  iconAliases: boolean;
}

export const STRICT_NOVUS_READINGS: NovusReadings = {
  replyKey: 'data',
  answerDelayMs: 0,
  userShape: 'plano',
  attendanceShape: 'contrato',
  modalRegisters: false,
  modalUrlWithParams: false,
  proxyError: null,
  iconAliases: false,
};

/** The answer to an initialize from a modal page (strict reading: a modal is no plugin). */
export const MODAL_NOT_A_PLUGIN = 'Um modal não é um plugin: initialize recusado';

/** The attendance as the host sends it, under the reading chosen. */
export function novusAttendancePayload(
  attendance: HostAttendance,
  shape: NovusReadings['attendanceShape'],
): unknown {
  if (shape === 'contrato') return attendance;
  const contato = attendance.contato;
  return {
    IdAtendimento: attendance.atendimentoId,
    IdCanal: attendance.canalId,
    Descricao: attendance.descricao,
    ...(contato
      ? {
          contato: {
            Id: contato.id,
            Nome: contato.nome,
            Apelido: contato.nomeSecundario,
            Telefone: contato.numero,
          },
        }
      : {}),
  };
}

/** getInfoUser's reply under the reading chosen (the example never shows it). */
export function novusUserReply(
  user: { userId: string; name: string; email: string | null },
  shape: NovusReadings['userShape'],
): unknown {
  if (shape === 'aninhado')
    return { usuario: { IdUsuario: user.userId, Nome: user.name, Email: user.email } };
  if (shape === 'codigo') return { codigoAtendente: user.userId, nome: user.name };
  return { id: user.userId, nome: user.name, email: user.email };
}

/** The answer to a command from a frame that never sent initialize. */
export const NOT_INITIALIZED =
  'Plugin não inicializado: initialize precisa ser a primeira mensagem';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isModalOptions(value: unknown): value is HostModalOptions {
  return (
    isRecord(value) &&
    typeof value.url === 'string' &&
    typeof value.title === 'string' &&
    typeof value.width === 'number' &&
    typeof value.height === 'number'
  );
}

function isResult(value: unknown): value is ModalResult {
  return isRecord(value) && typeof value.success === 'boolean';
}

/** The registry of an initialize message, or null when it is not one the host accepts. */
export function readRegistration(
  message: Record<string, unknown>,
  iconAliases = false,
): NovusRegistration | null {
  const args = message.args;
  if (typeof message.id !== 'string' || message.id === '' || !isRecord(args)) return null;
  const widgetbar = Array.isArray(args.widgetbar)
    ? args.widgetbar.filter(isRecord).flatMap((item) => {
        const text = item.text;
        if (typeof item.id !== 'string' || typeof text !== 'string') return [];
        // `icon_url` only, unless the reading allows the other names (knob iconAliases).
        const names = iconAliases ? [item.icon_url, item.icone_url, item.icon] : [item.icon_url];
        const icon = names.find((v) => typeof v === 'string');
        return [{ id: item.id, text, ...(typeof icon === 'string' ? { icon_url: icon } : {}) }];
      })
    : [];
  const events: NovusRegistration['events'] = {};
  if (isRecord(args.events)) {
    for (const name of NOVUS_EVENT_NAMES) {
      const def = args.events[name];
      if (isRecord(def) && typeof def.callbackId === 'string') events[name] = def.callbackId;
    }
  }
  return { pluginId: message.id, widgetbar, events };
}

/** The simulated Novus page's side of the plugin protocol. */
export class NovusHost {
  private readonly connections = new Map<Window, Connection>();
  private refused = 0;
  /** The last open/focus event, re-emitted to plugins that initialize later. */
  private retained: { event: NovusEventName; payload: HostAttendance } | null = null;

  constructor(
    private readonly panelOrigin: string,
    private readonly callbacks: NovusHostCallbacks,
    private readonly readings: NovusReadings = STRICT_NOVUS_READINGS,
  ) {}

  start(): void {
    window.addEventListener('message', this.onMessage);
  }

  register(frame: Window, role: FrameRole, modalId: string | null = null): void {
    this.unregister(frame);
    this.connections.set(frame, {
      frame,
      role,
      modalId,
      persistent: null,
      registration: null,
    });
  }

  /** The page that registered is gone: no plugin in this frame until a page initializes. */
  private forget(connection: Connection): void {
    connection.persistent?.close();
    connection.persistent = null;
    connection.registration = null;
    this.callbacks.onUnregistered(connection.role);
  }

  unregister(frame: Window): void {
    this.connections.get(frame)?.persistent?.close();
    this.connections.delete(frame);
  }

  /** aoAbrirAtendimento (a chat newly opened) or aoFocarAtendimento (an open chat focused). */
  emitOpen(attendance: HostAttendance, focus: boolean): void {
    this.retained = {
      event: focus ? 'aoFocarAtendimento' : 'aoAbrirAtendimento',
      payload: attendance,
    };
    this.emit(this.retained.event, attendance);
  }

  emitClose(attendance: HostAttendance): void {
    this.retained = null;
    this.emit('aoFecharAtendimento', attendance);
  }

  modalClosed(opener: Window, result: ModalResult): void {
    this.connections
      .get(opener)
      ?.persistent?.postMessage({ command: 'close_custom_modal', payload: result });
  }

  private emit(event: NovusEventName, payload: HostAttendance): void {
    for (const connection of this.connections.values()) {
      if (connection.role === 'panel') this.callback(connection, event, payload);
    }
  }

  /** The plugin a frame speaks for: its own registration, or (a modal page) its opener's. */
  private registrationOf(connection: Connection): NovusRegistration | null {
    if (connection.registration) return connection.registration;
    if (connection.role !== 'modal') return null;
    for (const other of this.connections.values())
      if (other.role === 'panel' && other.registration) return other.registration;
    return null;
  }

  private callback(connection: Connection, event: NovusEventName, payload: HostAttendance): void {
    const callbackId = connection.registration?.events[event];
    if (!callbackId || !connection.persistent) return;
    connection.persistent.postMessage({
      command: 'callback',
      callbackId,
      payload: novusAttendancePayload(payload, this.readings.attendanceShape),
    });
  }

  private refuse(): void {
    this.refused += 1;
    this.callbacks.onRefused(this.refused);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const data: unknown = event.data;
    // Ours are the Novus commands; other protocols' messages (with `protocol`) are not for us.
    if (!isRecord(data) || 'protocol' in data || typeof data.command !== 'string') return;
    if (!KNOWN_COMMANDS.has(data.command) && !event.ports[0]) return;
    const connection = event.source ? this.connections.get(event.source as Window) : undefined;
    if (event.origin !== this.panelOrigin || !connection) {
      this.refuse();
      return;
    }
    const port = event.ports[0];
    if (!port) return;

    if (data.command === 'initialize') {
      // A page the host opened with openModal is no plugin (strict reading, knob modalRegisters).
      if (connection.role === 'modal' && !this.readings.modalRegisters) {
        this.refuse();
        port.postMessage({ error: MODAL_NOT_A_PLUGIN });
        port.close();
        return;
      }
      const registration = readRegistration(data, this.readings.iconAliases);
      if (!registration) {
        this.refuse();
        port.close();
        return;
      }
      connection.persistent?.close();
      connection.persistent = port;
      connection.registration = registration;
      // Where the browser fires MessagePort's close event (Chromium with the MessagePortCloseEvent
      // feature), the old page's end closing says at once that it is gone.
      port.addEventListener('close', () => {
        if (connection.persistent === port) this.forget(connection);
      });
      port.start();
      this.callbacks.onRegistered(registration);
      if (connection.role === 'panel' && this.retained) {
        this.callback(connection, this.retained.event, this.retained.payload);
      }
      return;
    }

    const send = (outcome: CommandOutcome): void => {
      // The reply key under the reading chosen: `{ data }` (strict) or `{ payload }`.
      const reply =
        'data' in outcome && this.readings.replyKey === 'payload'
          ? { payload: outcome.data }
          : outcome;
      port.postMessage(reply);
      port.close();
    };
    const answer = (outcome: CommandOutcome): void => {
      if (this.readings.answerDelayMs > 0)
        setTimeout(() => send(outcome), this.readings.answerDelayMs);
      else send(outcome);
    };
    // "Precisa ser a primeira mensagem enviada" (plugin.js, on initialize): a frame that has not
    // registered is no plugin yet, and gets no answer but an error. A modal page speaks for the
    // plugin that opened it.
    if (!this.registrationOf(connection)) {
      this.refuse();
      answer({ error: NOT_INITIALIZED });
      return;
    }
    try {
      switch (data.command) {
        case 'getInfoUser': {
          const user = this.callbacks.userInfo();
          answer({ data: novusUserReply(user, this.readings.userShape) });
          return;
        }
        case 'getInfoChannels':
          answer({ data: this.callbacks.channels() });
          return;
        case 'getIdentityAssertion':
          answerWhenSettled(this.callbacks.identityAssertion(), answer);
          return;
        case 'openModal': {
          if (!isModalOptions(data.args)) {
            answer({ error: 'Endereço do formulário não permitido' });
            return;
          }
          const refusal = openModalRefusal(connection.role, data.args.url, this.panelOrigin);
          if (refusal) {
            answer({ error: refusal });
            return;
          }
          this.callbacks.openModal(data.args, connection.frame);
          answer({ data: null });
          return;
        }
        case 'close_custom_modal': {
          const form = closingForm(connection.role, connection.modalId);
          if ('refused' in form) {
            answer({ error: form.refused });
            return;
          }
          if (!isResult(data.args)) {
            answer({ error: 'Resultado inválido' });
            return;
          }
          answer({ data: null });
          this.callbacks.closeModal(form.modalId, data.args);
          return;
        }
        case 'apiRequest': {
          if (this.readings.proxyError) {
            answer({ error: this.readings.proxyError });
            return;
          }
          const call = readChatMessagesCall(data.args);
          if ('refused' in call) {
            answer({ error: call.refused });
            return;
          }
          // "host resolve o segredo, faz a chamada e devolve só o corpo da resposta" (README).
          answerWhenSettled(this.callbacks.chatMessages(call), answer);
          return;
        }
        default:
          answer({ error: `Comando desconhecido: ${data.command}` });
      }
    } catch (error) {
      answer({ error: failureText(error) });
    }
  };
}
