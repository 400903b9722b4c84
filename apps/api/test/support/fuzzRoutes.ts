import { WELL_KNOWN } from '@crm-panel/crm-sandbox';

export type FuzzMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request that passes validation: what the fuzzer starts from before it breaks things. */
export interface RouteSample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** One documented operation of the api with what its OpenAPI entry says about its input. */
export interface FuzzRoute {
  method: FuzzMethod;
  /** The OpenAPI path, e.g. '/api/rdstation/deals/{id}/products/{productId}'. */
  path: string;
  /** Sends x-user-id / x-system-key (every route except health and the OAuth callback). */
  identified: boolean;
  /** Query parameter names the route documents. */
  queryNames: string[];
  /** Answers pt-BR HTML pages (the OAuth callback opens in a browser). */
  html: boolean;
  /** Answers a CSV file (the audit export). */
  csv: boolean;
  sample: RouteSample;
}

export interface FuzzFixtures {
  /** A task of the demo deal (the sandbox gives tasks no well-known id). */
  taskId: string;
  /** The loopback chat host new tenants point at. */
  chatDomain: string;
}

interface OpenApiParameter {
  name: string;
  in: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}

const acme = WELL_KNOWN.account1;
const { deals, contact, users, pipelines, products, dealProducts } = acme;
const list = { limit: '5', page: '1', direction: 'asc' };

/**
 * A valid sample per operation, keyed 'METHOD /openapi/path'. The suite fails when an operation
 * of the OpenAPI document has no entry here, so a new route cannot escape the fuzzer.
 */
