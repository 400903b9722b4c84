import { type HostAttendance, type HostContact, type HostUserInfo } from '@crm-panel/crm-model';
import { isModalResult, type ModalResult } from './modals';

// What the chat platform (the host) and the panel say to each other. host-bridge implements the
// panel side, tools/host-sim the host side; both import these types so the wire cannot drift.

export type { HostAttendance, HostContact, HostUserInfo } from '@crm-panel/crm-model';
/** A chat message as the panel reads it (the api's GET /api/chat/{id}/messages, or the host). */
export type { ChatMessage } from '@crm-panel/crm-model';
/** Guards and the manager modal wait up to 50 × 100 ms for the host user info (PRODUCT.md §9). */
export { HOST_INFO_MAX_TRIES, HOST_INFO_RETRY_MS } from '@crm-panel/crm-model';

/** An attendance channel configured in the host (getInfoChannels). */
export interface HostChannel {
  /** The channel id attendances carry as `canalId`. */
  id: string;
  nome: string;
  /** Channel kind as the host names it, e.g. 'whatsapp', 'instagram', 'webchat'. */
  tipo: string;
}

export interface HostEventHandlers {
  onAttendanceOpen(attendance: HostAttendance): void;
  /** The closed attendance, or null when the host does not say which. */
  onAttendanceClose(attendance: HostAttendance | null): void;
}

/** `openModal` arguments: an absolute URL of a panel modal page and the window the host draws. */
export interface HostModalOptions {
  url: string;
  title: string;
  width: number;
  height: number;
}

// ---------------------------------------------------------------------------------------------
// Adapter (a): the global-object host of the spec. The host serves an SDK script that the panel
// page loads (its URL arrives in the panel URL's `?hostSdk=` parameter); the SDK defines
// `window.CrmPanelHost`.

export const HOST_GLOBAL_NAME = 'CrmPanelHost';
/** Panel URL parameter carrying the host SDK's URL (allow-listed by origin before loading). */
export const HOST_SDK_PARAM = 'hostSdk';
/** Panel URL parameter naming the postMessage host's origin (allow-listed). */
export const HOST_ORIGIN_PARAM = 'hostOrigin';

/** The global object the host SDK defines as `window.CrmPanelHost`. */
export interface HostGlobal {
  /** The signed-in attendant; null until the host knows it (hence the 50 × 100 ms wait). */
  userId: string | null;
  /** The attendant's tenant key; sent to the backend as x-system-key. */
  systemKey: string | null;
  /**
   * Registers the attendance events. The host re-emits the attendance already open, so a
   * panel that starts late still sees it.
   */
  initialize(handlers: HostEventHandlers): void;
  getInfoUser(): Promise<HostUserInfo | null>;
  getInfoChannels(): Promise<HostChannel[]>;
  /**
   * A short-lived JWT in which the host signs who the attendant is (iss, aud, sub = user id,
   * tenant, role, exp ≤ 5 min, jti), for the api to verify against the issuer's keys. Optional:
   * a host that signs nothing omits it (or resolves null) and the panel earns its session by the
   * CRM sign-in instead (apps/api README, 'Identity').
   */
  getIdentityAssertion?(): Promise<string | null>;
  /** The host modal API: resolves with the result the modal page passed to closeModal. */
  openModal?(options: HostModalOptions): Promise<ModalResult>;
  /** Called by a modal page to end itself with a result. */
  closeModal(result: ModalResult): void | Promise<void>;
}

export interface HostGlobalWindow {
  [HOST_GLOBAL_NAME]?: HostGlobal;
}

// ---------------------------------------------------------------------------------------------
// Adapter (b): the postMessage host (Novus-like plugin protocol, iframe + MessageChannel).
//
//  panel ──window.parent.postMessage(initialize, hostOrigin, [eventsPort])──▶ host
//  panel ◀──────── window message 'initialized' { userInfo, attendance } ─── host
//  panel ◀──────── eventsPort: attendanceOpen | attendanceClose | modalClosed ─ host
//  panel ──window.parent.postMessage(request, hostOrigin, [replyPort])─────▶ host
//  panel ◀──────── replyPort: { ok: true, data } | { ok: false, error } ──── host
//
// Window messages are accepted only from the allowed host origin and from window.parent; port
// messages can only come from whoever holds the port the panel handed out.

export const HOST_PROTOCOL = 'crm-panel-host/1';
export type HostProtocol = typeof HOST_PROTOCOL;

export interface HostInitializeArgs {
  /** Who is connecting, e.g. 'crm-panel' (the host may show it in its plugin registry). */
  pluginId: string;
}

/** panel → host; transfers the persistent events port. */
export interface HostInitializeMessage {
  protocol: HostProtocol;
  command: 'initialize';
  args: HostInitializeArgs;
}

/** The requests after initialize, each with its own MessageChannel: args and reply data. */
export interface HostCommandMap {
  getInfoUser: { args: null; data: HostUserInfo | null };
  getInfoChannels: { args: null; data: HostChannel[] };
  /** A fresh host-signed identity JWT, or null when the host signs nothing. */
  getIdentityAssertion: { args: null; data: string | null };
  /** Replies once the modal is shown; its result comes later as the `modalClosed` event. */
  openModal: { args: HostModalOptions; data: { modalId: string } };
  closeModal: { args: { result: ModalResult }; data: null };
}

export type HostCommand = keyof HostCommandMap;
export const HOST_COMMANDS: readonly HostCommand[] = [
  'getInfoUser',
  'getInfoChannels',
  'getIdentityAssertion',
  'openModal',
  'closeModal',
];

