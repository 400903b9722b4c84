// MSW 2 request handlers for every /api/* route of PRODUCT.md §7, backed by an in-memory db, so a write
// shows up in later reads. Usable from jest (msw/node) and from a page (msw/browser): nothing here
// imports a Node-only module.
import { delay, http, type HttpHandler, HttpResponse, type JsonBodyType } from 'msw';
import {
  AUDIT_CSV_HEAD,
  auditCsvLines,
  type AuditEntry,
  type AuditPerson,
  contactIdOf,
  CRM_USER_REQUIRED_CODE,
  CRM_USER_TEXTS,
  type ContactPayload,
  type DealCreatePayload,
  type DealProduct,
  type DealProductPayload,
  MESSAGES,
  type TaskCreatePayload,
} from '@crm-panel/crm-model';
import {
  CONTACT_CRM_DEFAULTS,
  type CrmContact,
  type CrmDeal,
  type CrmDealProduct,
  type CrmNote,
  type CrmTask,
} from './fixtures';
import { createSchemaChecker, WIRE_ROUTES } from '@crm-panel/crm-model/schemas';
import { type CapturedRequest, createMockDb, type MockDb, type MockState } from './mockDb';
import { applyFilter, MockFilterError } from './mockRdql';
import { mockEventStream } from './mockLiveFeed';

/** The api's own texts for the answers the mock gives (same wording as apps/api). */
/** The redeem code the mock's tab sign-in hands out (POST auth/tab/start). */
export const MOCK_TAB_REDEEM_CODE = 'codigo-de-resgate-do-painel';

export const MOCK_API_MESSAGES = {
  pipelineWithoutStages: 'Este funil não tem etapas; escolha outro.',
  tabSignInGone: 'Este login não foi encontrado ou expirou. Inicie o login novamente pelo painel.',
  identityMissing:
    'Cabeçalhos de identificação ausentes: envie x-user-id e x-system-key para identificar o usuário e o sistema.',
  credentialsNotConfigured:
    'Credenciais não configuradas. Configure a integração com o RD Station CRM para continuar.',
  credentialsAlreadyConfigured:
    'A integração já está configurada. Remova a integração antes de configurá-la novamente.',
  sessionMissing: 'Você não está conectado ao RD Station CRM. Faça login para continuar.',
  notFound: 'Registro não encontrado no RD Station CRM.',
  rejected: 'O RD Station CRM recusou os dados enviados',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  invalidBody: 'O corpo da requisição não segue o contrato da api.',
  invalidQuery: 'Parâmetros de consulta inválidos.',
  panelSessionRequired: 'Sessão do painel ausente. Recarregue o painel para entrar novamente.',
  crmUserUnknown: 'Este usuário não existe no RD Station CRM. Escolha um usuário da lista.',
  auditAdminRequired: 'Apenas administradores podem ver o histórico de alterações.',
  auditPasswordRequired: 'Informe a senha de segurança para ver o histórico de alterações.',
  crmUserAlreadyChosen:
    'Você já foi identificado no RD Station CRM nesta conexão. Para trocar de usuário, saia e entre novamente.',
} as const;

/** How long the mock's panel sessions last (the api's: 15 minutes). */
export const MOCK_SESSION_TTL_MS = 15 * 60_000;

/** Which checks a route makes before answering, as the api does. */
type Gate = 'identity' | 'credentials' | 'crm';

interface RouteContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  body: unknown;
  state: MockState;
  db: MockDb;
}

type Resolver = (context: RouteContext) => Response;

export interface CreateHandlersOptions {
  /** Origin the api client is configured with ('' = same origin as the page). */
  baseURL?: string;
  /** Shared with the test or page that wants to seed or inspect it; a fresh seeded db otherwise. */
  db?: MockDb;
  /** Artificial latency for every answer (dev pages); 0 in tests. */
  delayMs?: number;
}

const json = (body: unknown, status = 200): Response =>
  HttpResponse.json(body as JsonBodyType, { status });
/**
 * The api's own answers (terms, credentials, auth, last deal) go bare, as `json`; the rest
 * (profile, mappings, chat, CRM user, lists) in a `{ data }` envelope.
 */
const payload = (value: unknown, status = 200): Response => json({ data: value }, status);
const record = (value: unknown, status = 200): Response => json({ data: { data: value } }, status);
const fail = (status: number, message: string): Response => json({ message }, status);
const notFound = (): Response => fail(404, MOCK_API_MESSAGES.notFound);

const asRecord = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const cents = (value: number): number => Math.round(value * 100) / 100;

/** created_at and updated_at of a record created now. */
function timestamps(): { created_at: string; updated_at: string } {
  const now = new Date().toISOString();
  return { created_at: now, updated_at: now };
}

