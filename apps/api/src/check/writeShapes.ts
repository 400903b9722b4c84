import { BILLING_FREQUENCIES, DISCOUNT_TYPES, TASK_TYPES } from '@crm-panel/crm-model';
import { isRecord } from '@api/http';
import { CRM_WEBHOOK_EVENTS } from '@api/changes/crmWebhooks';

// Every write request this api sends to the CRM, by shape: its method, its path with the ids taken
// out, and the fields of its `data` (README 'Connecting to the real RD Station CRM'). The one list
// `crm:check --writes` reports against and its tests hold the api to.
//
// A shape is one request RD may take or refuse on its own:
// - the fields present in `data`, each written as `field`, `field:null` (the panel clears it),
//   `field:[]` (an empty list), `list[]{item fields}` or `field{…}` (custom fields, by slug);
// - a field whose values are a closed set (status, type, frequency, discount type, event) written
//   with its value, one shape per value the product sends: RD checks each against its own list;
// - for a create or an edit, the combinations the panel makes: the least it sends, the chat's
//   usual one, and everything its form offers. Fields the api's schema lets through but the panel
//   does not send today make one more shape per write ('api').

/** Who makes the request: a panel screen, the api's schema alone, or the live-updates set-up. */
export type ShapeSender = 'painel' | 'api' | 'atualizações ao vivo';

/** One request shape of the product: a write (here) or a read (readShapes.ts). */
export interface RequestShape {
  /** e.g. `PUT /deals/{id} {lost_reason_id, status=lost}` or `GET /deals/{id}`. */
  shape: string;
  /** Other forms of the same request, where the api adapts to what the CRM answered. */
  alternatives?: readonly string[];
  /** pt-BR: what the person (or the api) does that sends it. */
  what: string;
  sender: ShapeSender;
  kind: 'leitura' | 'escrita';
  /** A probe of a reading the docs leave open: a refusal (400/422) is an answer too. */
  probe?: boolean;
}

/** Fields whose values are a closed set RD checks: each value the product sends is a shape. */
const VALUE_FIELDS = new Set([
  'status',
  'type',
  'billing_frequency',
  'discount_type',
  'event_name',
  'http_method',
]);

function fieldShape(key: string, value: unknown): string {
  if (value === null) return `${key}:null`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `${key}:[]`;
    const items = value.filter(isRecord);
    if (items.length === 0) return `${key}[]`;
    const inner = new Set(
      items.flatMap((item) => Object.entries(item).map(([k, v]) => fieldShape(k, v))),
    );
    return `${key}[]{${[...inner].sort().join(', ')}}`;
  }
  if (isRecord(value)) return `${key}{…}`;
  if (VALUE_FIELDS.has(key) && typeof value === 'string') return `${key}=${value}`;
  return key;
}

/** `/deals/abc/products/x1` → `/deals/{id}/products/{id}` (v2 paths alternate name and id). */
export function pathTemplate(path: string): string {
  return (path.split('?')[0] ?? '')
    .split('/')
    .map((segment, index) => (index > 0 && index % 2 === 0 && segment !== '' ? '{id}' : segment))
    .join('/');
}

/** The shape of one write the api sent: method, path template and the fields of `data`. */
export function writeShapeOf(method: string, path: string, body: unknown): string {
  const head = `${method.toUpperCase()} ${pathTemplate(path)}`;
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) return head;
  const fields = Object.entries(data)
    .map(([key, value]) => fieldShape(key, value))
    .sort();
  return `${head} {${fields.join(', ')}}`;
}

const shape = (method: string, path: string, fields: readonly string[]) =>
  fields.length === 0
    ? `${method} ${path}`
    : `${method} ${path} {${[...fields].sort().join(', ')}}`;

const DEAL_REQUIRED = ['name', 'pipeline_id', 'stage_id', 'owner_id'];
const TASK_FORM = ['name', 'description', 'due_date', 'owner_ids[]'];
const PRODUCT_FORM = ['product_id', 'price', 'quantity'];
const CONTACT_FORM = ['emails[]{email}', 'job_title', 'name', 'phones[]{phone, type=mobile}'];

const row = (
  method: string,
  path: string,
  fields: readonly string[],
  what: string,
  sender: ShapeSender = 'painel',
): RequestShape => ({ shape: shape(method, path, fields), what, sender, kind: 'escrita' });

/** An in-place edit of the deal's general tab (a partial PUT). */
const dealEdit = (fields: readonly string[], what: string, sender?: ShapeSender) =>
  row('PUT', '/deals/{id}', fields, what, sender);

/** The product form's shapes: one per billing frequency, one per discount type. */
const productForm = (method: string, path: string, verb: string): RequestShape[] => [
  ...BILLING_FREQUENCIES.map((frequency) =>
    row(
      method,
      path,
      [...PRODUCT_FORM, `billing_frequency=${frequency}`],
      `${verb} produto com recorrência ${frequency}`,
    ),
  ),
  ...DISCOUNT_TYPES.map((type) =>
    row(
      method,
      path,
      [...PRODUCT_FORM, 'billing_frequency=one-time', 'discount', `discount_type=${type}`],
      `${verb} produto com desconto (${type})`,
    ),
  ),
];

