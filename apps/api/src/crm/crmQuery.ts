// The server-safe entry of format (its barrel also holds the DOM-based sanitiser).
import { normaliseBrazilianPhone } from '@crm-panel/format/phone';
import { ApiError } from '@api/errors';

/**
 * The strict translator between the panel's list query (PRODUCT.md §7: RDQL-ish `filter`, `order`,
 * `direction`) and RD Station CRM v2. The policy table below is written once from RD's docs
 * (`documentacao/crm-v2-list-*.txt`, sections "Filtro" and "Ordenação"); nothing outside it ever
 * reaches the CRM. Probed capabilities (`match: 'probe'`) are decided per tenant by crm/lists.ts.
 */

export type CrmListResource =
  | 'deals'
  | 'contacts'
  | 'organizations'
  | 'users'
  | 'tasks'
  | 'notes'
  | 'products'
  | 'customFields'
  | 'lostReasons'
  | 'sources'
  | 'campaigns'
  | 'segments'
  | 'pipelines'
  | 'stages'
  | 'dealProducts';

/** Docs' types: comparisons (`:>` …) would only be valid on number and date kinds. */
export type FieldKind = 'text' | 'id' | 'number' | 'date' | 'datetime';

/**
 * `~` (MATCH) on a field: 'documented' where the docs say "correspondência de termo / match",
 * 'probe' where they are silent (tried once per tenant, exact match after a refusal), 'none' where
 * they say exact only or the field is not text.
 */
export type MatchSupport = 'documented' | 'probe' | 'none';

export interface FieldRule {
  kind: FieldKind;
  match: MatchSupport;
}

export interface ResourcePolicy {
  /** pt-BR plural for messages ('negociações'). */
  label: string;
  filters: Readonly<Record<string, FieldRule>>;
  /** `is:x` / `has:x` pseudo-fields the page documents. */
  flags: readonly string[];
  /** `@slug` custom-field filters (RDQL page: deals, contacts, organizations, products). */
  customFields: boolean;
  /** The page's "Ordenação" list; empty: no `sort` at all. */
  sorts: readonly string[];
}

const text = (match: MatchSupport = 'none'): FieldRule => ({ kind: 'text', match });
const id: FieldRule = { kind: 'id', match: 'none' };
const num: FieldRule = { kind: 'number', match: 'none' };
const date: FieldRule = { kind: 'date', match: 'none' };
const datetime: FieldRule = { kind: 'datetime', match: 'none' };

