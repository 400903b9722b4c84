import { isRecord } from '@api/http';

// Every read the panel sends to this api, with the exact query the api-client builds (PRODUCT.md §7;
// libs/api-client/src/resources/*), for `npm run crm:check`, and the reads the api's routes take
// that the panel does not send today (said in their label). The api turns each into the CRM
// requests of crm/crmQuery.ts and crm/lists.ts, so the check sends to RD exactly what the product
// sends (readShapes.ts lists their shapes).

/** Ids found in the account by earlier reads; a read that needs a missing one is skipped. */
export interface SampleIds {
  dealId?: string;
  dealName?: string;
  contactId?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  organizationName?: string;
  pipelineId?: string;
  stageId?: string;
  productName?: string;
  lostReasonName?: string;
  organizationId?: string;
  productId?: string;
  sourceId?: string;
  campaignId?: string;
}

export type SampleKey = keyof SampleIds;

export type NonEmpty<T> = [T, ...T[]];

export interface PanelRead {
  /** pt-BR label of the row. */
  what: string;
  /** The panel's path and query (already encoded), or null when a sample is missing. */
  url: (ids: SampleIds) => string | null;
  /** Keys every record must have (the fields the panel reads). */
  fields: readonly string[];
  /** 'list': `{ data: { data: [...], links } }`; 'record': `{ data: { data: {...} } }`. */
  shape: 'list' | 'record';
  /** What this read teaches the next ones (from its records, in order; never empty). */
  learn?: (records: NonEmpty<Record<string, unknown>>, ids: SampleIds) => void;
}

const q = encodeURIComponent;
/** The api-client's RDQL value: `"value"` with `\` and `"` escaped. */
const quote = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const firstOf = (value: unknown): Record<string, unknown> | undefined =>
  Array.isArray(value) && isRecord(value[0]) ? value[0] : undefined;
/** The first word of a name, as a person would type it in a search box. */
const firstWord = (name: string | undefined) => name?.trim().split(/\s+/)[0];
const need =
  (key: SampleKey, build: (value: string) => string) =>
  (ids: SampleIds): string | null => {
    const value = ids[key];
    return value ? build(value) : null;
  };

const DEAL_FIELDS = ['id', 'name', 'status', 'pipeline_id', 'stage_id', 'owner_id', 'contact_ids'];
const CONTACT_FIELDS = ['id', 'name', 'emails', 'phones'];
const PRODUCT_FIELDS = ['id', 'name', 'price'];
const NAMED = ['id', 'name'];
/** Reads the api's routes take but no screen of the panel sends today. */
const API_ONLY = '(a api aceita; o painel não lê hoje)';

// The lists as the api-client asks for them: its page size, first page and sort.
const DEALS = '/api/rdstation/deals?limit=200&page=1&order=name&direction=desc';
const CONTACTS = '/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc';
const LOST_REASONS = '/api/rdstation/lost-reasons?limit=200&page=1&order=name&direction=asc';
/** `list` with an RDQL filter, as the api-client appends it. */
const filtered = (list: string, filter: string) => `${list}&filter=${q(filter)}`;

/** A list read; `learns` names the sample each key takes from the first record's field. */
function listRead(
  what: string,
  url: PanelRead['url'],
  fields: readonly string[],
  learns?: Partial<Record<SampleKey, string>>,
): PanelRead {
  const read: PanelRead = { what, url, fields, shape: 'list' };
  if (learns)
    read.learn = ([first], ids) => {
      for (const [key, field] of Object.entries(learns) as [SampleKey, string][])
        ids[key] = str(first[field]);
    };
  return read;
}

/** One record at `path/{id}`, the id a sample an earlier read learned. */
const recordRead = (
  what: string,
  key: SampleKey,
  path: string,
  fields: readonly string[],
): PanelRead => ({
  what,
  url: need(key, (id) => `${path}/${q(id)}`),
  fields,
  shape: 'record',
});

