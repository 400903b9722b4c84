// What a Novus CRM install sends the panel, and how the panel reads it. The public example
// (github.com/novuscrm/novus-plugin-example, plugin.js) proves only `atendimento.contato.id` and
// `contato.nome`; every other field name is a reading. Each tenant may set its own names (its
// field mapping, edited by admins in the credentials manager); these defaults are the readings.
// Shared by the panel (host-bridge reads with it), the api (validates and stores it) and the
// diagnostics view. How the panel reads what the host sent (`toHostUserInfo`, `toHostAttendance`,
// `understandNovus`) lives here too, so the panel and the api's diagnostics read a reply the same
// way: the view re-reads what was reported under the mapping in force.

import { type HostAttendance, type HostContact, type HostUserInfo } from '@crm-model/host';

/** Field names tried in order; a dotted name reads a nested field (`canal.id`). */
export type NovusFieldNames = string[];

export interface NovusFieldMapping {
  /** getInfoUser's reply (or its `usuario` object). */
  user: { userId: NovusFieldNames; systemKey: NovusFieldNames };
  /** The `atendimento` of aoAbrirAtendimento / aoFocarAtendimento / aoFecharAtendimento. */
  attendance: {
    attendanceId: NovusFieldNames;
    channelId: NovusFieldNames;
    description: NovusFieldNames;
  };
  /** The attendance's `contato` object. */
  contact: {
    id: NovusFieldNames;
    name: NovusFieldNames;
    secondaryName: NovusFieldNames;
    phone: NovusFieldNames;
  };
  /**
   * The chat import through the host's `apiRequest` proxy: an endpoint template, or '' to read
   * chat messages through the api (spec §7). `chatMessagesHost` '' means `publica`.
   */
  chatMessagesEndpoint: string;
  chatMessagesHost: string;
}

/** One list of field names of the mapping: where it is, its pt-BR label, whether it may be empty. */
export interface NovusMappingFieldInfo {
  /** `user`, `attendance` or `contact`: the mapping's group. */
  group: string;
  key: string;
  label: string;
  required: boolean;
}

/** A field of the mapping and what the panel understands through its names. */
export interface NovusUnderstoodField extends NovusMappingFieldInfo {
  understood: keyof NovusUnderstanding;
}

/**
 * Every list of field names, in the order the form shows them, each with what the panel
 * understands through it (the diagnostics' row of that field).
 */
export const NOVUS_UNDERSTOOD_FIELDS: readonly NovusUnderstoodField[] = [
  { group: 'user', key: 'userId', label: 'Id do usuário', required: true, understood: 'userId' },
  {
    group: 'user',
    key: 'systemKey',
    label: 'Empresa (systemKey)',
    required: false,
    understood: 'systemKey',
  },
  {
    group: 'attendance',
    key: 'attendanceId',
    label: 'Id do atendimento',
    required: true,
    understood: 'attendanceId',
  },
  {
    group: 'attendance',
    key: 'channelId',
    label: 'Id do canal',
    required: false,
    understood: 'channelId',
  },
  {
    group: 'attendance',
    key: 'description',
    label: 'Descrição',
    required: false,
    understood: 'description',
  },
  { group: 'contact', key: 'id', label: 'Id do contato', required: true, understood: 'contactId' },
  {
    group: 'contact',
    key: 'name',
    label: 'Nome do contato',
    required: false,
    understood: 'contactName',
  },
  {
    group: 'contact',
    key: 'secondaryName',
    label: 'Nome secundário',
    required: false,
    understood: 'secondaryName',
  },
  {
    group: 'contact',
    key: 'phone',
    label: 'Telefone do contato',
    required: false,
    understood: 'phone',
  },
];

/** Every list of field names, in the order the form shows them. */
export const NOVUS_MAPPING_FIELDS: readonly NovusMappingFieldInfo[] = NOVUS_UNDERSTOOD_FIELDS;