/** A changed record's updated_at (records seeded without one keep none). */
function touch(found: object): void {
  if ('updated_at' in found) Object.assign(found, { updated_at: new Date().toISOString() });
}

function dealProductTotal(
  item: Pick<DealProduct, 'price' | 'quantity' | 'discount' | 'discount_type'>,
): number {
  const gross = item.price * item.quantity;
  const discounted =
    item.discount_type === 'percentage'
      ? gross * (1 - item.discount / 100)
      : item.discount_type === 'amount'
        ? gross - item.discount
        : gross;
  return cents(Math.max(0, discounted));
}

function refreshDealTotal(state: MockState, dealId: string): void {
  const deal = state.deals.find((item) => item.id === dealId);
  if (!deal) return;
  deal.total_price = cents(
    (state.dealProducts[dealId] ?? []).reduce((sum, item) => sum + item.total_price, 0),
  );
}

/** Ascending (×1) or descending (×-1) by one field; records without a value always come last. */
function compare(a: unknown, b: unknown, direction: 1 | -1): number {
  const missingA = a === null || a === undefined;
  const missingB = b === null || b === undefined;
  if (missingA || missingB) return Number(missingA) - Number(missingB);
  if (typeof a === 'number' && typeof b === 'number') return direction * (a - b);
  return direction * String(a).localeCompare(String(b), 'pt-BR', { sensitivity: 'base' });
}

function intParam(url: URL, name: string, fallback: number): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
}

/** A list answer like the api's: filter, order, page, and links.next while more pages exist. */
function list<T extends object>(url: URL, items: T[]): Response {
  const limit = intParam(url, 'limit', 20);
  const page = intParam(url, 'page', 1);
  if (limit === null || page === null || limit < 1 || limit > 200 || page < 1) {
    return fail(400, MOCK_API_MESSAGES.invalidQuery);
  }
  const filtered = applyFilter(items, url.searchParams.get('filter'));
  const order = url.searchParams.get('order');
  const direction = url.searchParams.get('direction') === 'desc' ? -1 : 1;
  const sorted = order
    ? [...filtered].sort((a, b) =>
        compare(
          (a as Record<string, unknown>)[order],
          (b as Record<string, unknown>)[order],
          direction,
        ),
      )
    : filtered;
  const start = (page - 1) * limit;
  const links: { next?: string } = {};
  if (start + limit < sorted.length) {
    const next = new URLSearchParams(url.searchParams);
    next.set('page', String(page + 1));
    links.next = `${url.pathname}?${next.toString()}`;
  }
  return payload({ data: sorted.slice(start, start + limit), links });
}

function capture(request: Request, url: URL, body: unknown): CapturedRequest {
  const header = (name: string): string | undefined => request.headers.get(name) ?? undefined;
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams.entries()),
    body,
    headers: {
      'x-user-id': header('x-user-id'),
      'x-system-key': header('x-system-key'),
      'x-cache-bypass': header('x-cache-bypass'),
      'x-attendance-id': header('x-attendance-id'),
      'x-chat-id': header('x-chat-id'),
      'x-contact-name': header('x-contact-name'),
      'x-channel-name': header('x-channel-name'),
      'x-security-password': header('x-security-password'),
      authorization: header('authorization'),
    },
  };
}

async function readBody(request: Request): Promise<{ body: unknown; invalid: boolean }> {
  const raw = await request.text();
  if (raw.trim() === '') return { body: undefined, invalid: false };
  try {
    return { body: JSON.parse(raw) as unknown, invalid: false };
  } catch {
    return { body: raw, invalid: true };
  }
}

/** The api's admin gate of the audit trail (apps/api routes/audit.ts), as the knob says. */
function auditRefusal(request: Request, state: MockState): Response | null {
  const { access } = state.audit;
  if (access === 'attendant')
    return json({ message: MOCK_API_MESSAGES.auditAdminRequired, code: 'admin_required' }, 403);
  if (access === 'admin') return null;
  const password = request.headers.get('x-security-password');
  if (!password)
    return json(
      { message: MOCK_API_MESSAGES.auditPasswordRequired, code: 'security_password_required' },
      403,
    );
  return password === state.integration.securityPassword
    ? null
    : fail(403, MESSAGES.credentials.wrongSecurityPassword);
}

/** The audit entries of the query's filters (dates compared as yyyy-mm-dd), newest first. */
function auditEntries(url: URL, state: MockState): AuditEntry[] {
  const q = (name: string) => url.searchParams.get(name);
  return state.audit.entries.filter((entry) => {
    const day = entry.at.slice(0, 10);
    return (
      (!q('person') || entry.actor.userId === q('person')) &&
      (!q('recordType') || entry.record.type === q('recordType')) &&
      (!q('recordId') || entry.record.id === q('recordId')) &&
      (!q('from') || day >= (q('from') ?? '')) &&
      (!q('to') || day <= (q('to') ?? ''))
    );
  });
}

