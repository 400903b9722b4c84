import {
  type HostAttendance,
  type HostChannel,
  type HostContact,
  type HostUserInfo,
} from '@crm-panel/contracts';

// Lenient readings of what the Novus host hands over. The public example
// (github.com/novuscrm/novus-plugin-example, plugin.js) only ever reads
//   const contato = (atendimento && atendimento.contato) || {};
//   if (!contato.id) { aoFecharAtendimento(); return; }
//   campos.nomeContato.textContent = contato.nome || "Contato";
// so `atendimento.contato.id` and `contato.nome` are the only fields it proves. Every other field
// below is a reading (listed in the README, 'Novus'): a missing or odd one becomes a blank or
// null, never a rejected event.

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first of `keys` holding a non-blank string or a finite number, as a string. */
function pick(source: Fields, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

export const ATTENDANCE_ID_KEYS = ['atendimentoId', 'idAtendimento', 'IdAtendimento', 'id', 'Id'];
export const CHANNEL_ID_KEYS = ['canalId', 'idCanal', 'IdCanal'];
export const DESCRIPTION_KEYS = ['descricao', 'Descricao', 'titulo', 'assunto'];
export const CONTACT_ID_KEYS = ['id', 'Id', 'idContato', 'IdContato'];
export const CONTACT_NAME_KEYS = ['nome', 'Nome', 'name'];
export const CONTACT_SECONDARY_KEYS = ['nomeSecundario', 'apelido', 'Apelido'];
export const CONTACT_NUMBER_KEYS = ['numero', 'Numero', 'telefone', 'Telefone', 'celular'];
export const USER_ID_KEYS = ['userId', 'id', 'Id', 'idUsuario', 'IdUsuario'];
export const USER_SYSTEM_KEY_KEYS = ['systemKey'];

function toContact(value: unknown): HostContact | undefined {
  if (!isRecord(value)) return undefined;
  const id = pick(value, CONTACT_ID_KEYS);
  const nome = pick(value, CONTACT_NAME_KEYS);
  const numero = pick(value, CONTACT_NUMBER_KEYS);
  if (!id && !nome && !numero) return undefined;
  return {
    id: id ?? '',
    nome: nome ?? '',
    nomeSecundario: pick(value, CONTACT_SECONDARY_KEYS),
    numero,
  };
}

/**
 * The panel's attendance for a Novus `atendimento`, or null when it names none (no attendance id
 * and no contact id: the example treats a payload without `contato.id` as "closed").
 * The attendance id falls back to the contact's: the example keys the chat by `contato.id`.
 */
export function toHostAttendance(value: unknown): HostAttendance | null {
  if (!isRecord(value)) return null;
  const contato = toContact(value.contato);
  const canal = isRecord(value.canal) ? value.canal : {};
  const atendimentoId = pick(value, ATTENDANCE_ID_KEYS) ?? (contato?.id || null);
  if (!atendimentoId) return null;
  const attendance: HostAttendance = {
    atendimentoId,
    canalId: pick(value, CHANNEL_ID_KEYS) ?? pick(canal, ['id', 'Id']) ?? '',
    descricao: pick(value, DESCRIPTION_KEYS) ?? '',
  };
  if (contato) attendance.contato = contato;
  return attendance;
}

/** getInfoChannels: each entry that has an id; name and kind default to blanks. */
export function toHostChannels(value: unknown): HostChannel[] {
  const list = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray(value.canais)
      ? value.canais
      : [];
  return list.filter(isRecord).flatMap((entry) => {
    const id = pick(entry, ['id', 'Id', 'canalId', 'IdCanal']);
    if (!id) return [];
    return [
      {
        id,
        nome: pick(entry, ['nome', 'Nome', 'name', 'descricao']) ?? id,
        tipo: pick(entry, ['tipo', 'Tipo', 'type']) ?? '',
      },
    ];
  });
}

/**
 * getInfoUser → the panel's user info. The example does not show this reply: the user id is read
 * from the first of USER_ID_KEYS; the tenant (systemKey) from the reply's `systemKey`, else from
 * the `tenant` setting (the `hostTenant` panel URL parameter). Without either: null (the panel
 * then shows its 'no user info' state, PRODUCT.md §9).
 */
export function toHostUserInfo(value: unknown, tenant: string | null): HostUserInfo | null {
  if (!isRecord(value)) return null;
  const source = isRecord(value.usuario) ? value.usuario : value;
  const userId = pick(source, USER_ID_KEYS);
  const systemKey = pick(source, USER_SYSTEM_KEY_KEYS) ?? (tenant?.trim() ? tenant : null);
  return userId && systemKey ? { userId, systemKey } : null;
}