/** Today's readings (novusMapping in host-bridge used them before they could be set). */
export const DEFAULT_NOVUS_MAPPING: NovusFieldMapping = {
  user: {
    userId: ['userId', 'id', 'Id', 'idUsuario', 'IdUsuario'],
    systemKey: ['systemKey'],
  },
  attendance: {
    attendanceId: ['atendimentoId', 'idAtendimento', 'IdAtendimento', 'id', 'Id'],
    channelId: ['canalId', 'idCanal', 'IdCanal', 'canal.id', 'canal.Id'],
    description: ['descricao', 'Descricao', 'titulo', 'assunto'],
  },
  contact: {
    id: ['id', 'Id', 'idContato', 'IdContato'],
    name: ['nome', 'Nome', 'name'],
    secondaryName: ['nomeSecundario', 'apelido', 'Apelido'],
    phone: ['numero', 'Numero', 'telefone', 'Telefone', 'celular'],
  },
  chatMessagesEndpoint: '',
  chatMessagesHost: '',
};

export const NOVUS_MAPPING_LIMITS: { names: number; nameLength: number; endpointLength: number } = {
  names: 10,
  nameLength: 64,
  endpointLength: 300,
};

const FIELD_NAME = /^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*)*$/;

export interface NovusMappingMessages {
  required: string;
  tooMany: string;
  invalidName: (name: string) => string;
  endpointTooLong: string;
  endpointEmpty: string;
  endpointAbsolute: string;
  endpointClimbs: string;
  endpointPlaceholder: (name: string) => string;
  hostEmpty: string;
  hostInvalid: string;
}

export const NOVUS_MAPPING_MESSAGES: NovusMappingMessages = {
  required: 'Informe ao menos um nome de campo.',
  tooMany: `Informe no máximo ${NOVUS_MAPPING_LIMITS.names} nomes de campo.`,
  invalidName: (name: string) =>
    `Nome de campo inválido: "${name}". Use letras, números, _ ou - e pontos entre os níveis (ex.: canal.id).`,
  endpointTooLong: `O endpoint pode ter no máximo ${NOVUS_MAPPING_LIMITS.endpointLength} caracteres.`,
  endpointEmpty: 'o endpoint está vazio',
  endpointAbsolute: 'o endpoint deve ser relativo ao host do proxy, não uma URL',
  endpointClimbs: 'o endpoint não pode conter ".."',
  endpointPlaceholder: (name: string) => `marcador desconhecido {${name}}`,
  hostEmpty: 'o host está vazio',
  hostInvalid: 'Host do proxy inválido: use só letras, números, _ ou -.',
};

/** The placeholders a chat-messages endpoint template may name. */
export const NOVUS_CHAT_PLACEHOLDERS: readonly string[] = ['chatId', 'attendanceId', 'channelId'];

/**
 * Why a chat-messages endpoint template (and proxy host) cannot be used, or null: a blank
 * endpoint, an absolute URL or a path climbing out of the host (the proxy picks the destination
 * by name, never by URL: "O plugin escolhe o destino pelo NOME — nunca pela URL"), or an unknown
 * placeholder.
 */
export function novusChatEndpointProblem(endpoint: string, host?: string): string | null {
  const M = NOVUS_MAPPING_MESSAGES;
  const text = endpoint.trim();
  if (text === '') return M.endpointEmpty;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) return M.endpointAbsolute;
  if (text.split(/[/?]/).includes('..')) return M.endpointClimbs;
  for (const [, name] of text.matchAll(/\{([^{}]*)\}/g)) {
    if (!NOVUS_CHAT_PLACEHOLDERS.includes(name ?? '')) return M.endpointPlaceholder(name ?? '');
  }
  if (host !== undefined && host.trim() === '') return M.hostEmpty;
  return null;
}