/** One page after the entry named by `cursor`, and links.next while more are left. */
function auditPage(url: URL, state: MockState): Response {
  const entries = auditEntries(url, state);
  const limit = intParam(url, 'limit', 50) ?? 50;
  const cursor = url.searchParams.get('cursor');
  const start = cursor ? entries.findIndex((entry) => entry.id === cursor) + 1 : 0;
  const shown = entries.slice(start, start + limit);
  const last = shown[shown.length - 1];
  const links: { next?: string } = {};
  if (last && start + limit < entries.length) {
    const next = new URLSearchParams(url.searchParams);
    next.set('cursor', last.id);
    links.next = `${url.pathname}?${next.toString()}`;
  }
  return payload({ data: shown, links });
}

/**
 * The api's export clock: 'dd/mm/yyyy HH:mm' in São Paulo. The api formats with libs/format, which
 * api-client may not import (module boundaries); pt-BR's own pattern differs only by the comma.
 */
const AUDIT_CSV_CLOCK = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The export as the api writes it (crm-model's lines): UTF-8 with BOM, one line per field. */
function auditCsv(url: URL, state: MockState): Response {
  const lines = auditEntries(url, state).flatMap((entry) =>
    auditCsvLines(entry, AUDIT_CSV_CLOCK.format(new Date(entry.at)).replace(', ', ' ')),
  );
  return new HttpResponse(AUDIT_CSV_HEAD + lines.join(''), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="historico-de-alteracoes.csv"',
    },
  });
}

/** The trail's people as the api lists them: each user id once, named by their latest entry. */
function auditPeople(state: MockState): Response {
  const people = new Map<string, AuditPerson>();
  for (const { actor } of state.audit.entries) {
    if (actor.userId === null || people.has(actor.userId)) continue;
    people.set(actor.userId, {
      userId: actor.userId,
      name: actor.name ?? actor.userId,
      verified: actor.verified,
    });
  }
  const data = [...people.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return payload({ data, links: {} });
}

function gateFailure(state: MockState, gate: Gate): Response | null {
  if (gate === 'identity') return null;
  if (!state.integration.credentialsConfigured)
    return fail(428, MOCK_API_MESSAGES.credentialsNotConfigured);
  if (gate === 'crm' && !state.integration.authenticated)
    return fail(401, MOCK_API_MESSAGES.sessionMissing);
  return null;
}

function stringParams(
  params: Record<string, string | readonly string[] | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join('/') : String(value ?? ''),
    ]),
  );
}

const checkBody = createSchemaChecker();
const checkAnswer = createSchemaChecker({ removeAdditional: false, useDefaults: false });

/**
 * A mock answer outside the wire contract (`WIRE_ROUTES`, the schemas the api declares on the
 * same route) is the mock's bug: a 500 that names it, never a quiet pass.
 */
async function checkedAnswer(key: string, response: Response): Promise<Response> {
  const reply = WIRE_ROUTES[key]?.reply;
  if (!reply || !response.ok || response.status === 204) return response;
  const check = checkAnswer(reply, await response.clone().json());
  return check.ok
    ? response
    : fail(500, `Resposta do mock fora do esquema em ${key}: ${check.error}`);
}