export function routeSamples(fixtures: FuzzFixtures): Record<string, RouteSample> {
  const idOf = (id: string) => ({ params: { id } });
  return {
    'GET /api/health': {},
    'GET /api/events': {},
    'POST /api/webhooks/rdstation/{token}': {
      params: { token: 'A'.repeat(43) },
      body: {
        event_name: 'crm_deal_updated',
        document: { id: deals.implantacao.id },
        transaction_uuid: 'f111b90-ec81-4353-8d52-ffd3b8df412d',
      },
    },
    'POST /api/session': { body: {} },
    'POST /api/session/renew': { body: {} },
    'GET /api/rdstation/auth/begin': { query: { ticket: 'bilhete' } },
    'GET /api/rdstation/credentials/status': {},
    'POST /api/rdstation/credentials': {
      body: {
        clientId: acme.clientId,
        clientSecret: acme.clientSecret,
        redirectUri: 'http://127.0.0.1:3333/api/rdstation/auth/callback',
        securityPassword: 'senha-fuzz-123',
        confirmSecurityPassword: 'senha-fuzz-123',
        defaultChatDomain: fixtures.chatDomain,
      },
    },
    // Never the right password: the fuzzer must not remove the tenant it works in.
    'DELETE /api/rdstation/credentials': { body: { securityPassword: 'senha-errada' } },
    'GET /api/rdstation/terms/status': {},
    'POST /api/rdstation/terms/accept': { body: {} },
    'GET /api/rdstation/auth/start': {},
    'GET /api/rdstation/auth/callback': {
      query: { code: 'codigo', state: 'estado', window_proof: 'segredo-da-janela' },
    },
    'POST /api/rdstation/auth/confirm': { body: { confirm: 'segredo', userId: users.ana.id } },
    'GET /api/rdstation/auth/status': {},
    'POST /api/rdstation/auth/revoke': { body: {} },
    'POST /api/rdstation/auth/tab/start': {
      body: { returnTo: 'https://acme.example/atendimento' },
    },
    'POST /api/rdstation/auth/tab/redeem': { body: { redeem: 'codigo-de-resgate' } },
    'POST /api/rdstation/auth/v1-token': { body: { apiV1Token: 'token-desconhecido' } },
    'GET /api/rdstation/user/profile': {},
    'GET /api/rdstation/auth/crm-users': {},
    // Another user than the signed-in one: a claim, refused once the user is decided (409).
    'POST /api/rdstation/auth/crm-user': { body: { userId: users.bruno.id } },
    'GET /api/chat/{id}/messages': {
      params: { id: 'atendimento-1' },
      query: { channelId: 'canal-1' },
    },
    'GET /api/rdstation/contacts': { query: { ...list, filter: 'name:~"Costa"' } },
    'POST /api/rdstation/contacts': {
      body: {
        name: 'Contato do fuzz',
        emails: [{ email: 'fuzz@example.com' }],
        phones: [{ phone: '+5511999990000', type: 'cellphone' }],
      },
    },
    'GET /api/rdstation/contacts/{id}': idOf(contact.id),
    'PUT /api/rdstation/contacts/{id}': {
      ...idOf(contact.id),
      body: { job_title: 'Gerente' },
    },
    'POST /api/rdstation/contacts/with-mapping': {
      body: { contact: { name: 'Contato vinculado do fuzz' }, contactId: 'host-contato-fuzz' },
    },
    'GET /api/rdstation/contact-mapping/{id}': idOf('host-contato-1'),
    'POST /api/rdstation/contact-mapping': {
      body: { contactId: 'host-contato-1', rdstationContactId: contact.id },
    },
    'GET /api/rdstation/contact/{id}/last-deal': idOf(contact.id),
    'POST /api/rdstation/contact/{id}/last-deal': {
      ...idOf(contact.id),
      body: { dealId: deals.implantacao.id },
    },
    'GET /api/rdstation/organizations': { query: list },
    'GET /api/rdstation/organizations/{id}': idOf(acme.organization.id),
    'GET /api/rdstation/users': { query: list },
    'GET /api/rdstation/users/{id}': idOf(users.ana.id),
    'GET /api/rdstation/sources': { query: list },
    'GET /api/rdstation/sources/{id}': idOf(acme.sources.indicacao.id),
    'GET /api/rdstation/campaigns': { query: list },
    'GET /api/rdstation/campaigns/{id}': idOf(acme.campaigns.webinar.id),
    'GET /api/rdstation/custom-fields': { query: list },
    'GET /api/rdstation/lost-reasons': { query: list },
    'GET /api/rdstation/products': { query: list },
    'GET /api/rdstation/products/{id}': idOf(products.planoPro.id),
    'GET /api/rdstation/pipelines': { query: list },
    'GET /api/rdstation/pipelines/{id}': idOf(pipelines.vendas.id),
    'GET /api/rdstation/pipelines/{id}/stages': { ...idOf(pipelines.vendas.id), query: list },
    'GET /api/rdstation/pipelines/{pipelineId}/stages/{stageId}': {
      params: {
        pipelineId: pipelines.vendas.id,
        stageId: pipelines.vendas.stages[0].id,
      },
    },
    'GET /api/rdstation/deals': {
      query: { ...list, order: 'name', filter: `contact_ids:"${contact.id}"` },
    },
    'POST /api/rdstation/deals': {
      body: {
        name: 'Negociação do fuzz',
        pipeline_id: pipelines.vendas.id,
        stage_id: pipelines.vendas.stages[0].id,
        owner_id: users.ana.id,
        rating: 3,
      },
    },
    'GET /api/rdstation/deals/{id}': idOf(deals.implantacao.id),
    'PUT /api/rdstation/deals/{id}': {
      ...idOf(deals.treinamento.id),
      body: { rating: 4, name: 'Treinamento da equipe - Costa & Filhos' },
    },
    'GET /api/rdstation/deals/{id}/notes': idOf(deals.implantacao.id),
    'POST /api/rdstation/deals/{id}/notes': {
      ...idOf(deals.treinamento.id),
      body: { description: '<p>Nota do fuzz</p>', user_id: users.ana.id },
    },
    'GET /api/rdstation/tasks': {
      query: { ...list, filter: `deal_id:"${deals.implantacao.id}"` },
    },
    'POST /api/rdstation/tasks': {
      body: {
        name: 'Tarefa do fuzz',
        type: 'call',
        due_date: '2030-01-15T10:00:00-03:00',
        owner_ids: [users.ana.id],
        deal_id: deals.treinamento.id,
      },
    },
    'GET /api/rdstation/tasks/{id}': idOf(fixtures.taskId),
    'PUT /api/rdstation/tasks/{id}': { ...idOf(fixtures.taskId), body: { status: 'open' } },
    'GET /api/rdstation/deals/{id}/products': idOf(deals.implantacao.id),
    'POST /api/rdstation/deals/{id}/products': {
      ...idOf(deals.treinamento.id),
      body: {
        product_id: products.suporte.id,
        price: 100,
        quantity: 2,
        discount: 10,
        discount_type: 'percentage',
      },
    },
    'PUT /api/rdstation/deals/{id}/products/{productId}': {
      params: { id: deals.implantacao.id, productId: dealProducts.implantacaoOneTimeAmount },
      body: { quantity: 1 },
    },
    'DELETE /api/rdstation/deals/{id}/products/{productId}': {
      params: { id: deals.treinamento.id, productId: dealProducts.treinamentoPercentage },
    },
    'GET /api/audit': {
      query: {
        person: 'alice',
        recordType: 'deal',
        recordId: deals.implantacao.id,
        from: '2026-01-01',
        to: '2026-12-31',
        limit: '10',
      },
    },
    'GET /api/audit.csv': { query: { recordType: 'deal', from: '2026-01-01' } },
    'GET /api/audit/people': {},
    'POST /api/novus/diagnostics': {
      body: {
        systemKey: 'tenant-fuzz',
        report: {
          hostOrigin: 'https://acme.novuscrm.com.br',
          origins: { parameter: null, referrer: null, ancestor: null },
          urlTenant: 'tenant-fuzz',
          userInfo: { at: '2026-12-05T10:00:00.000Z', reply: { id: 'u-1' } },
          lastEvent: null,
          understood: { userId: 'u-1', systemKey: 'tenant-fuzz' },
          unexpected: [],
        },
      },
    },
    'GET /api/novus/mapping': { query: { systemKey: 'tenant-fuzz' } },
    'GET /api/novus/diagnostics': {},
    'PUT /api/novus/mapping': {
      body: {
        user: { userId: ['id'], systemKey: [] },
        attendance: { attendanceId: ['id'], channelId: [], description: [] },
        contact: { id: ['id'], name: [], secondaryName: [], phone: ['numero'] },
        chatMessagesEndpoint: '',
        chatMessagesHost: '',
      },
    },
  };
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE']);

/** Every operation of the served OpenAPI document, with its sample (throws when one is missing). */
export function routesOf(doc: OpenApiDocument, samples: Record<string, RouteSample>): FuzzRoute[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([lower, operation]) => {
      const method = lower.toUpperCase();
      if (!METHODS.has(method)) throw new Error(`método não previsto no fuzz: ${method} ${path}`);
      const key = `${method} ${path}`;
      const sample = samples[key];
      if (!sample) throw new Error(`sem amostra para ${key} em fuzzRoutes.ts`);
      const parameters = operation.parameters ?? [];
      return {
        method: method as FuzzMethod,
        path,
        identified: parameters.some((p) => p.in === 'header' && p.name === 'x-user-id'),
        queryNames: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        html: [
          '/api/rdstation/auth/callback',
          '/api/rdstation/auth/begin',
          '/api/rdstation/auth/confirm',
        ].includes(path),
        csv: path === '/api/audit.csv',
        sample,
      };
    }),
  );
}

/** '/a/{id}/b' with { id: 'x%2F' } → '/a/x%2F/b' (values are put in as given: already encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => params[name] ?? '');
}
