// The audit trail: what the api records of each change made from the panel, and the
// pt-BR words the credentials manager's history and the api's CSV export both show.
import type { AUDIT_RECORD_TYPES } from './enums';
import type {
  AuditEntryAnswer,
  AuditExportQuery,
  AuditFieldChangeAnswer,
  AuditPersonAnswer,
} from './schemas';

export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export type AuditAction = AuditEntryAnswer['action'];

export interface AuditFieldChange extends AuditFieldChangeAnswer {}

/** One entry of GET /api/audit. */
export interface AuditEntry extends AuditEntryAnswer {}

/**
 * Someone who appears in one tenant's trail (GET /api/audit/people): the host user id the list
 * filters by, and the name their latest entry was recorded with (the id when none was known).
 */
export interface AuditPerson extends AuditPersonAnswer {}

/** The list's filters as GET /api/audit takes them (dates 'yyyy-mm-dd', São Paulo days). */
export interface AuditQuery extends AuditExportQuery {}

export const AUDIT_RECORD_LABELS: Record<AuditRecordType, string> = {
  deal: 'Negociação',
  contact: 'Contato',
  note: 'Nota',
  task: 'Tarefa',
  dealProduct: 'Produto da negociação',
  dealContacts: 'Contatos da negociação',
  contactMapping: 'Vínculo de contato',
  lastDeal: 'Última negociação do contato',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Criação',
  updated: 'Alteração',
  deleted: 'Remoção',
};

/**
 * The fields a person knows by another name: the labels of the screens that edit them (the deal
 * general tab, the create-deal, task, product and contact forms); any other field shows as sent.
 */
const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  stage_id: 'Etapa do funil',
  pipeline_id: 'Funil de vendas',
  status: 'Status',
  rating: 'Avaliação',
  owner_id: 'Responsável',
  owner_ids: 'Responsáveis',
  source_id: 'Fonte',
  campaign_id: 'Campanha',
  lost_reason_id: 'Motivo da perda',
  organization_id: 'Empresa',
  contact_ids: 'Contatos',
  custom_fields: 'Campos personalizados',
  description: 'Descrição',
  type: 'Tipo',
  due_date: 'Data de Vencimento',
  deal_id: 'Negociação',
  product_id: 'Produto',
  price: 'Preço Unitário (R$)',
  quantity: 'Quantidade',
  discount: 'Valor do Desconto',
  discount_type: 'Tipo de Desconto',
  billing_frequency: 'Frequência de Cobrança',
  emails: 'E-mails',
  phones: 'Telefones',
  job_title: 'Cargo',
  rdstationContactId: 'Contato do CRM',
  dealId: 'Negociação',
};

export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? field;

export const auditRecordLabel = (type: string): string =>
  (AUDIT_RECORD_LABELS as Record<string, string>)[type] ?? type;

/** What the history shows for a value the api did not know (before) or that was cleared. */
export const AUDIT_NO_VALUE = '—';

/**
 * One side of a field's change as a person reads it: the name recorded with it, else the value
 * as recorded (an id, in entries made before names were recorded or when the api knew none).
 */
export function auditValueText(change: AuditFieldChange, side: 'before' | 'after'): string | null {
  return side === 'before'
    ? (change.beforeLabel ?? change.before)
    : (change.afterLabel ?? change.after);
}

/** The recorded id (or code) behind a side's name; null when that side shows no name. */
export function auditValueId(change: AuditFieldChange, side: 'before' | 'after'): string | null {
  const label = side === 'before' ? change.beforeLabel : change.afterLabel;
  return label ? change[side] : null;
}

/**
 * The CSV export's columns, in order. 'Nome do registro' sits before the id it names, like
 * 'Antes'/'Depois' before their IDs. The names of the attendance's contact, the channel and the
 * deal came later and go last, so every column a spreadsheet already reads by position keeps it;
 * their ids stay in 'Atendimento', 'Chat' and 'Negociação'.
 */
export const AUDIT_CSV_HEADERS = [
  'Data e hora',
  'Pessoa',
  'ID da pessoa',
  'Identidade verificada',
  'Atendimento',
  'Chat',
  'Registro',
  'Nome do registro',
  'ID do registro',
  'Negociação',
  'Ação',
  'Campo',
  'Antes',
  'Depois',
  'Antes (ID)',
  'Depois (ID)',
  'Contato do atendimento',
  'Canal',
  'Nome da negociação',
] as const;

/** A CSV cell: quoted, and never read as a formula by a spreadsheet (=, +, -, @ lead with '). */
export function auditCsvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The CSV's first line: the byte-order mark (spreadsheets then read UTF-8) and the headers. */
export const AUDIT_CSV_HEAD = `\uFEFF${AUDIT_CSV_HEADERS.map(auditCsvCell).join(';')}\r\n`;

/**
 * An entry's lines of the CSV export (one per changed field; one for an entry without fields),
 * each ending in CRLF. `at` is the entry's time as the file shows it (the api's São Paulo clock):
 * the api and the mock world produce the same lines from this one definition.
 */
export function auditCsvLines(entry: AuditEntry, at: string): string[] {
  const common = [
    at,
    entry.actor.name,
    entry.actor.userId,
    entry.actor.verified ? 'Sim' : 'Não',
    entry.attendanceId,
    entry.chatId,
    auditRecordLabel(entry.record.type),
    entry.record.name,
    entry.record.id,
    entry.record.dealId,
    AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
  ];
  const fields = entry.fields.length > 0 ? entry.fields : [null];
  return fields.map(
    (field) =>
      [
        ...common,
        field ? auditFieldLabel(field.field) : '',
        field ? auditValueText(field, 'before') : '',
        field ? auditValueText(field, 'after') : '',
        field ? auditValueId(field, 'before') : '',
        field ? auditValueId(field, 'after') : '',
        entry.contactName,
        entry.channelName,
        entry.record.dealName,
      ]
        .map(auditCsvCell)
        .join(';') + '\r\n',
  );
}

/**
 * The names the panel declares with each write for the history to show where it was made (the
 * attendance's contact, the chat channel): sent percent-encoded (UTF-8) in these headers, never
 * used for anything but display.
 */
export const AUDIT_CONTACT_NAME_HEADER = 'x-contact-name';
export const AUDIT_CHANNEL_NAME_HEADER = 'x-channel-name';

/** A declared name is cut to this many characters (like every value an entry shows). */
export const AUDIT_NAME_MAX_LENGTH = 80;

/**
 * A name fit to record and show: control and format characters (bidi overrides, zero-width)
 * removed, white space collapsed, cut to AUDIT_NAME_MAX_LENGTH with '…'; null when nothing is left.
 * The panel applies it before declaring a name, and the api again on what it receives.
 */
export function auditDisplayName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const flat = value
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat === '') return null;
  const chars = Array.from(flat);
  return chars.length > AUDIT_NAME_MAX_LENGTH
    ? `${chars.slice(0, AUDIT_NAME_MAX_LENGTH - 1).join('')}…`
    : flat;
}