export function createHandlers(options: CreateHandlersOptions = {}): HttpHandler[] {
  const { baseURL = '', delayMs = 0 } = options;
  const db = options.db ?? createMockDb();
  const origin = baseURL.replace(/\/+$/, '');
  let sessionsIssued = 0;

  /**
   * A panel session like the api's answer (bare, not in `{ data }`). The mock hands tokens out
   * but does not ask for them on other routes: pages and tests with sessions off work alike.
   */
  const issueSession = (request: Request, body: unknown, status: number): Response => {
    const input = asRecord(body);
    if (input.assertion !== undefined && text(input.assertion).trim() === '') {
      return fail(400, MOCK_API_MESSAGES.invalidJson);
    }
    sessionsIssued += 1;
    return json(
      {
        token: `mock-session-token-${String(sessionsIssued).padStart(6, '0')}`,
        expiresAt: Date.now() + MOCK_SESSION_TTL_MS,
        userId: request.headers.get('x-user-id')?.trim() ?? '',
        systemKey: request.headers.get('x-system-key')?.trim() ?? '',
        role: null,
        stage: 'full',
        method: input.assertion === undefined ? 'crm' : 'assertion',
      },
      status,
    );
  };

  const route = (
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    gate: Gate,
    resolve: Resolver,
  ) =>
    http[method](`${origin}${path}`, async ({ request, params }) => {
      if (delayMs > 0) await delay(delayMs);
      const url = new URL(request.url);
      const { body, invalid } = await readBody(request);
      db.requests.push(capture(request, url, body));
      if (invalid) return fail(400, MOCK_API_MESSAGES.invalidJson);
      if (
        !request.headers.get('x-user-id')?.trim() ||
        !request.headers.get('x-system-key')?.trim()
      ) {
        return fail(400, MOCK_API_MESSAGES.identityMissing);
      }
      const blocked = gateFailure(db.state, gate);
      if (blocked) return blocked;
      const key = `${method} ${path}`;
      // Each body as the api checks it: the same schema and Ajv options (unknown fields dropped,
      // wrong types refused).
      const bodySchema = WIRE_ROUTES[key]?.body;
      // The request log keeps what the panel sent; the route sees what the api would pass on.
      const accepted: unknown = bodySchema ? structuredClone(body) : body;
      if (bodySchema) {
        const check = checkBody(bodySchema, accepted);
        if (!check.ok) return fail(400, `${MOCK_API_MESSAGES.invalidBody} (${check.error})`);
      }
      try {
        const response = resolve({
          request,
          url,
          params: stringParams(params),
          body: accepted,
          state: db.state,
          db,
        });
        return await checkedAnswer(key, response);
      } catch (error) {
        if (error instanceof MockFilterError) return fail(422, error.message);
        throw error;
      }
    });

  /** GET list + GET one of a reference collection. */
  const referenceRoutes = <T extends { id: string }>(
    path: string,
    items: (state: MockState) => T[],
  ) => [
    route('get', `/api/rdstation/${path}`, 'crm', ({ url, state }) => list(url, items(state))),
    route('get', `/api/rdstation/${path}/:id`, 'crm', ({ params, state }) => {
      const found = items(state).find((item) => item.id === params.id);
      return found ? record(found) : notFound();
    }),
  ];

  const createContact = (state: MockState, input: ContactPayload): CrmContact => {
    const contact: CrmContact = {
      id: db.nextId('contact'),
      name: input.name,
      organization_id: input.organization_id ?? null,
      // RD v2 answers e-mails as { email }: the type the panel sends is not kept (as the sandbox).
      emails: (input.emails ?? []).map(({ email }) => ({ email })),
      phones: input.phones ?? [],
      job_title: input.job_title ?? null,
      ...CONTACT_CRM_DEFAULTS,
      ...timestamps(),
    };
    state.contacts.push(contact);
    return contact;
  };

  const authStatusOf = (state: MockState) => {
    const { authenticated, crmUserChosen, signInMethod } = state.integration;
    return {
      authenticated,
      userId: authenticated ? state.profile.id : null,
      method: authenticated ? signInMethod : null,
      crmUserRequired: authenticated && !crmUserChosen,
      crmUserSource: authenticated && crmUserChosen ? 'attendant-claim' : null,
    };
  };

  return [
    // --- panel session (apps/api 'Identity') ---------------------------------------------
    route('post', '/api/session', 'identity', ({ request, body }) =>
      issueSession(request, body, 201),
    ),
    route('post', '/api/session/renew', 'identity', ({ request, body }) =>
      /^Bearer \S+$/.test(request.headers.get('authorization') ?? '')
        ? issueSession(request, body, 200)
        : json({ message: MOCK_API_MESSAGES.panelSessionRequired, code: 'session_required' }, 401),
    ),

    // --- chat ----------------------------------------------------------------------------
    route('get', '/api/chat/:id/messages', 'credentials', ({ url, params, state }) => {
      if (!url.searchParams.get('channelId')) return fail(400, MOCK_API_MESSAGES.invalidQuery);
      return payload(state.chatMessages[params.id ?? ''] ?? []);
    }),

    // --- authentication ------------------------------------------------------------------
    route('get', '/api/rdstation/auth/start', 'credentials', ({ state }) =>
      json({ authUrl: state.integration.authUrl }),
    ),
    route('get', '/api/rdstation/auth/status', 'identity', ({ state }) =>
      json(authStatusOf(state)),
    ),
    // The tab's sign-in: a test completes it by setting `integration.authenticated`.
    route('post', '/api/rdstation/auth/tab/start', 'credentials', ({ state }) =>
      json({
        authUrl: state.integration.authUrl,
        redeem: MOCK_TAB_REDEEM_CODE,
        expiresAt: Date.now() + 10 * 60_000,
      }),
    ),
    route('post', '/api/rdstation/auth/tab/redeem', 'identity', ({ body, state }) => {
      if (text(asRecord(body).redeem) !== MOCK_TAB_REDEEM_CODE)
        return fail(404, MOCK_API_MESSAGES.tabSignInGone);
      return state.integration.authenticated
        ? json({ done: true, status: authStatusOf(state) })
        : json({ done: false });
    }),
    route('get', '/api/rdstation/auth/crm-users', 'crm', ({ state }) =>
      payload({
        users: state.users.map(({ id, name, email }) => ({ id, name, email })),
        suggestedId: state.integration.crmUserChosen
          ? state.profile.id
          : state.integration.suggestedCrmUserId,
      }),
    ),
    route('post', '/api/rdstation/auth/crm-user', 'crm', ({ body, state }) => {
      const user = state.users.find((candidate) => candidate.id === text(asRecord(body).userId));
      if (!user) return fail(400, MOCK_API_MESSAGES.crmUserUnknown);
      if (state.integration.crmUserChosen)
        return json(
          { message: MOCK_API_MESSAGES.crmUserAlreadyChosen, code: 'crm_user_chosen' },
          409,
        );
      state.integration.crmUserChosen = true;
      state.profile = { ...state.profile, id: user.id, name: user.name, email: user.email };
      const { id, name, email } = user;
      return payload({ id, name, email, source: 'attendant-claim' });
    }),
    route('post', '/api/rdstation/auth/revoke', 'identity', ({ state }) => {
      state.integration.authenticated = false;
      return json({ success: true });
    }),
    route('post', '/api/rdstation/auth/v1-token', 'identity', ({ body, state }) => {
      const token = text(asRecord(body).apiV1Token).trim();
      if (token === '') return fail(400, MESSAGES.auth.apiV1TokenRequired);
      if (!state.integration.credentialsConfigured)
        return fail(428, MOCK_API_MESSAGES.credentialsNotConfigured);
      if (token !== state.integration.validApiV1Token) return fail(401, MESSAGES.auth.invalidToken);
      state.integration.authenticated = true;
      state.integration.signInMethod = 'api-v1';
      // A v1 token alone reaches no v2 call: there is no CRM user to choose.
      return json({
        authenticated: true,
        userId: state.profile.id,
        method: 'api-v1',
        crmUserRequired: false,
        crmUserSource: null,
      });
    }),

    // --- credentials ---------------------------------------------------------------------
    route('get', '/api/rdstation/credentials/status', 'identity', ({ state }) =>
      json({
        configured: state.integration.credentialsConfigured,
        redirectUri: state.integration.redirectUri,
        // The mock world's host signs its attendants: no setup code is asked.
        setupCodeRequired: false,
        ...(state.integration.credentialsConfigured
          ? { liveUpdates: state.integration.liveUpdates }
          : {}),
      }),
    ),
    route('post', '/api/rdstation/credentials', 'identity', ({ body, state }) => {
      const input = asRecord(body);
      const C = MESSAGES.credentials;
      const missing: Array<[string, string]> = [
        ['clientId', C.clientIdRequired],
        ['clientSecret', C.clientSecretRequired],
        ['redirectUri', C.redirectUriRequired],
        ['defaultChatDomain', C.chatDomainRequired],
      ];
      for (const [key, message] of missing) {
        if (text(input[key]).trim() === '') return fail(400, message);
      }
      const password = text(input.securityPassword);
      if (password === '') return fail(400, C.securityPasswordRequired);
      if (password.length < 6) return fail(400, C.passwordMinLength);
      if (state.integration.credentialsConfigured)
        return fail(409, MOCK_API_MESSAGES.credentialsAlreadyConfigured);
      const redirectUri = text(input.redirectUri).trim();
      state.integration.credentialsConfigured = true;
      state.integration.securityPassword = password;
      state.integration.redirectUri = redirectUri;
      return json({ success: true, redirectUri }, 201);
    }),
    route('delete', '/api/rdstation/credentials', 'identity', ({ body, state }) => {
      const password = text(asRecord(body).securityPassword);
      if (password === '') return fail(400, MESSAGES.credentials.securityPasswordRequired);
      if (!state.integration.credentialsConfigured)
        return fail(428, MOCK_API_MESSAGES.credentialsNotConfigured);
      if (password !== state.integration.securityPassword)
        return fail(403, MESSAGES.credentials.wrongSecurityPassword);
      state.integration.credentialsConfigured = false;
      state.integration.authenticated = false;
      return json({ usersAffected: state.integration.usersAffected });
    }),

    // --- live updates --------------------------------------------------------------
    // Not through route(): no latency, no JSON body, and kept out of db.requests (a panel's
    // stream is always open; tests of what a screen reads count reads). db.live.open counts it.
    http.get(`${origin}/api/events`, ({ request }) => {
      if (
        !request.headers.get('x-user-id')?.trim() ||
        !request.headers.get('x-system-key')?.trim()
      ) {
        return fail(400, MOCK_API_MESSAGES.identityMissing);
      }
      return mockEventStream(db.live, request.signal);
    }),

    // --- audit trail (admins) ------------------------------------------------------------
    route(
      'get',
      '/api/audit',
      'crm',
      ({ request, url, state }) => auditRefusal(request, state) ?? auditPage(url, state),
    ),
    route(
      'get',
      '/api/audit/people',
      'crm',
      ({ request, state }) => auditRefusal(request, state) ?? auditPeople(state),
    ),
    route(
      'get',
      '/api/audit.csv',
      'crm',
      ({ request, url, state }) => auditRefusal(request, state) ?? auditCsv(url, state),
    ),

    // --- terms ---------------------------------------------------------------------------
    route('get', '/api/rdstation/terms/status', 'identity', ({ state }) =>
      json({ accepted: state.integration.termsAccepted }),
    ),
    route('post', '/api/rdstation/terms/accept', 'identity', ({ state }) => {
      state.integration.termsAccepted = true;
      return json({ accepted: true });
    }),

    // --- profile -------------------------------------------------------------------------
    route('get', '/api/rdstation/user/profile', 'crm', ({ state }) =>
      state.integration.crmUserChosen
        ? payload(state.profile)
        : json({ message: CRM_USER_TEXTS.required, code: CRM_USER_REQUIRED_CODE }, 409),
    ),

    // --- contacts ------------------------------------------------------------------------
    route('get', '/api/rdstation/contacts', 'crm', ({ url, state }) => list(url, state.contacts)),
    route('post', '/api/rdstation/contacts/with-mapping', 'crm', ({ body, state }) => {
      const input = asRecord(body);
      const contactInput = asRecord(input.contact);
      const hostContactId = text(input.contactId).trim();
      if (text(contactInput.name).trim() === '' || hostContactId === '')
        return fail(400, MOCK_API_MESSAGES.rejected);
      const contact = createContact(state, contactInput as unknown as ContactPayload);
      state.contactMappings[hostContactId] = contactIdOf(contact) ?? contact.id;
      return payload({ success: true, contact }, 201);
    }),
    route('post', '/api/rdstation/contacts', 'crm', ({ body, state }) => {
      const input = asRecord(body);
      if (text(input.name).trim() === '') return fail(422, MOCK_API_MESSAGES.rejected);
      return record(createContact(state, input as unknown as ContactPayload), 201);
    }),
    route('get', '/api/rdstation/contacts/:id', 'crm', ({ params, state }) => {
      const found = state.contacts.find((item) => item.id === params.id);
      return found ? record(found) : notFound();
    }),
    route('put', '/api/rdstation/contacts/:id', 'crm', ({ params, body, state }) => {
      const found = state.contacts.find((item) => item.id === params.id);
      if (!found) return notFound();
      const input = asRecord(body);
      if (typeof input.name === 'string') found.name = input.name;
      if ('organization_id' in input)
        found.organization_id = (input.organization_id as string | null) ?? null;
      touch(found);
      return record(found);
    }),
    route('get', '/api/rdstation/contact-mapping/:id', 'identity', ({ params, state }) => {
      const rdstationContactId = state.contactMappings[params.id ?? ''] ?? null;
      if (rdstationContactId === null) return payload({ mapped: false, rdstationContactId });
      const lastDealId = state.lastDeals[rdstationContactId] ?? null;
      return payload({ mapped: true, rdstationContactId, lastDealId });
    }),
    route('post', '/api/rdstation/contact-mapping', 'identity', ({ body, state }) => {
      const input = asRecord(body);
      const contactId = text(input.contactId);
      const rdstationContactId = text(input.rdstationContactId);
      if (contactId === '' || rdstationContactId === '')
        return fail(400, MOCK_API_MESSAGES.rejected);
      state.contactMappings[contactId] = rdstationContactId;
      return payload({ mapped: true, rdstationContactId });
    }),
    route('get', '/api/rdstation/contact/:id/last-deal', 'identity', ({ params, state }) =>
      json({ dealId: state.lastDeals[params.id ?? ''] ?? null }),
    ),
    route('post', '/api/rdstation/contact/:id/last-deal', 'identity', ({ params, body, state }) => {
      const input = asRecord(body);
      if (!('dealId' in input)) return fail(400, MOCK_API_MESSAGES.rejected);
      const dealId = typeof input.dealId === 'string' ? input.dealId : null;
      state.lastDeals[params.id ?? ''] = dealId;
      return json({ dealId });
    }),

    // --- reference data ------------------------------------------------------------------
    ...referenceRoutes('organizations', (state) => state.organizations),
    ...referenceRoutes('users', (state) => state.users),
    ...referenceRoutes('sources', (state) => state.sources),
    ...referenceRoutes('campaigns', (state) => state.campaigns),
    route('get', '/api/rdstation/custom-fields', 'crm', ({ url, state }) =>
      list(url, state.customFields),
    ),
    route('get', '/api/rdstation/lost-reasons', 'crm', ({ url, state }) =>
      list(url, state.lostReasons),
    ),
    ...referenceRoutes('products', (state) => state.products),

    // --- pipelines -----------------------------------------------------------------------
    route('get', '/api/rdstation/pipelines', 'crm', ({ url, state }) => list(url, state.pipelines)),
    route('get', '/api/rdstation/pipelines/:id', 'crm', ({ params, state }) => {
      const found = state.pipelines.find((item) => item.id === params.id);
      return found ? record(found) : notFound();
    }),
    route('get', '/api/rdstation/pipelines/:id/stages', 'crm', ({ url, params, state }) => {
      const stages = state.stages[params.id ?? ''];
      return stages ? list(url, stages) : notFound();
    }),
    route(
      'get',
      '/api/rdstation/pipelines/:pipelineId/stages/:stageId',
      'crm',
      ({ params, state }) => {
        const found = (state.stages[params.pipelineId ?? ''] ?? []).find(
          (item) => item.id === params.stageId,
        );
        return found ? record(found) : notFound();
      },
    ),

    // --- deals ---------------------------------------------------------------------------
    route('get', '/api/rdstation/deals', 'crm', ({ url, state }) => list(url, state.deals)),
    route('get', '/api/rdstation/deals/:id', 'crm', ({ params, state }) => {
      const found = state.deals.find((item) => item.id === params.id);
      return found ? record(found) : notFound();
    }),
    route('post', '/api/rdstation/deals', 'crm', ({ body, state }) => {
      const input = asRecord(body) as Partial<DealCreatePayload>;
      if (!input.name?.trim() || !input.pipeline_id || !input.stage_id || !input.owner_id) {
        return fail(422, MOCK_API_MESSAGES.rejected);
      }
      const deal: CrmDeal = {
        id: db.nextId('deal'),
        name: input.name,
        owner_id: input.owner_id,
        source_id: input.source_id ?? null,
        pipeline_id: input.pipeline_id,
        stage_id: input.stage_id,
        rating: input.rating ?? 0,
        status: 'ongoing',
        lost_reason_id: null,
        total_price: 0,
        contact_ids: input.contact_ids ?? [],
        custom_fields: input.custom_fields ?? {},
        organization_id: input.organization_id ?? null,
        campaign_id: input.campaign_id ?? null,
        recurrence_price: 0,
        one_time_price: 0,
        expected_close_date: null,
        closed_at: null,
        ...timestamps(),
      };
      state.deals.push(deal);
      return record(deal, 201);
    }),
    route('put', '/api/rdstation/deals/:id', 'crm', ({ params, body, state }) => {
      const found = state.deals.find((item) => item.id === params.id);
      if (!found) return notFound();
      const update = { ...asRecord(body) };
      // A pipeline move clears the stage; the api lands the deal in the new pipeline's first.
      if (update.stage_id === null && typeof update.pipeline_id === 'string') {
        const first = state.stages[update.pipeline_id]?.[0];
        if (!first) return fail(400, MOCK_API_MESSAGES.pipelineWithoutStages);
        update.stage_id = first.id;
      }
      Object.assign(found, update);
      touch(found);
      return record(found);
    }),

    // --- notes ---------------------------------------------------------------------------
    route('get', '/api/rdstation/deals/:id/notes', 'crm', ({ url, params, state }) => {
      if (!state.deals.some((item) => item.id === params.id)) return notFound();
      return list(url, state.notes[params.id ?? ''] ?? []);
    }),
    route('post', '/api/rdstation/deals/:id/notes', 'crm', ({ params, body, state }) => {
      const dealId = params.id ?? '';
      if (!state.deals.some((item) => item.id === dealId)) return notFound();
      const input = asRecord(body);
      const description = text(input.description);
      if (description.trim() === '') return fail(422, MOCK_API_MESSAGES.rejected);
      const note: CrmNote = {
        id: db.nextId('note'),
        description,
        registered_at: new Date().toISOString(),
        user_id: text(input.user_id) || state.profile.id,
        pinned_at: null,
        edited_by_id: null,
        edited_at: null,
      };
      state.notes[dealId] = [note, ...(state.notes[dealId] ?? [])];
      return record(note, 201);
    }),

    // --- deal products -------------------------------------------------------------------
    route('get', '/api/rdstation/deals/:id/products', 'crm', ({ url, params, state }) => {
      if (!state.deals.some((item) => item.id === params.id)) return notFound();
      return list(url, state.dealProducts[params.id ?? ''] ?? []);
    }),
    route('post', '/api/rdstation/deals/:id/products', 'crm', ({ params, body, state }) => {
      const dealId = params.id ?? '';
      if (!state.deals.some((item) => item.id === dealId)) return notFound();
      const input = asRecord(body) as Partial<DealProductPayload>;
      if (
        !input.product_id ||
        typeof input.price !== 'number' ||
        typeof input.quantity !== 'number'
      ) {
        return fail(422, MOCK_API_MESSAGES.rejected);
      }
      const item: CrmDealProduct = {
        id: db.nextId('deal-product'),
        product_id: input.product_id,
        quantity: input.quantity,
        price: input.price,
        discount: input.discount ?? 0,
        discount_type: input.discount_type ?? null,
        billing_frequency: input.billing_frequency ?? 'one-time',
        total_price: 0,
        ...timestamps(),
      };
      item.total_price = dealProductTotal(item);
      state.dealProducts[dealId] = [...(state.dealProducts[dealId] ?? []), item];
      refreshDealTotal(state, dealId);
      return record(item, 201);
    }),
    route(
      'put',
      '/api/rdstation/deals/:id/products/:productId',
      'crm',
      ({ params, body, state }) => {
        const dealId = params.id ?? '';
        const found = (state.dealProducts[dealId] ?? []).find(
          (item) => item.id === params.productId,
        );
        if (!found) return notFound();
        Object.assign(found, asRecord(body));
        found.total_price = dealProductTotal(found);
        touch(found);
        refreshDealTotal(state, dealId);
        return record(found);
      },
    ),
    route('delete', '/api/rdstation/deals/:id/products/:productId', 'crm', ({ params, state }) => {
      const dealId = params.id ?? '';
      const items = state.dealProducts[dealId] ?? [];
      if (!items.some((item) => item.id === params.productId)) return notFound();
      state.dealProducts[dealId] = items.filter((item) => item.id !== params.productId);
      refreshDealTotal(state, dealId);
      return payload({ deleted: true });
    }),

    // --- tasks ---------------------------------------------------------------------------
    route('get', '/api/rdstation/tasks', 'crm', ({ url, state }) => list(url, state.tasks)),
    route('get', '/api/rdstation/tasks/:id', 'crm', ({ params, state }) => {
      const found = state.tasks.find((item) => item.id === params.id);
      return found ? record(found) : notFound();
    }),
    route('post', '/api/rdstation/tasks', 'crm', ({ body, state }) => {
      const input = asRecord(body) as Partial<TaskCreatePayload>;
      if (!input.name?.trim() || !input.type || !input.deal_id || input.status !== 'open') {
        return fail(422, MOCK_API_MESSAGES.rejected);
      }
      const task: CrmTask = {
        id: db.nextId('task'),
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        due_date: input.due_date ?? null,
        status: 'open',
        owner_ids: input.owner_ids ?? [],
        completed_by_id: null,
        deal_id: input.deal_id,
        created_by_id: input.created_by_id ?? null,
        completed_at: null,
        ...timestamps(),
      };
      state.tasks.push(task);
      return record(task, 201);
    }),
    route('put', '/api/rdstation/tasks/:id', 'crm', ({ params, body, state }) => {
      const found = state.tasks.find((item) => item.id === params.id);
      if (!found) return notFound();
      const input = asRecord(body);
      Object.assign(found, input);
      if (input.status === 'completed') found.completed_at = new Date().toISOString();
      touch(found);
      return record(found);
    }),
  ];
}