export const POLICY: Readonly<Record<CrmListResource, ResourcePolicy>> = {
  // crm-v2-list-deals.txt: "name … suportando busca exata ou por correspondência (usando operador
  // match ~)". No contact_ids, source_id or total_price filter.
  deals: {
    label: 'negociações',
    filters: {
      id,
      name: text('documented'),
      rating: num,
      status: text(),
      closed_at: datetime,
      created_at: datetime,
      updated_at: datetime,
      expected_close_date: date,
      organization_id: id,
      stage_id: id,
      lost_reason_id: id,
      campaign_id: id,
      owner_id: id,
      pipeline_id: id,
      product_ids: id,
    },
    flags: ['has:product'],
    customFields: true,
    sorts: ['name', 'rating', 'created_at', 'updated_at', 'closed_at'],
  },
  // crm-v2-list-contacts.txt: name and job_title "Suporta busca exata e … match"; email
  // "Filtra por endereço de e-mail" (silent on match: probed); phone exact.
  contacts: {
    label: 'contatos',
    filters: {
      name: text('documented'),
      job_title: text('documented'),
      email: text('probe'),
      phone: text(),
      organization_id: id,
      created_at: datetime,
      updated_at: datetime,
    },
    flags: [],
    customFields: true,
    sorts: ['name', 'created_at'],
  },
  // crm-v2-list-organizations.txt: "name … Filtra pelo nome da empresa" (match unspecified).
  organizations: {
    label: 'empresas',
    filters: {
      name: text('probe'),
      owner_id: id,
      segment_ids: id,
      created_at: datetime,
      updated_at: datetime,
    },
    flags: [],
    customFields: true,
    sorts: ['name', 'created_at', 'updated_at'],
  },
  // crm-v2-list-users.txt: only is:active and is:visible, and no "Ordenação" section.
  users: {
    label: 'usuários',
    filters: {},
    flags: ['is:active', 'is:visible'],
    customFields: false,
    sorts: [],
  },
  // crm-v2-list-tasks.txt.
  tasks: {
    label: 'tarefas',
    filters: {
      deal_id: id,
      type: text(),
      owner_ids: id,
      completed_at: datetime,
      due_date: datetime,
      status: text(),
    },
    flags: [],
    customFields: false,
    sorts: ['due_date', 'deal_id', 'completed_at', 'updated_at'],
  },
  // crm-v2-list-notes-from-deal.txt.
  notes: {
    label: 'anotações',
    filters: { registered_at: datetime, user_id: id },
    flags: ['is:pinned'],
    customFields: false,
    sorts: ['registered_at'],
  },
  // crm-v2-list-products.txt: "name … Suporta apenas correspondência exata."
  products: {
    label: 'produtos',
    filters: { name: text('none') },
    flags: ['is:visible'],
    customFields: true,
    sorts: ['name'],
  },
  // crm-v2-list-custom-fields.txt.
  customFields: {
    label: 'campos personalizados',
    filters: { entity: text(), slug: text() },
    flags: ['is:required', 'is:visible'],
    customFields: false,
    sorts: ['slug', 'order'],
  },
  // crm-v2-list-lost-reasons.txt / -sources / -campaigns / -segments: "Permite filtrar … por
  // nome" (match unspecified: probed).
  lostReasons: {
    label: 'motivos de perda',
    filters: { name: text('probe') },
    flags: [],
    customFields: false,
    sorts: ['name', 'created_at'],
  },
  sources: {
    label: 'fontes',
    filters: { name: text('probe') },
    flags: [],
    customFields: false,
    sorts: ['name'],
  },
  campaigns: {
    label: 'campanhas',
    filters: { name: text('probe') },
    flags: [],
    customFields: false,
    sorts: ['name', 'created_at'],
  },
  segments: {
    label: 'segmentos',
    filters: { name: text('probe') },
    flags: [],
    customFields: false,
    sorts: ['name'],
  },
  // crm-v2-list-pipelines.txt / -stages-from-pipeline.txt: no "Filtro" section; sort by order.
  pipelines: { label: 'funis', filters: {}, flags: [], customFields: false, sorts: ['order'] },
  stages: { label: 'etapas', filters: {}, flags: [], customFields: false, sorts: ['order'] },
  // crm-v2-list-products-from-deal.txt.
  dealProducts: {
    label: 'produtos da negociação',
    filters: { product_id: id },
    flags: [],
    customFields: false,
    sorts: ['product_id'],
  },
};

// --- the panel's filter -------------------------------------------------------------------

/** One clause as the api-client builds it: `field:"value"` or `field:~"value"`. */
export interface PanelClause {
  field: string;
  match: boolean;
  value: string;
}

const FIELD = /@?[A-Za-z_][A-Za-z0-9_.-]*/y;
const AND = / +and +/y;

export const FILTER_MESSAGES = {
  format:
    'O campo \'filter\' tem um formato inválido: use campo:"valor" ou campo:~"valor", unidos por " and ".',
  quote:
    "O campo 'filter' é inválido: o valor buscado não pode conter aspas (\") nem barra invertida (\\).",
  field: (label: string, field: string) =>
    `O campo 'filter' é inválido: o RD Station CRM não filtra ${label} por '${field}'.`,
  exactOnly: (label: string, field: string) =>
    `O campo 'filter' é inválido: o RD Station CRM só busca ${label} por '${field}' com o valor exato (campo:"valor").`,
  none: (label: string) =>
    `O campo 'filter' não é permitido: o RD Station CRM não filtra ${label}.`,
  contactTwice:
    'O campo \'filter\' é inválido: filtre as negociações por um único contato (contact_ids:"id").',
  order: (label: string, sorts: readonly string[]) =>
    `O campo 'order' é inválido: o RD Station CRM ordena ${label} apenas por ${sorts.join(', ')}.`,
  noOrder: (label: string) =>
    `O campo 'order' não é permitido: o RD Station CRM não ordena ${label}.`,
} as const;