/** The write shapes of the product, in the order `crm:check --writes` sends them. */
export const WRITE_SHAPES: readonly RequestShape[] = [
  // Contacts: the new-contact form of the linking screen (with-mapping), and the edit form.
  row('POST', '/contacts', ['name'], 'Novo contato só com o nome'),
  row(
    'POST',
    '/contacts',
    ['name', 'phones[]{phone, type=mobile}'],
    'Novo contato com o nome e o número do chat (celular)',
  ),
  row(
    'POST',
    '/contacts',
    CONTACT_FORM,
    'Novo contato com tudo o que o formulário oferece (e-mail, telefone, cargo)',
  ),
  row(
    'POST',
    '/contacts',
    [...CONTACT_FORM, 'organization_id'],
    'Novo contato com empresa (a api aceita; o painel não envia hoje)',
    'api',
  ),
  row('PUT', '/contacts/{id}', ['name'], 'Editar contato: nome'),
  row('PUT', '/contacts/{id}', ['name', 'organization_id'], 'Editar contato: nome e empresa'),
  row(
    'PUT',
    '/contacts/{id}',
    [...CONTACT_FORM, 'organization_id'],
    'Editar contato: e-mail, telefone, cargo e empresa (a api aceita; o painel não envia hoje)',
    'api',
  ),
  // Deals: the creation form, then each field the general tab edits in place.
  row('POST', '/deals', DEAL_REQUIRED, 'Criar negociação só com os campos obrigatórios'),
  row(
    'POST',
    '/deals',
    [...DEAL_REQUIRED, 'contact_ids[]'],
    'Criar negociação com o contato do chat',
  ),
  row(
    'POST',
    '/deals',
    [
      ...DEAL_REQUIRED,
      'campaign_id',
      'contact_ids[]',
      'custom_fields{…}',
      'organization_id',
      'rating',
      'source_id',
    ],
    'Criar negociação com empresa, qualificação, fonte, campanha e campos personalizados',
  ),
  dealEdit(['owner_id'], 'Responsável'),
  dealEdit(['rating'], 'Qualificação'),
  dealEdit(['source_id'], 'Fonte'),
  dealEdit(['pipeline_id', 'stage_id'], 'Funil de vendas (com a primeira etapa do funil novo)'),
  dealEdit(['stage_id'], 'Etapa do funil'),
  dealEdit(
    ['contact_ids[]'],
    'Contato adicionado à negociação ou tirado dela (a lista fica com ao menos um)',
  ),
  dealEdit(
    ['campaign_id', 'custom_fields{…}', 'name', 'organization_id'],
    'Nome, empresa, campanha e campos personalizados (a api aceita; o painel não envia hoje)',
    'api',
  ),
  // Notes, tasks and deal products of a deal.
  row('POST', '/deals/{id}/notes', ['description', 'user_id'], 'Criar nota'),
  ...TASK_TYPES.map((type) =>
    row(
      'POST',
      '/tasks',
      [...TASK_FORM, 'deal_id', 'status=open', `type=${type}`],
      `Criar tarefa do tipo ${type}`,
    ),
  ),
  ...TASK_TYPES.map((type) =>
    row('PUT', '/tasks/{id}', [...TASK_FORM, `type=${type}`], `Editar tarefa do tipo ${type}`),
  ),
  row('PUT', '/tasks/{id}', ['completed_by_id', 'status=completed'], 'Concluir tarefa'),
  ...productForm('POST', '/deals/{id}/products', 'Adicionar'),
  ...productForm('PUT', '/deals/{id}/products/{id}', 'Editar'),
  row(
    'PUT',
    '/deals/{id}/products/{id}',
    [...PRODUCT_FORM, 'billing_frequency=one-time', 'discount'],
    'Editar produto tirando o desconto (discount 0)',
  ),
  row('DELETE', '/deals/{id}/products/{id}', [], 'Remover produto'),
  // The deal's status last: a won or lost deal is what the check leaves behind.
  dealEdit(['status=won'], 'Venda ganha'),
  dealEdit(['lost_reason_id', 'status=lost'], 'Venda perdida com o motivo'),
  // Live updates: one webhook per event at sign-in, each deleted when the integration is removed.
  ...CRM_WEBHOOK_EVENTS.map((event) =>
    row(
      'POST',
      '/webhooks',
      [`event_name=${event}`, 'http_method=POST', 'name', 'url'],
      `Webhook ${event}`,
      'atualizações ao vivo',
    ),
  ),
  row('DELETE', '/webhooks/{id}', [], 'Remover webhook', 'atualizações ao vivo'),
];