export interface MockErrorOptions {
  baseURL?: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** An /api path as MSW matches it, e.g. '/api/rdstation/deals/:id/notes'. */
  path: string;
  status: number;
  /** The `{ message }` of the answer; omit for an answer without one (the caller's fallback shows). */
  message?: string;
}

/** A handler that fails one route, for `server.use(...)` / `worker.use(...)` in error tests. */
export function mockErrorHandler({
  baseURL = '',
  method,
  path,
  status,
  message,
}: MockErrorOptions): HttpHandler {
  return http[method](`${baseURL.replace(/\/+$/, '')}${path}`, () =>
    message === undefined ? new HttpResponse(null, { status }) : fail(status, message),
  );
}

export interface MockHeldOptions {
  baseURL?: string;
  /** An /api path as MSW matches it, e.g. '/api/rdstation/deals/:id'. */
  path: string;
  /** The answer, sent once released. */
  body: JsonBodyType;
}

/** A GET that answers only once `release()` is called: what a screen shows while it loads. */
export function mockHeldHandler({ baseURL = '', path, body }: MockHeldOptions): {
  handler: HttpHandler;
  release: () => void;
} {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = http.get(`${baseURL.replace(/\/+$/, '')}${path}`, async () => {
    await released;
    return HttpResponse.json(body);
  });
  return { handler, release };
}
