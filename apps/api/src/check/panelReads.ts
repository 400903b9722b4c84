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
const NAMED = ['id', 'name'];
/** Reads the api's routes take but no screen of the panel sends today. */
const API_ONLY = '(a api aceita; o painel não lê hoje)';

export const PANEL_READS: readonly PanelRead[] = [
  {
    what: 'Funis de vendas',
    url: () => '/api/rdstation/pipelines?limit=200',
    fields: NAMED,
    shape: 'list',
    learn: ([first], ids) => {
      ids.pipelineId = str(first.id);
    },
  },
  {
    what: 'Etapas de um funil',
    url: need('pipelineId', (id) => `/api/rdstation/pipelines/${q(id)}/stages?limit=200`),
    fields: NAMED,
    shape: 'list',
    learn: ([first], ids) => {
      ids.stageId = str(first.id);
    },
  },
  {
    what: `Uma etapa de um funil ${API_ONLY}`,
    url: (ids) =>
      ids.pipelineId && ids.stageId
        ? `/api/rdstation/pipelines/${q(ids.pipelineId)}/stages/${q(ids.stageId)}`
        : null,
    fields: NAMED,
    shape: 'record',
  },
  {
    what: 'Um funil',
    url: need('pipelineId', (id) => `/api/rdstation/pipelines/${q(id)}`),
    fields: NAMED,
    shape: 'record',
  },
  {
    what: 'Usuários (responsáveis)',
    url: () => '/api/rdstation/users?limit=200',
    fields: ['id', 'name', 'email'],
    shape: 'list',
  },
  {
    what: 'Fontes',
    url: () => '/api/rdstation/sources?limit=200',
    fields: NAMED,
    shape: 'list',
    learn: ([first], ids) => {
      ids.sourceId = str(first.id);
    },
  },
  {
    what: `Uma fonte ${API_ONLY}`,
    url: need('sourceId', (id) => `/api/rdstation/sources/${q(id)}`),
    fields: NAMED,
    shape: 'record',
  },
  {
    what: 'Campanhas',
    url: () => '/api/rdstation/campaigns?limit=200',
    fields: NAMED,
    shape: 'list',
    learn: ([first], ids) => {
      ids.campaignId = str(first.id);
    },
  },
  {
    what: `Uma campanha ${API_ONLY}`,
    url: need('campaignId', (id) => `/api/rdstation/campaigns/${q(id)}`),
    fields: NAMED,
    shape: 'record',
  },
  {
    what: 'Campos personalizados de negociações',
    url: () => `/api/rdstation/custom-fields?filter=${q('entity:"deal"')}&limit=200`,
    fields: ['id', 'slug', 'type', 'entity'],
    shape: 'list',
  },

  {
    what: 'Motivos de perda',
    url: () => '/api/rdstation/lost-reasons?limit=200&page=1&order=name&direction=asc',
    fields: NAMED,
    shape: 'list',
    learn: ([first], ids) => {
      ids.lostReasonName = str(first.name);
    },
  },

  {
    what: 'Motivos de perda: busca por nome',
    url: need(
      'lostReasonName',
      (name) =>
        `/api/rdstation/lost-reasons?filter=${q(`name:~${quote(name)}`)}&limit=200&page=1&order=name&direction=asc`,
    ),
    fields: NAMED,
    shape: 'list',
  },
  {
    what: 'Empresas',
    url: () => '/api/rdstation/organizations?limit=200&page=1&order=name',
    fields: NAMED,
    shape: 'list',
    learn: ([first], ids) => {
      ids.organizationName = str(first.name);
      ids.organizationId = str(first.id);
    },
  },
  {
    what: 'Uma empresa (a do contato, no cabeçalho)',
    url: need('organizationId', (id) => `/api/rdstation/organizations/${q(id)}`),
    fields: NAMED,
    shape: 'record',
  },
  {
    what: 'Empresas: busca por nome (50 por página)',
    url: need(
      'organizationName',
      (name) =>
        `/api/rdstation/organizations?limit=50&page=1&order=name&filter=${q(`name:~${quote(name)}`)}`,
    ),
    fields: NAMED,
    shape: 'list',
  },
  {
    what: 'Catálogo de produtos',
    url: () => '/api/rdstation/products?limit=200&page=1',
    fields: ['id', 'name', 'price'],
    shape: 'list',
    learn: ([first], ids) => {
      ids.productName = str(first.name);
      ids.productId = str(first.id);
    },
  },
  {
    what: 'Um produto do catálogo (o de um produto da negociação)',
    url: need('productId', (id) => `/api/rdstation/products/${q(id)}`),
    fields: ['id', 'name', 'price'],
    shape: 'record',
  },
  {
    what: 'Catálogo de produtos: nome exato',
    url: need(
      'productName',
      (name) => `/api/rdstation/products?filter=${q(`name:${quote(name)}`)}&limit=200&page=1`,
    ),
    fields: ['id', 'name', 'price'],
    shape: 'list',
  },
  {
    what: 'Negociações',
    url: () => '/api/rdstation/deals?limit=200&page=1&order=name&direction=desc',
    fields: DEAL_FIELDS,
    shape: 'list',
    learn: ([first], ids) => {
      ids.dealId = str(first.id);
      ids.dealName = str(first.name);
      ids.contactId = Array.isArray(first.contact_ids) ? str(first.contact_ids[0]) : undefined;
    },
  },
  {
    what: 'Negociações: busca por nome',
    url: need(
      'dealName',
      (name) =>
        `/api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=${q(`name:~${quote(firstWord(name) ?? name)}`)}`,
    ),
    fields: DEAL_FIELDS,
    shape: 'list',
  },
  {
    what: "Negociações com esse contato (filtro 'contact_ids')",
    url: need(
      'contactId',
      (id) =>
        `/api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=${q(`contact_ids:${quote(id)}`)}`,
    ),
    fields: DEAL_FIELDS,
    shape: 'list',
  },
  {
    what: 'Uma negociação',
    url: need('dealId', (id) => `/api/rdstation/deals/${q(id)}`),
    fields: DEAL_FIELDS,
    shape: 'record',
  },
  {
    what: 'Notas de uma negociação',
    url: need(
      'dealId',
      (id) =>
        `/api/rdstation/deals/${q(id)}/notes?limit=200&page=1&order=registered_at&direction=desc`,
    ),
    fields: ['id', 'description', 'user_id', 'registered_at'],
    shape: 'list',
  },
  {
    what: 'Tarefas abertas de uma negociação',
    url: need(
      'dealId',
      (id) =>
        `/api/rdstation/tasks?limit=200&page=1&order=due_date&direction=desc&filter=${q(`deal_id:${quote(id)} and status:"open"`)}`,
    ),
    fields: ['id', 'name', 'type', 'status', 'due_date', 'deal_id', 'owner_ids'],
    shape: 'list',
  },
  {
    what: 'Produtos de uma negociação',
    url: need('dealId', (id) => `/api/rdstation/deals/${q(id)}/products?limit=200`),
    fields: ['id', 'product_id', 'price', 'quantity', 'total_price'],
    shape: 'list',
  },
  {
    what: 'Contatos',
    url: () => '/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc',
    fields: CONTACT_FIELDS,
    shape: 'list',
    learn: (contacts, ids) => {
      ids.contactEmail = contacts.map((c) => str(firstOf(c.emails)?.email)).find(Boolean);
      ids.contactPhone = contacts.map((c) => str(firstOf(c.phones)?.phone)).find(Boolean);
    },
  },
  {
    what: 'Um contato',
    url: need('contactId', (id) => `/api/rdstation/contacts/${q(id)}`),
    fields: CONTACT_FIELDS,
    shape: 'record',
    learn: ([contact], ids) => {
      ids.contactName = str(contact.name);
      ids.contactEmail ??= str(firstOf(contact.emails)?.email);
      ids.contactPhone ??= str(firstOf(contact.phones)?.phone);
    },
  },
  {
    what: 'Contatos: busca por nome',
    url: need(
      'contactName',
      (name) =>
        `/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=${q(`name:~${quote(firstWord(name) ?? name)}`)}`,
    ),
    fields: CONTACT_FIELDS,
    shape: 'list',
  },
  {
    what: 'Contatos: busca por e-mail',
    url: need(
      'contactEmail',
      (email) =>
        `/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=${q(`email:~${quote(email)}`)}`,
    ),
    fields: CONTACT_FIELDS,
    shape: 'list',
  },
  {
    what: 'Contatos: busca por telefone',
    url: (ids) => {
      const digits = ids.contactPhone?.replace(/\D/g, '') ?? '';
      return digits.length >= 8
        ? `/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=${q(`phone:${quote(digits)}`)}`
        : null;
    },
    fields: CONTACT_FIELDS,
    shape: 'list',
  },
];

/** A read's records: `data.data` (list) or `[data.data]` (record); non-objects left out. */
export function recordsOf(shape: PanelRead['shape'], json: unknown): Record<string, unknown>[] {
  const outer = isRecord(json) ? json.data : null;
  const inner = isRecord(outer) ? outer.data : null;
  if (shape === 'list') return Array.isArray(inner) ? inner.filter(isRecord) : [];
  return isRecord(inner) ? [inner] : [];
}