/** A form's text of names ("id, Id, usuario.id") → the list, blanks dropped. */
export function parseNovusFieldNames(text: string): NovusFieldNames {
  return text
    .split(/[\s,;]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function namesProblem(names: unknown, required: boolean): string | null {
  const M = NOVUS_MAPPING_MESSAGES;
  if (!Array.isArray(names)) return M.required;
  if (names.length === 0) return required ? M.required : null;
  if (names.length > NOVUS_MAPPING_LIMITS.names) return M.tooMany;
  for (const name of names) {
    if (typeof name !== 'string' || name.length > NOVUS_MAPPING_LIMITS.nameLength)
      return M.invalidName(String(name).slice(0, NOVUS_MAPPING_LIMITS.nameLength));
    if (!FIELD_NAME.test(name)) return M.invalidName(name);
  }
  return null;
}

/** The names of one field of the mapping (an empty list for a field it does not have). */
export function novusMappingNames(
  mapping: NovusFieldMapping,
  field: NovusMappingFieldInfo,
): NovusFieldNames {
  const group: unknown = (mapping as unknown as Record<string, unknown>)[field.group];
  const names = isRecord(group) ? group[field.key] : undefined;
  return Array.isArray(names) ? (names as NovusFieldNames) : [];
}

/** Each problem of a mapping by its form path (`user.userId`, `chatMessagesEndpoint`, …), pt-BR. */
export function novusMappingProblems(mapping: NovusFieldMapping): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of NOVUS_MAPPING_FIELDS) {
    const group: unknown = (mapping as unknown as Record<string, unknown>)[field.group];
    const problem = namesProblem(isRecord(group) ? group[field.key] : undefined, field.required);
    if (problem) problems[`${field.group}.${field.key}`] = problem;
  }
  const endpoint = mapping.chatMessagesEndpoint.trim();
  if (endpoint.length > NOVUS_MAPPING_LIMITS.endpointLength) {
    problems.chatMessagesEndpoint = NOVUS_MAPPING_MESSAGES.endpointTooLong;
  } else if (endpoint !== '') {
    const problem = novusChatEndpointProblem(endpoint);
    if (problem) problems.chatMessagesEndpoint = `Endpoint inválido: ${problem}.`;
  }
  const host = mapping.chatMessagesHost.trim();
  if (host !== '' && !/^[\w-]{1,64}$/.test(host))
    problems.chatMessagesHost = NOVUS_MAPPING_MESSAGES.hostInvalid;
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function namesOr(value: unknown, fallback: NovusFieldNames): NovusFieldNames {
  return Array.isArray(value) && value.every((name) => typeof name === 'string')
    ? (value as string[])
    : fallback;
}

/** A stored or received mapping → a whole one: anything missing or malformed takes the default. */
export function readNovusMapping(value: unknown): NovusFieldMapping {
  const source = isRecord(value) ? value : {};
  const D = DEFAULT_NOVUS_MAPPING;
  const group = (name: string): Record<string, unknown> =>
    isRecord(source[name]) ? source[name] : {};
  const user = group('user');
  const attendance = group('attendance');
  const contact = group('contact');
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return {
    user: {
      userId: namesOr(user.userId, D.user.userId),
      systemKey: namesOr(user.systemKey, D.user.systemKey),
    },
    attendance: {
      attendanceId: namesOr(attendance.attendanceId, D.attendance.attendanceId),
      channelId: namesOr(attendance.channelId, D.attendance.channelId),
      description: namesOr(attendance.description, D.attendance.description),
    },
    contact: {
      id: namesOr(contact.id, D.contact.id),
      name: namesOr(contact.name, D.contact.name),
      secondaryName: namesOr(contact.secondaryName, D.contact.secondaryName),
      phone: namesOr(contact.phone, D.contact.phone),
    },
    chatMessagesEndpoint: text(source.chatMessagesEndpoint),
    chatMessagesHost: text(source.chatMessagesHost),
  };
}

/**
 * What the panel understood of what the host sent (null: not found), one entry per field of the
 * mapping (NOVUS_MAPPING_FIELDS' `understood`). A report of an older panel may lack the contact's
 * name, secondary name and description.
 */
export interface NovusUnderstanding {
  userId: string | null;
  systemKey: string | null;
  attendanceId: string | null;
  channelId: string | null;
  description?: string | null;
  contactId: string | null;
  contactName?: string | null;
  secondaryName?: string | null;
  phone: string | null;
}

/** A window message the panel did not take: not from the Novus page's origin. */
export interface NovusUnexpectedMessage {
  origin: string;
  /** ISO date-time. */
  at: string;
  /** The message's `command` or `type`, when it had one. */
  command: string | null;
}

/**
 * A message on the Novus port the panel does not know: a `callback` with a callbackId it never
 * registered, or a command it does not take. Kept (bounded) and reported instead of dropped.
 */
export interface NovusUnrecognizedMessage {
  /** ISO date-time. */
  at: string;
  /** The message's `command` (cut to 64 characters), or null when it had none. */
  command: string | null;
  /** The `callbackId` of a callback the panel never registered. */
  callbackId: string | null;
}

/**
 * What a panel in a Novus frame reports (no secrets: host values pass `redactHostValue`), kept
 * per tenant: the last report wins, unexpected messages accumulate up to the limit.
 */
/**
 * The last read through the host's `apiRequest` proxy that failed (the chat import): the request's
 * host and endpoint, and the proxy's error as it came ('Endpoint not allowed', 'proxy 404', …).
 */
export interface NovusApiRequestFailure {
  at: string;
  host: string;
  endpoint: string;
  error: string;
}

export interface NovusDiagnosticsReport {
  /** The origin the panel talks to (allow-listed), or null when none was allowed. */
  hostOrigin: string | null;
  /** Where the page says it is framed from: the `hostOrigin` parameter, the referrer, the parent. */
  origins: { parameter: string | null; referrer: string | null; ancestor: string | null };
  /** The plugin URL's `hostTenant`. */
  urlTenant: string | null;
  /**
   * The plugin URL's `hostUserIdField` names, tried before the mapping's user-id names (absent
   * from an older panel's report: none).
   */
  userIdFields?: string[];
  userInfo: { at: string; reply: unknown } | null;
  /**
   * getInfoUser answered with an error (`{ error }`): its text and when. Absent from panels older
   * than this field, and left out while there is none.
   */
  userInfoError?: { at: string; error: string } | null;
  lastEvent: { at: string; name: string; payload: unknown } | null;
  understood: NovusUnderstanding;
  unexpected: NovusUnexpectedMessage[];
  /** Messages on the Novus port the panel does not know (left out while there is none). */
  unrecognized?: NovusUnrecognizedMessage[];
  /** The last failed `apiRequest` read, until one succeeds (absent from older panels). */
  apiRequestFailure?: NovusApiRequestFailure | null;
}

export interface NovusDiagnosticsLimits {
  /** Unexpected messages kept; unrecognized ones too. */
  unexpected: number;
  /** Levels, fields per level, items per list, characters per text of a host value. */
  depth: number;
  keys: number;
  items: number;
  text: number;
  /** A report's body, in bytes. */
  reportBytes: number;
}

export const NOVUS_DIAGNOSTICS_LIMITS: NovusDiagnosticsLimits = {
  unexpected: 20,
  depth: 4,
  keys: 40,
  items: 20,
  text: 200,
  reportBytes: 16_000,
};

/** Host fields never kept or shown: credentials, tokens, keys. */
const SECRET_FIELD =
  /token|secret|senha|password|passwd|authorization|cookie|jwt|assertion|chave|apikey|api_key|credential/i;
export const REDACTED: string = '[omitido]';

/**
 * A host value made safe to keep and show: fields that look like secrets replaced, texts cut to
 * 200 characters, at most 40 fields / 20 items per level and 4 levels.
 */
export function redactHostValue(value: unknown, depth = 0): unknown {
  const L = NOVUS_DIAGNOSTICS_LIMITS;
  if (typeof value === 'string')
    return value.length > L.text ? `${value.slice(0, L.text)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= L.depth) return Array.isArray(value) ? '[…]' : isRecord(value) ? '{…}' : null;
  if (Array.isArray(value))
    return value.slice(0, L.items).map((v) => redactHostValue(v, depth + 1));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).slice(0, L.keys)) {
      const name = key.slice(0, 64);
      out[name] = SECRET_FIELD.test(key) ? REDACTED : redactHostValue(value[key], depth + 1);
    }
    return out;
  }
  return null;
}

/** The origin of the page that frames the panel, as the browser tells it: its parent, else the
 * referrer (null when neither is known). */
export function novusParentOrigin(report: Pick<NovusDiagnosticsReport, 'origins'>): string | null {
  return report.origins.ancestor ?? report.origins.referrer ?? null;
}

/**
 * The origin the panel talks to differs from the page that frames it (known from the browser):
 * every message to the host is dropped by the browser. Null when they agree or it is not known.
 */
export function novusOriginMismatch(
  report: Pick<NovusDiagnosticsReport, 'hostOrigin' | 'origins'>,
): { hostOrigin: string; parent: string } | null {
  const parent = novusParentOrigin(report);
  return report.hostOrigin && parent && parent !== report.hostOrigin
    ? { hostOrigin: report.hostOrigin, parent }
    : null;
}

/**
 * What is missing for the panel to work, in pt-BR: what the report says the host sent, read under
 * `mapping` (the mapping in force, not the one the panel had when it reported), so it never
 * contradicts the host's messages shown beside it.
 */
export function novusMissing(report: NovusDiagnosticsReport, mapping: NovusFieldMapping): string[] {
  const missing: string[] = [];
  const effective = novusEffectiveMapping(mapping, report.userIdFields);
  const U = understandNovusReport(report, mapping);
  const names = (list: NovusFieldNames) => (list.length ? list.join(', ') : 'nenhum');
  if (!report.hostOrigin) {
    const seen = report.origins.parameter ?? novusParentOrigin(report);
    missing.push(
      seen
        ? `A origem da página do Novus (${seen}) não está entre as origens permitidas do painel (hostOrigins): o painel não fala com ela.`
        : 'A origem da página do Novus não está entre as origens permitidas do painel (hostOrigins): o painel não fala com ela.',
    );
  }
  const mismatch = novusOriginMismatch(report);
  if (mismatch)
    missing.push(
      `A página que abriu o painel está em ${mismatch.parent}, mas o painel fala com ${mismatch.hostOrigin} (parâmetro hostOrigin da URL do plugin): o navegador descarta as mensagens para outra origem.`,
    );
  if (report.userInfoError && !report.userInfo)
    missing.push(`O Novus recusou o getInfoUser: ${report.userInfoError.error}`);
  else if (!report.userInfo) {
    if (report.hostOrigin) missing.push('O getInfoUser ainda não respondeu.');
  } else if (!U.userId)
    missing.push(
      `Id do usuário não encontrado na resposta do getInfoUser (campos tentados: ${names(effective.user.userId)}).`,
    );
  if (report.userInfo && !U.systemKey)
    missing.push(
      'Empresa (systemKey) não encontrada: nem a resposta do getInfoUser nem o parâmetro hostTenant da URL do plugin a informam.',
    );
  if (!report.lastEvent) {
    if (report.hostOrigin)
      missing.push('Nenhum evento de atendimento recebido ainda (abra um atendimento no Novus).');
  } else if (report.lastEvent.name !== 'aoFecharAtendimento') {
    if (!U.attendanceId)
      missing.push(
        `Id do atendimento não encontrado (campos tentados: ${names(mapping.attendance.attendanceId)}, e o id do contato).`,
      );
    if (!U.contactId)
      missing.push(`Id do contato não encontrado (campos tentados: ${names(mapping.contact.id)}).`);
    if (!U.channelId)
      missing.push(
        `Id do canal não encontrado (campos tentados: ${names(mapping.attendance.channelId)}).`,
      );
    if (!U.phone)
      missing.push(
        `Telefone do contato não encontrado (campos tentados: ${names(mapping.contact.phone)}): sem ele o painel não sugere contatos pelo telefone.`,
      );
  }
  const failure = report.apiRequestFailure;
  if (failure)
    missing.push(
      `A leitura das mensagens do chat pelo apiRequest falhou (host ${failure.host}, endpoint ${failure.endpoint}): ${failure.error}. ${novusProxyAdvice(failure.error)}`,
    );
  const count = report.unexpected.length;
  if (count === 1)
    missing.push('Uma mensagem chegou de origem inesperada e foi ignorada (veja abaixo).');
  else if (count > 1)
    missing.push(
      `${count} mensagens chegaram de origem inesperada e foram ignoradas (veja abaixo).`,
    );
  const unrecognized = report.unrecognized?.length ?? 0;
  if (unrecognized === 1)
    missing.push('Uma mensagem não reconhecida do Novus foi ignorada (veja abaixo).');
  else if (unrecognized > 1)
    missing.push(
      `${unrecognized} mensagens não reconhecidas do Novus foram ignoradas (veja abaixo).`,
    );
  return missing;
}

/**
 * An error of Novus's `apiRequest` proxy by who can solve it, from the example's table 'Mensagens
 * de erro e o que fazer' (plugin.js `explicarErro`): the account's support releases hosts and
 * endpoints, an admin registers variables, the attendant reloads Novus after its session fell,
 * the called API refused (a `proxy 4xx`); anything else (`proxy 5xx`, a timeout) is passing, the
 * only kind a retry can help.
 */
export type NovusProxyErrorKind =
  'host' | 'endpoint' | 'secret' | 'session' | 'refused' | 'transient';

export function novusProxyErrorKind(error: string): NovusProxyErrorKind {
  if (error === 'Host not allowed') return 'host';
  if (error === 'Endpoint not allowed' || error === 'Method not allowed') return 'endpoint';
  if (error.startsWith('Secret not found: ')) return 'secret';
  if (error === 'Unauthorized') return 'session';
  if (/^proxy 4\d\d$/.test(error)) return 'refused';
  return 'transient';
}

const PROXY_ADVICE: Record<NovusProxyErrorKind, string> = {
  host: 'Peça ao suporte do Novus CRM para liberar este host para plugins na conta.',
  endpoint: 'Peça ao suporte do Novus CRM para liberar este endpoint (GET) para plugins na conta.',
  secret: 'Cadastre essa variável nas variáveis globais da conta do Novus.',
  session: 'A sessão do Novus expirou: atualize a página do Novus CRM e entre de novo.',
  refused: 'A API chamada pelo proxy recusou o pedido: confira o endpoint e o host no mapeamento.',
  transient: 'Falha passageira ou de rede: tente importar de novo em alguns instantes.',
};

/** What an admin does about an error of the proxy ('O que falta'). */
export function novusProxyAdvice(error: string): string {
  return PROXY_ADVICE[novusProxyErrorKind(error)];
}

/** The value at a dotted name (`canal.id`), or undefined. */
function valueAt(source: Record<string, unknown>, name: string): unknown {
  let value: unknown = source;
  for (const part of name.split('.')) {
    if (!isRecord(value)) return undefined;
    value = value[part];
  }
  return value;
}

/** The first of `names` in `source` holding a non-blank string or a finite number, as a string. */
export function pickNovusField(
  source: Record<string, unknown>,
  names: NovusFieldNames,
): string | null {
  for (const name of names) {
    const value = valueAt(source, name);
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** Where getInfoUser's fields are: its `usuario` object when it has one, else the reply itself. */
export function novusUserFields(reply: unknown): Record<string, unknown> | null {
  if (!isRecord(reply)) return null;
  return isRecord(reply.usuario) ? reply.usuario : reply;
}

/** The mapping as the panel reads with it: the plugin URL's user-id names first (if any). */
export function novusEffectiveMapping(
  mapping: NovusFieldMapping,
  userIdFields: NovusFieldNames | undefined,
): NovusFieldMapping {
  return userIdFields?.length
    ? { ...mapping, user: { ...mapping.user, userId: [...userIdFields, ...mapping.user.userId] } }
    : mapping;
}

// Lenient readings of what the Novus host hands over, under the tenant's field mapping. The
// public example (plugin.js) only ever reads
//   const contato = (atendimento && atendimento.contato) || {};
//   if (!contato.id) { aoFecharAtendimento(); return; }
//   campos.nomeContato.textContent = contato.nome || "Contato";
// so `atendimento.contato.id` and `contato.nome` are the only fields it proves. Every other field
// is a reading (host-bridge README, 'Novus'): a missing or odd one becomes a blank or null, never
// a rejected event.

function toContact(value: unknown, mapping: NovusFieldMapping): HostContact | undefined {
  if (!isRecord(value)) return undefined;
  const id = pickNovusField(value, mapping.contact.id);
  const nome = pickNovusField(value, mapping.contact.name);
  const numero = pickNovusField(value, mapping.contact.phone);
  if (!id && !nome && !numero) return undefined;
  return {
    id: id ?? '',
    nome: nome ?? '',
    nomeSecundario: pickNovusField(value, mapping.contact.secondaryName),
    numero,
  };
}

/**
 * The panel's attendance for a Novus `atendimento`, or null when it names none (no attendance id
 * and no contact id: the example treats a payload without `contato.id` as "closed").
 * The attendance id falls back to the contact's: the example keys the chat by `contato.id`.
 */
export function toHostAttendance(
  value: unknown,
  mapping: NovusFieldMapping = DEFAULT_NOVUS_MAPPING,
): HostAttendance | null {
  if (!isRecord(value)) return null;
  const contato = toContact(value.contato, mapping);
  const atendimentoId =
    pickNovusField(value, mapping.attendance.attendanceId) ?? (contato?.id || null);
  if (!atendimentoId) return null;
  const attendance: HostAttendance = {
    atendimentoId,
    canalId: pickNovusField(value, mapping.attendance.channelId) ?? '',
    descricao: pickNovusField(value, mapping.attendance.description) ?? '',
  };
  if (contato) attendance.contato = contato;
  return attendance;
}

/**
 * getInfoUser → the panel's user info. The example does not show this reply: the user id is read
 * from the mapping's user-id names (in the reply, or its `usuario` object); the tenant
 * (systemKey) from the mapping's tenant names, else from `tenant` (the `hostTenant` panel URL
 * parameter). Without either: null (the panel then shows its 'no user info' state).
 */
export function toHostUserInfo(
  value: unknown,
  tenant: string | null,
  mapping: NovusFieldMapping = DEFAULT_NOVUS_MAPPING,
): HostUserInfo | null {
  const source = novusUserFields(value);
  if (!source) return null;
  const userId = pickNovusField(source, mapping.user.userId);
  const systemKey =
    pickNovusField(source, mapping.user.systemKey) ?? (tenant?.trim() ? tenant : null);
  return userId && systemKey ? { userId, systemKey } : null;
}

/** What the panel understands of a getInfoUser reply and an attendance payload under `mapping`. */
export function understandNovus(
  userReply: unknown,
  attendancePayload: unknown,
  tenant: string | null,
  mapping: NovusFieldMapping,
): NovusUnderstanding {
  const source = novusUserFields(userReply);
  const attendance = toHostAttendance(attendancePayload, mapping);
  const contact = attendance?.contato;
  return {
    userId: source ? pickNovusField(source, mapping.user.userId) : null,
    systemKey:
      (source ? pickNovusField(source, mapping.user.systemKey) : null) ??
      (tenant?.trim() ? tenant : null),
    attendanceId: attendance?.atendimentoId ?? null,
    channelId: attendance?.canalId || null,
    description: attendance?.descricao || null,
    contactId: contact?.id || null,
    contactName: contact?.nome || null,
    secondaryName: contact?.nomeSecundario ?? null,
    phone: contact?.numero ?? null,
  };
}

/**
 * What a report's host messages say under `mapping` (with the report's URL user-id names first):
 * the panel's own reading when it reports, and the diagnostics' reading under the mapping in
 * force. A closing event names no attendance on screen.
 */
export function understandNovusReport(
  report: Pick<NovusDiagnosticsReport, 'userInfo' | 'lastEvent' | 'urlTenant' | 'userIdFields'>,
  mapping: NovusFieldMapping,
): NovusUnderstanding {
  const event = report.lastEvent;
  return understandNovus(
    report.userInfo?.reply,
    event && event.name !== 'aoFecharAtendimento' ? event.payload : undefined,
    report.urlTenant,
    novusEffectiveMapping(mapping, report.userIdFields),
  );
}
