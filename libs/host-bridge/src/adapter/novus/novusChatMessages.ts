import { type ChatMessage, novusChatEndpointProblem } from '@crm-panel/contracts';
import { HOST_INVALID_REPLY_MESSAGE, HostRequestError } from '@host-bridge/adapter/portRequests';
import { type HostChatRef } from '@host-bridge/adapter/HostAdapter';

// Chat messages through Novus's server-side proxy. The public example
// (github.com/novuscrm/novus-plugin-example) shows how the proxy is called, not which endpoint of
// Novus's public API lists a chat's messages nor what it answers:
//
//   const contato = await enviarComando("apiRequest", {
//     host: HOST_NOVUS,            // "publica": API pública do próprio Novus CRM
//     method: "GET",
//     endpoint: `v1/contatodechat/${idContato}`,
//   });                            // "host resolve o segredo, faz a chamada e devolve só o corpo"
//
// So the endpoint is a setting without a default (`hostChatMessages`: off until an operator names
// it), the proxy host defaults to the example's "publica", the method is the example's GET, and
// the answer is read leniently (README, 'Chat messages through the host').

/** The example's proxy host for Novus's own public API (plugin.js: `HOST_NOVUS = "publica"`). */
export const NOVUS_PUBLIC_API_HOST = 'publica';

/** Where a Novus account's API lists a chat's messages: an operator's setting, off by default. */
export interface NovusChatMessagesSetting {
  /**
   * Endpoint template relative to the proxy host, as the example writes them (`v1/…`, no leading
   * slash), with `{chatId}` / `{attendanceId}` (both the attendance id: the panel's chatId) and
   * `{channelId}` (its canalId); an optional `?name=value&…` part becomes the request's `query`.
   * E.g. `v1/atendimentos/{attendanceId}/mensagens?canal={channelId}`.
   */
  endpoint: string;
  /** The proxy host name; default `publica`. */
  host?: string;
}

/** The request of `apiRequest`, as the example's README shows it. */
export interface NovusApiRequest {
  host: string;
  method: string;
  endpoint: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  secretRefs?: Record<string, { secret: string; in: 'header' | 'query' | 'body' }>;
}

const PLACEHOLDER = /\{([^{}]*)\}/g;
const PLACEHOLDERS = ['chatId', 'attendanceId', 'channelId'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];

function isPlaceholder(name: string): name is Placeholder {
  return (PLACEHOLDERS as readonly string[]).includes(name);
}

/**
 * Why a setting cannot be used, or null when it can (the rules are the tenant mapping's, in
 * crm-model: a blank endpoint, an absolute URL, `..`, an unknown placeholder, a blank host).
 */
export function chatMessagesSettingProblem(setting: NovusChatMessagesSetting): string | null {
  return novusChatEndpointProblem(setting.endpoint, setting.host);
}

/** The `apiRequest` that reads the chat's messages under the setting. */
export function chatMessagesRequest(
  setting: NovusChatMessagesSetting,
  chat: HostChatRef,
): NovusApiRequest {
  const values: Record<Placeholder, string> = {
    chatId: chat.chatId,
    attendanceId: chat.chatId,
    channelId: chat.channelId,
  };
  const fill = (text: string, encode: (value: string) => string): string =>
    text.replace(PLACEHOLDER, (_match, name: string) =>
      isPlaceholder(name) ? encode(values[name]) : '',
    );
  const template = setting.endpoint.trim();
  const mark = template.indexOf('?');
  const path = mark === -1 ? template : template.slice(0, mark);
  const request: NovusApiRequest = {
    host: setting.host?.trim() || NOVUS_PUBLIC_API_HOST,
    method: 'GET',
    // Ids go into the path encoded; query values go raw: the proxy builds (and encodes) the URL.
    endpoint: fill(path, encodeURIComponent),
  };
  if (mark !== -1) {
    const query: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(template.slice(mark + 1))) {
      query[name] = fill(value, (v) => v);
    }
    if (Object.keys(query).length > 0) request.query = query;
  }
  return request;
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstOf<T>(
  source: Fields,
  keys: readonly string[],
  accept: (v: unknown) => v is T,
): T | undefined {
  for (const key of keys) {
    const value = source[key];
    if (accept(value)) return value;
  }
  return undefined;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string | number =>
  (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v));
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const isDateText = (v: unknown): v is string => typeof v === 'string' && !isNaN(Date.parse(v));
const isList = (v: unknown): v is unknown[] => Array.isArray(v);

/** Where the list may sit in the answer's body: the body itself, or one of these keys. */
export const CHAT_LIST_KEYS = ['messages', 'mensagens', 'Mensagens', 'data', 'Value', 'items'];
export const MESSAGE_ID_KEYS = ['IdMessage', 'IdMensagem', 'idMensagem', 'id', 'Id'];
export const MESSAGE_TEXT_KEYS = ['text', 'texto', 'Texto', 'mensagem', 'Mensagem', 'conteudo'];
export const MESSAGE_SENDER_KEYS = ['senderName', 'nomeRemetente', 'NomeRemetente', 'remetente'];
export const MESSAGE_MINE_KEYS = ['isSentByMe', 'enviadaPorMim', 'EnviadaPorMim', 'fromMe'];
export const MESSAGE_UNIX_KEYS = ['unixTimeMessage', 'UnixTimeMessage', 'timestamp'];
export const MESSAGE_DATE_KEYS = ['dhMessage', 'DhMessage', 'dataHora', 'DataHora', 'Data'];

/** Unix seconds (a value past 10^12 is milliseconds) → ISO date-time. */
function isoOf(unix: number): string {
  return new Date(unix > 1e12 ? unix : unix * 1000).toISOString();
}

function toChatMessage(entry: Fields, index: number): ChatMessage {
  const id = firstOf(entry, MESSAGE_ID_KEYS, isId);
  const unix = firstOf(entry, MESSAGE_UNIX_KEYS, isTime);
  const date = firstOf(entry, MESSAGE_DATE_KEYS, isDateText);
  return {
    // Without an id the position names it: the picker needs one to tick.
    IdMessage: id === undefined ? `mensagem-${index + 1}` : String(id),
    // No text (media, events): '' — the import lists text messages only.
    text: firstOf(entry, MESSAGE_TEXT_KEYS, isText) ?? '',
    senderName: firstOf(entry, MESSAGE_SENDER_KEYS, isText) ?? '',
    isSentByMe: firstOf(entry, MESSAGE_MINE_KEYS, isBoolean) ?? false,
    dhMessage: date ?? (unix === undefined ? '' : isoOf(unix)),
    unixTimeMessage: unix ?? (date === undefined ? 0 : Math.floor(Date.parse(date) / 1000)),
  };
}

/**
 * The host's answer → the panel's chat messages (the api route's shape). Lenient per message
 * (missing fields get defaults, non-objects are skipped); an answer holding no list is an error
 * (`HostRequestError` 'invalid-reply'), an empty list is no messages.
 */
export function toChatMessages(answer: unknown): ChatMessage[] {
  const list = isList(answer)
    ? answer
    : isRecord(answer)
      ? firstOf(answer, CHAT_LIST_KEYS, isList)
      : undefined;
  if (!list) throw new HostRequestError('invalid-reply', HOST_INVALID_REPLY_MESSAGE);
  return list.flatMap((entry, index) => (isRecord(entry) ? [toChatMessage(entry, index)] : []));
}