/** panel → host; transfers the reply port. */
export type HostRequestMessage<C extends HostCommand = HostCommand> = {
  [K in C]: { protocol: HostProtocol; command: K; args: HostCommandMap[K]['args'] };
}[C];

export type PanelToHostMessage = HostInitializeMessage | HostRequestMessage;

/** host → panel on a request's reply port. */
export type HostReplyMessage<T = unknown> =
  | { protocol: HostProtocol; ok: true; data: T }
  | { protocol: HostProtocol; ok: false; error: string };

export interface HostInitializedData {
  userInfo: HostUserInfo | null;
  /** The attendance open right now, re-sent to late panels. */
  attendance: HostAttendance | null;
}

/** host → panel window messages (origin and source checked by the panel). */
export type HostWindowMessage =
  | { protocol: HostProtocol; type: 'initialized'; data: HostInitializedData }
  /** The host (re)started listening: a panel not yet initialized sends initialize again. */
  | { protocol: HostProtocol; type: 'hostReady' };

/** host → panel on the persistent events port. */
export type HostEventMessage =
  | { protocol: HostProtocol; event: 'attendanceOpen'; payload: HostAttendance }
  | { protocol: HostProtocol; event: 'attendanceClose'; payload: HostAttendance | null }
  | {
      protocol: HostProtocol;
      event: 'modalClosed';
      payload: { modalId: string; result: ModalResult };
    };

// ---------------------------------------------------------------------------------------------
// Runtime checks for everything that crosses a window boundary.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';

const isNullableString = (value: unknown): boolean =>
  value === null || value === undefined || typeof value === 'string';

export function isHostUserInfo(value: unknown): value is HostUserInfo {
  return (
    isRecord(value) &&
    typeof value.userId === 'string' &&
    value.userId !== '' &&
    typeof value.systemKey === 'string' &&
    value.systemKey !== ''
  );
}

export function isHostContact(value: unknown): value is HostContact {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.nome === 'string' &&
    isNullableString(value.nomeSecundario) &&
    isNullableString(value.numero)
  );
}

export function isHostAttendance(value: unknown): value is HostAttendance {
  return (
    isRecord(value) &&
    typeof value.atendimentoId === 'string' &&
    typeof value.canalId === 'string' &&
    typeof value.descricao === 'string' &&
    (value.contato === undefined || value.contato === null || isHostContact(value.contato))
  );
}

export function isHostChannel(value: unknown): value is HostChannel {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.nome === 'string' &&
    typeof value.tipo === 'string'
  );
}

export function isHostModalOptions(value: unknown): value is HostModalOptions {
  return (
    isRecord(value) &&
    typeof value.url === 'string' &&
    typeof value.title === 'string' &&
    typeof value.width === 'number' &&
    Number.isFinite(value.width) &&
    typeof value.height === 'number' &&
    Number.isFinite(value.height)
  );
}

function hasProtocol(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && value.protocol === HOST_PROTOCOL;
}

export function isHostWindowMessage(value: unknown): value is HostWindowMessage {
  if (!hasProtocol(value)) return false;
  if (value.type === 'hostReady') return true;
  if (value.type !== 'initialized' || !isRecord(value.data)) return false;
  const { userInfo, attendance } = value.data;
  return (
    (userInfo === null || isHostUserInfo(userInfo)) &&
    (attendance === null || isHostAttendance(attendance))
  );
}

export function isHostEventMessage(value: unknown): value is HostEventMessage {
  if (!hasProtocol(value)) return false;
  switch (value.event) {
    case 'attendanceOpen':
      return isHostAttendance(value.payload);
    case 'attendanceClose':
      return value.payload === null || isHostAttendance(value.payload);
    case 'modalClosed':
      return (
        isRecord(value.payload) &&
        typeof value.payload.modalId === 'string' &&
        isModalResult(value.payload.result)
      );
    default:
      return false;
  }
}

export function isHostReplyMessage(value: unknown): value is HostReplyMessage {
  if (!hasProtocol(value)) return false;
  return (value.ok === true && 'data' in value) || (value.ok === false && isString(value.error));
}

/** Host side: is this a well-formed panel message (command and arguments)? */
export function isPanelToHostMessage(value: unknown): value is PanelToHostMessage {
  if (!hasProtocol(value)) return false;
  switch (value.command) {
    case 'initialize':
      return isRecord(value.args) && isString(value.args.pluginId);
    case 'getInfoUser':
    case 'getInfoChannels':
    case 'getIdentityAssertion':
      return value.args === null || value.args === undefined;
    case 'openModal':
      return isHostModalOptions(value.args);
    case 'closeModal':
      return isRecord(value.args) && isModalResult(value.args.result);
    default:
      return false;
  }
}

/** Novus CRM: the per-tenant field mapping and the diagnostics a Novus frame reports. */
export {
  DEFAULT_NOVUS_MAPPING,
  NOVUS_DIAGNOSTICS_LIMITS,
  NOVUS_MAPPING_LIMITS,
  novusChatEndpointProblem,
  novusEffectiveMapping,
  novusUserFields,
  parseNovusFieldNames,
  pickNovusField,
  readNovusMapping,
  redactHostValue,
  toHostAttendance,
  toHostUserInfo,
  understandNovus,
  understandNovusReport,
} from '@crm-panel/crm-model';
export type {
  NovusDiagnosticsReport,
  NovusFieldMapping,
  NovusFieldNames,
  NovusUnderstanding,
  NovusUnexpectedMessage,
} from '@crm-panel/crm-model';
