import {
  DEFAULT_NOVUS_MAPPING,
  type HostAttendance,
  type HostChannel,
  type HostContact,
  type HostUserInfo,
  type NovusFieldMapping,
  type NovusUnderstanding,
  novusUserFields,
  pickNovusField,
} from '@crm-panel/contracts';

// Lenient readings of what the Novus host hands over, under the tenant's field mapping (its
// defaults are today's readings: libs/crm-model novus.ts). The public example
// (github.com/novuscrm/novus-plugin-example, plugin.js) only ever reads
//   const contato = (atendimento && atendimento.contato) || {};
//   if (!contato.id) { aoFecharAtendimento(); return; }
//   campos.nomeContato.textContent = contato.nome || "Contato";
// so `atendimento.contato.id` and `contato.nome` are the only fields it proves. Every other field
// is a reading (listed in the README, 'Novus'): a missing or odd one becomes a blank or null,
// never a rejected event.

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const pick = pickNovusField;

function toContact(value: unknown, mapping: NovusFieldMapping): HostContact | undefined {
  if (!isRecord(value)) return undefined;
  const id = pick(value, mapping.contact.id);
  const nome = pick(value, mapping.contact.name);
  const numero = pick(value, mapping.contact.phone);
  if (!id && !nome && !numero) return undefined;
  return {
    id: id ?? '',
    nome: nome ?? '',
    nomeSecundario: pick(value, mapping.contact.secondaryName),
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
  const atendimentoId = pick(value, mapping.attendance.attendanceId) ?? (contato?.id || null);
  if (!atendimentoId) return null;
  const attendance: HostAttendance = {
    atendimentoId,
    canalId: pick(value, mapping.attendance.channelId) ?? '',
    descricao: pick(value, mapping.attendance.description) ?? '',
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

const userSource = novusUserFields;

/**
 * getInfoUser → the panel's user info. The example does not show this reply: the user id is read
 * from the mapping's user-id names (in the reply, or its `usuario` object); the tenant
 * (systemKey) from the mapping's tenant names, else from the `tenant` setting (the `hostTenant`
 * panel URL parameter). Without either: null (the panel then shows its 'no user info' state,
 * PRODUCT.md §9).
 */
export function toHostUserInfo(
  value: unknown,
  tenant: string | null,
  mapping: NovusFieldMapping = DEFAULT_NOVUS_MAPPING,
): HostUserInfo | null {
  const source = userSource(value);
  if (!source) return null;
  const userId = pick(source, mapping.user.userId);
  const systemKey = pick(source, mapping.user.systemKey) ?? (tenant?.trim() ? tenant : null);
  return userId && systemKey ? { userId, systemKey } : null;
}

/** What the panel understands of the last getInfoUser reply and attendance payload. */
export function understandNovus(
  userReply: unknown,
  attendancePayload: unknown,
  tenant: string | null,
  mapping: NovusFieldMapping,
): NovusUnderstanding {
  const source = userSource(userReply);
  const attendance = toHostAttendance(attendancePayload, mapping);
  return {
    userId: source ? pick(source, mapping.user.userId) : null,
    systemKey:
      (source ? pick(source, mapping.user.systemKey) : null) ?? (tenant?.trim() ? tenant : null),
    attendanceId: attendance?.atendimentoId ?? null,
    channelId: attendance?.canalId || null,
    contactId: attendance?.contato?.id || null,
    phone: attendance?.contato?.numero ?? null,
  };
}