export const PANEL_READS: readonly PanelRead[] = [
  listRead('Funis de vendas', () => '/api/rdstation/pipelines?limit=200', NAMED, {
    pipelineId: 'id',
  }),
  listRead(
    'Etapas de um funil',
    need('pipelineId', (id) => `/api/rdstation/pipelines/${q(id)}/stages?limit=200`),
    NAMED,
    { stageId: 'id' },
  ),
  {
    what: `Uma etapa de um funil ${API_ONLY}`,
    url: (ids) =>
      ids.pipelineId && ids.stageId
        ? `/api/rdstation/pipelines/${q(ids.pipelineId)}/stages/${q(ids.stageId)}`
        : null,
    fields: NAMED,
    shape: 'record',
  },
  recordRead('Um funil', 'pipelineId', '/api/rdstation/pipelines', NAMED),
  listRead('Usuários (responsáveis)', () => '/api/rdstation/users?limit=200', [
    'id',
    'name',
    'email',
  ]),
  listRead('Fontes', () => '/api/rdstation/sources?limit=200', NAMED, { sourceId: 'id' }),
  recordRead(`Uma fonte ${API_ONLY}`, 'sourceId', '/api/rdstation/sources', NAMED),
  listRead('Campanhas', () => '/api/rdstation/campaigns?limit=200', NAMED, { campaignId: 'id' }),
  recordRead(`Uma campanha ${API_ONLY}`, 'campaignId', '/api/rdstation/campaigns', NAMED),
  listRead(
    'Campos personalizados de negociações',
    () => `/api/rdstation/custom-fields?filter=${q('entity:"deal"')}&limit=200`,
    ['id', 'slug', 'type', 'entity'],
  ),

  listRead('Motivos de perda', () => LOST_REASONS, NAMED, { lostReasonName: 'name' }),
  listRead(
    'Motivos de perda: busca por nome',
    need(
      'lostReasonName',
      (name) =>
        `/api/rdstation/lost-reasons?filter=${q(`name:~${quote(name)}`)}&limit=200&page=1&order=name&direction=asc`,
    ),
    NAMED,
  ),
  listRead('Empresas', () => '/api/rdstation/organizations?limit=200&page=1&order=name', NAMED, {
    organizationName: 'name',
    organizationId: 'id',
  }),
  recordRead(
    'Uma empresa (a do contato, no cabeçalho)',
    'organizationId',
    '/api/rdstation/organizations',
    NAMED,
  ),
  listRead(
    'Empresas: busca por nome (50 por página)',
    need('organizationName', (name) =>
      filtered('/api/rdstation/organizations?limit=50&page=1&order=name', `name:~${quote(name)}`),
    ),
    NAMED,
  ),
  listRead(
    'Catálogo de produtos',
    () => '/api/rdstation/products?limit=200&page=1',
    PRODUCT_FIELDS,
    {
      productName: 'name',
      productId: 'id',
    },
  ),
  recordRead(
    'Um produto do catálogo (o de um produto da negociação)',
    'productId',
    '/api/rdstation/products',
    PRODUCT_FIELDS,
  ),
  listRead(
    'Catálogo de produtos: nome exato',
    need(
      'productName',
      (name) => `/api/rdstation/products?filter=${q(`name:${quote(name)}`)}&limit=200&page=1`,
    ),
    PRODUCT_FIELDS,
  ),
  {
    ...listRead('Negociações', () => DEALS, DEAL_FIELDS),
    learn: ([first], ids) => {
      ids.dealId = str(first.id);
      ids.dealName = str(first.name);
      ids.contactId = Array.isArray(first.contact_ids) ? str(first.contact_ids[0]) : undefined;
    },
  },
  listRead(
    'Negociações: busca por nome',
    need('dealName', (name) => filtered(DEALS, `name:~${quote(firstWord(name) ?? name)}`)),
    DEAL_FIELDS,
  ),
  listRead(
    "Negociações com esse contato (filtro 'contact_ids')",
    need('contactId', (id) => filtered(DEALS, `contact_ids:${quote(id)}`)),
    DEAL_FIELDS,
  ),
  listRead(
    "Negociações: busca por nome com 'Negociações com esse contato'",
    (ids) =>
      ids.dealName && ids.contactId
        ? filtered(
            DEALS,
            `name:~${quote(firstWord(ids.dealName) ?? ids.dealName)} and contact_ids:${quote(ids.contactId)}`,
          )
        : null,
    DEAL_FIELDS,
  ),
  recordRead('Uma negociação', 'dealId', '/api/rdstation/deals', DEAL_FIELDS),
  listRead(
    'Notas de uma negociação',
    need(
      'dealId',
      (id) =>
        `/api/rdstation/deals/${q(id)}/notes?limit=200&page=1&order=registered_at&direction=desc`,
    ),
    ['id', 'description', 'user_id', 'registered_at'],
  ),
  listRead(
    'Tarefas abertas de uma negociação',
    need('dealId', (id) =>
      filtered(
        '/api/rdstation/tasks?limit=200&page=1&order=due_date&direction=desc',
        `deal_id:${quote(id)} and status:"open"`,
      ),
    ),
    ['id', 'name', 'type', 'status', 'due_date', 'deal_id', 'owner_ids'],
  ),
  listRead(
    'Produtos de uma negociação',
    need('dealId', (id) => `/api/rdstation/deals/${q(id)}/products?limit=200`),
    ['id', 'product_id', 'price', 'quantity', 'total_price'],
  ),
  {
    ...listRead('Contatos', () => CONTACTS, CONTACT_FIELDS),
    learn: (contacts, ids) => {
      ids.contactEmail = contacts.map((c) => str(firstOf(c.emails)?.email)).find(Boolean);
      ids.contactPhone = contacts.map((c) => str(firstOf(c.phones)?.phone)).find(Boolean);
    },
  },
  {
    ...recordRead('Um contato', 'contactId', '/api/rdstation/contacts', CONTACT_FIELDS),
    learn: ([contact], ids) => {
      ids.contactName = str(contact.name);
      ids.contactEmail ??= str(firstOf(contact.emails)?.email);
      ids.contactPhone ??= str(firstOf(contact.phones)?.phone);
    },
  },
  listRead(
    'Contatos: busca por nome',
    need('contactName', (name) => filtered(CONTACTS, `name:~${quote(firstWord(name) ?? name)}`)),
    CONTACT_FIELDS,
  ),
  listRead(
    'Contatos: busca por e-mail',
    need('contactEmail', (email) => filtered(CONTACTS, `email:~${quote(email)}`)),
    CONTACT_FIELDS,
  ),
  listRead(
    'Contatos: busca por telefone',
    (ids) => {
      const digits = ids.contactPhone?.replace(/\D/g, '') ?? '';
      return digits.length >= 8 ? filtered(CONTACTS, `phone:${quote(digits)}`) : null;
    },
    CONTACT_FIELDS,
  ),
];

/** A read's records: `data.data` (list) or `[data.data]` (record); non-objects left out. */
export function recordsOf(shape: PanelRead['shape'], json: unknown): Record<string, unknown>[] {
  const outer = isRecord(json) ? json.data : null;
  const inner = isRecord(outer) ? outer.data : null;
  if (shape === 'list') return Array.isArray(inner) ? inner.filter(isRecord) : [];
  return isRecord(inner) ? [inner] : [];
}