const bad = (message: string): ApiError => new ApiError(400, message);

/** The panel's filter as clauses; anything but the api-client's shapes is a pt-BR 400. */
export function parsePanelFilter(filter: string | undefined): PanelClause[] {
  const source = (filter ?? '').trim();
  if (source === '') return [];
  const clauses: PanelClause[] = [];
  let at = 0;
  for (;;) {
    FIELD.lastIndex = at;
    const field = FIELD.exec(source)?.[0];
    if (!field) throw bad(FILTER_MESSAGES.format);
    at += field.length;
    if (source[at] !== ':') throw bad(FILTER_MESSAGES.format);
    at += 1;
    const match = source[at] === '~';
    if (match) at += 1;
    if (source[at] !== '"') throw bad(FILTER_MESSAGES.format);
    at += 1;
    let value = '';
    for (;;) {
      const char = source[at];
      if (char === undefined) throw bad(FILTER_MESSAGES.format);
      at += 1;
      if (char === '"') break;
      if (char === '\\') {
        const escaped = source[at];
        if (escaped !== '"' && escaped !== '\\') throw bad(FILTER_MESSAGES.format);
        value += escaped;
        at += 1;
        continue;
      }
      value += char;
    }
    if (value.trim() === '') throw bad(FILTER_MESSAGES.format);
    clauses.push({ field, match, value });
    if (at === source.length) return clauses;
    AND.lastIndex = at;
    const joiner = AND.exec(source)?.[0];
    if (!joiner) throw bad(FILTER_MESSAGES.format);
    at += joiner.length;
  }
}

// --- the CRM's query ----------------------------------------------------------------------

export type CrmClause =
  | { op: 'eq'; field: string; value: string }
  | { op: 'in'; field: string; values: string[] }
  | { op: 'match'; field: string; value: string; probe: boolean }
  | { op: 'flag'; flag: string };

export interface CrmSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface CrmListQuery {
  resource: CrmListResource;
  clauses: CrmClause[];
  sort: CrmSort | null;
  /** Deals of this contact ('Negociações com esse contato'): scanned, never sent as a filter. */
  contactId: string | null;
}

export interface PanelListParams {
  filter?: string;
  order?: string;
  direction?: 'asc' | 'desc';
}

/**
 * Every form RD may hold a Brazilian phone in, as people type it: E.164, national with and
 * without the mobile's extra 9, with and without 55, and formatted '(11) 98765-4321'. Numbers
 * that are no full Brazilian number go as typed (and E.164 for other countries).
 */
export function phoneForms(digits: string): string[] {
  const e164 = normaliseBrazilianPhone(digits);
  if (!e164) return [digits];
  if (!e164.startsWith('+55')) return [...new Set([e164, e164.slice(1), digits])];
  const national = e164.slice(3);
  const area = national.slice(0, 2);
  const subscribers = [national.slice(2)];
  const first = subscribers[0] ?? '';
  // A mobile with the ninth digit is also searched without it, and an old 8-digit mobile (6–9)
  // with it: a chat and the CRM may each hold either form.
  if (first.length === 9 && first.startsWith('9')) subscribers.push(first.slice(1));
  else if (first.length === 8 && /^[6-9]/.test(first)) subscribers.unshift(`9${first}`);
  const forms = subscribers.flatMap((subscriber) => {
    const plain = `${area}${subscriber}`;
    const formatted = `(${area}) ${subscriber.slice(0, -4)}-${subscriber.slice(-4)}`;
    return [`+55${plain}`, plain, `55${plain}`, formatted];
  });
  return [...new Set([...forms, digits])];
}

