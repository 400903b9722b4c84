import { pathTemplate, type RequestShape } from './writeShapes';

// Every read this api sends to the CRM, by shape (README 'Connecting to the real RD Station CRM'),
// beside writeShapes.ts: `crm:check --writes` lists both and counts them in one figure.
//
// A read's shape is its path with the ids taken out and the parameters of its query without their
// values: `filter=` with each quoted value as `"…"` and each list as `(…)`, `sort[field]=asc|desc`
// with its direction, `page[number]` and `page[size]` by name. So page 2, or a page size stepped
// down (100 → 50), is the same shape; another filter field or operator, or another sort, is not.
//
// Where the api adapts to an answer the docs leave open, a row lists each form it may take (the
// strict reading first): a `~` RD's pages do not mention is tried once per tenant with
// `page[size]=1` ('sondagem'; a refusal is an answer), and the search then goes out either way.

/** `GET /deals?filter=name:~"…"&page[number]&page[size]&sort[name]=desc` for a CRM URL. */
export function readShapeOf(url: URL, base: string): string {
  const path = url.pathname.slice(new URL(base).pathname.replace(/\/+$/, '').length);
  const params = [...url.searchParams.entries()]
    .map(([key, value]) => {
      if (key === 'filter') return `filter=${filterShape(value)}`;
      if (key.startsWith('sort[')) return `${key}=${value}`;
      return key;
    })
    .sort();
  const head = `GET ${pathTemplate(path)}`;
  return params.length === 0 ? head : `${head}?${params.join('&')}`;
}

/** `deal_id:"x" and status:"open"` → `deal_id:"…" and status:"…"`; `phone:("a","b")` → `phone:(…)`. */
function filterShape(filter: string): string {
  return filter.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\("…"(?:,"…")*\)/g, '(…)');
}

const PAGE = 'page[number]&page[size]';
const API_ONLY = '(a api aceita; o painel não lê hoje)';

const read = (
  shapes: readonly string[],
  what: string,
  sender: RequestShape['sender'] = 'painel',
  probe = false,
): RequestShape => ({
  shape: shapes[0] ?? '',
  alternatives: shapes.slice(1),
  what,
  sender,
  kind: 'leitura',
  ...(probe ? { probe } : {}),
});

/** A search by name where `~` is probed: exact (strict) or contains, as the probe decided. */
const probedSearch = (path: string, sort: string, what: string): RequestShape[] => [
  read(
    [`GET ${path}?filter=name:~"…"&${PAGE}`],
    `${what}: sondagem de 'name:~' (uma vez por conta)`,
    'api',
    true,
  ),
  read(
    [`GET ${path}?filter=name:"…"&${PAGE}&${sort}`, `GET ${path}?filter=name:~"…"&${PAGE}&${sort}`],
    `${what}: busca por nome (exata, ou por trecho se a sondagem foi aceita)`,
  ),
];

/** The read shapes of the product, in the order `crm:check --writes` first sends them. */
export const READ_SHAPES: readonly RequestShape[] = [
  read([`GET /users?filter=is:active&${PAGE}`], 'Usuários ativos (no login: quem é você no CRM)'),
  read(['GET /users/{id}'], 'Um usuário (o seu perfil, o autor de uma nota)'),
  read([`GET /pipelines?${PAGE}`], 'Funis de vendas'),
  read([`GET /pipelines/{id}/stages?${PAGE}`], 'Etapas de um funil'),
  read(['GET /pipelines/{id}/stages/{id}'], `Uma etapa de um funil ${API_ONLY}`, 'api'),
  read(['GET /pipelines/{id}'], 'Um funil'),
  read([`GET /users?${PAGE}`], 'Usuários (responsáveis)'),
  read([`GET /sources?${PAGE}`], 'Fontes'),
  read(['GET /sources/{id}'], `Uma fonte ${API_ONLY}`, 'api'),
  read([`GET /campaigns?${PAGE}`], 'Campanhas'),
  read(['GET /campaigns/{id}'], `Uma campanha ${API_ONLY}`, 'api'),
  read([`GET /custom_fields?filter=entity:"…"&${PAGE}`], 'Campos personalizados de negociações'),
  read([`GET /lost_reasons?${PAGE}&sort[name]=asc`], 'Motivos de perda'),
  ...probedSearch('/lost_reasons', 'sort[name]=asc', 'Motivos de perda'),
  read([`GET /organizations?${PAGE}&sort[name]=asc`], 'Empresas'),
  read(['GET /organizations/{id}'], 'Uma empresa (a do contato, no cabeçalho)'),
  ...probedSearch('/organizations', 'sort[name]=asc', 'Empresas'),
  read([`GET /products?${PAGE}`], 'Catálogo de produtos'),
  read(['GET /products/{id}'], 'Um produto do catálogo (o de um produto da negociação)'),
  read([`GET /products?filter=name:"…"&${PAGE}`], 'Catálogo de produtos: nome exato'),
  read([`GET /deals?${PAGE}&sort[name]=desc`], 'Negociações'),
  read([`GET /deals?filter=name:~"…"&${PAGE}&sort[name]=desc`], 'Negociações: busca por nome'),
  read(
    [`GET /deals?${PAGE}&sort[updated_at]=desc`],
    "Negociações com esse contato (varredura das mais recentes: RD não filtra por 'contact_ids')",
  ),
  read(
    [`GET /deals?filter=name:~"…"&${PAGE}&sort[updated_at]=desc`],
    "Negociações: busca por nome com 'Negociações com esse contato' (a mesma varredura, com o nome)",
  ),
  read(['GET /deals/{id}'], 'Uma negociação'),
  read([`GET /deals/{id}/notes?${PAGE}&sort[registered_at]=desc`], 'Notas de uma negociação'),
  read(
    [`GET /tasks?filter=deal_id:"…" and status:"…"&${PAGE}&sort[due_date]=desc`],
    'Tarefas abertas de uma negociação',
  ),
  read([`GET /deals/{id}/products?${PAGE}`], 'Produtos de uma negociação'),
  read(['GET /tasks/{id}'], 'Uma tarefa (o formulário de edição a lê)'),
  read([`GET /contacts?${PAGE}&sort[name]=asc`], 'Contatos'),
  read(['GET /contacts/{id}'], 'Um contato'),
  read([`GET /contacts?filter=name:~"…"&${PAGE}&sort[name]=asc`], 'Contatos: busca por nome'),
  read(
    [`GET /contacts?filter=email:~"…"&${PAGE}`],
    "Contatos: sondagem de 'email:~' (uma vez por conta)",
    'api',
    true,
  ),
  read(
    [
      `GET /contacts?filter=email:"…"&${PAGE}&sort[name]=asc`,
      `GET /contacts?filter=email:~"…"&${PAGE}&sort[name]=asc`,
    ],
    'Contatos: busca por e-mail (exata, ou por trecho se a sondagem foi aceita)',
  ),
  read(
    [`GET /contacts?filter=phone:(…)&${PAGE}&sort[name]=asc`],
    'Contatos: busca por telefone (as formas do número que o CRM pode ter guardado)',
  ),
  read(
    [`GET /webhooks?${PAGE}`],
    'Webhooks da conta (no login e na manutenção ao iniciar)',
    'atualizações ao vivo',
  ),
];