function translateClause(
  resource: CrmListResource,
  policy: ResourcePolicy,
  clause: PanelClause,
): CrmClause {
  const { field, value, match } = clause;
  if (field === 'is' || field === 'has') {
    const flag = `${field}:${value}`;
    if (match || !policy.flags.includes(flag)) throw bad(FILTER_MESSAGES.field(policy.label, flag));
    return { op: 'flag', flag };
  }
  if (field.startsWith('@')) {
    if (!policy.customFields) throw bad(FILTER_MESSAGES.field(policy.label, field));
    if (match) throw bad(FILTER_MESSAGES.exactOnly(policy.label, field));
    return { op: 'eq', field, value };
  }
  const rule = policy.filters[field];
  if (!rule) throw bad(FILTER_MESSAGES.field(policy.label, field));
  if (match) {
    if (rule.match === 'none') throw bad(FILTER_MESSAGES.exactOnly(policy.label, field));
    return { op: 'match', field, value, probe: rule.match === 'probe' };
  }
  if (resource === 'contacts' && field === 'phone') {
    const digits = value.replace(/\D/g, '');
    return digits === ''
      ? { op: 'eq', field, value }
      : { op: 'in', field, values: phoneForms(digits) };
  }
  return { op: 'eq', field, value };
}

/** The panel's list query checked against the policy: a pt-BR 400 for anything undocumented. */
export function translateListQuery(
  resource: CrmListResource,
  params: PanelListParams,
): CrmListQuery {
  const policy = POLICY[resource];
  const parsed = parsePanelFilter(params.filter);
  const hasFilters =
    Object.keys(policy.filters).length > 0 || policy.flags.length > 0 || policy.customFields;
  if (parsed.length > 0 && !hasFilters) throw bad(FILTER_MESSAGES.none(policy.label));

  let contactId: string | null = null;
  const clauses: CrmClause[] = [];
  for (const clause of parsed) {
    if (resource === 'deals' && clause.field === 'contact_ids') {
      // RD documents no contact filter on deals; lists.ts scans deals for it instead.
      if (clause.match) throw bad(FILTER_MESSAGES.exactOnly(policy.label, clause.field));
      if (contactId !== null) throw bad(FILTER_MESSAGES.contactTwice);
      contactId = clause.value;
      continue;
    }
    clauses.push(translateClause(resource, policy, clause));
  }

  let sort: CrmSort | null = null;
  if (params.order !== undefined) {
    if (policy.sorts.length === 0) throw bad(FILTER_MESSAGES.noOrder(policy.label));
    if (!policy.sorts.includes(params.order))
      throw bad(FILTER_MESSAGES.order(policy.label, policy.sorts));
    sort = { field: params.order, direction: params.direction ?? 'asc' };
  }
  // Values that documented syntax cannot carry are refused here, before any CRM call.
  renderFilter(clauses);
  return { resource, clauses, sort, contactId };
}

/**
 * A documented RDQL string value. RD's docs show `"string com espaços"` and no escape, so a value
 * with a quote or a backslash cannot be said in documented syntax: refused, never guessed.
 */
export function quoteValue(value: string): string {
  if (/["\\]/.test(value)) throw bad(FILTER_MESSAGES.quote);
  return `"${value}"`;
}

/** `~` of a probed clause is sent only where `matchAllowed(field)`; else exact. */
export function renderFilter(
  clauses: readonly CrmClause[],
  matchAllowed: (field: string) => boolean = () => true,
): string {
  return clauses
    .map((clause) => {
      switch (clause.op) {
        case 'flag':
          return clause.flag;
        case 'eq':
          return `${clause.field}:${quoteValue(clause.value)}`;
        case 'in':
          return `${clause.field}:(${clause.values.map(quoteValue).join(',')})`;
        case 'match':
          return clause.probe && !matchAllowed(clause.field)
            ? `${clause.field}:${quoteValue(clause.value)}`
            : `${clause.field}:~${quoteValue(clause.value)}`;
      }
    })
    .join(' and ');
}

/** The probed `~` capabilities a query needs (e.g. 'contacts.email~'). */
export function probesOf(query: CrmListQuery): { field: string; capability: string }[] {
  return query.clauses.flatMap((clause) =>
    clause.op === 'match' && clause.probe
      ? [{ field: clause.field, capability: `${query.resource}.${clause.field}~` }]
      : [],
  );
}

/** `filter` and `sort[…]` of a CRM list request (paging is added per page). */
export function crmListParams(
  query: CrmListQuery,
  matchAllowed?: (field: string) => boolean,
): URLSearchParams {
  const params = new URLSearchParams();
  const filter = renderFilter(query.clauses, matchAllowed);
  if (filter !== '') params.set('filter', filter);
  if (query.sort) params.set(`sort[${query.sort.field}]`, query.sort.direction);
  return params;
}
