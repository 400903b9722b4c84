import cors from '@fastify/cors';
import { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_CONTRACT_HEADER } from '@crm-panel/crm-model';
import {
  cachedIdentityHeaders,
  identityHeaders,
  securityPasswordHeaders,
} from '@crm-panel/crm-model/schemas';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { createRecordMemory } from './changes/recordMemory';
import { createNameMemory } from './changes/recordNames';
import { createCrmWebhooks, serverLiveUpdates } from './changes/crmWebhooks';
import { createCrmWebhookUpkeep } from './changes/crmWebhookUpkeep';
import { apiHealthAnswer } from './routes/healthSchema';
import { createInProcessChangeFeed } from './changes/inProcessChangeFeed';
import { createLiveStreams } from './changes/liveStreams';
import { createPgChangeFeed } from './changes/pgChangeFeed';
import { type ApiConfigInput, resolveConfig } from './config';
import { createChatClient } from './chat/chatClient';
import { createReferenceCache } from './crm/cache';
import { createRecordFreshness } from './crm/recordFreshness';
import { createCrmClient, type ShownChange } from './crm/crmClient';
import { createCrmTransport } from './crm/crmTransport';
import { createReadAhead, PANEL_FRESH_MS, READ_AHEAD_TTL_MS } from './crm/readAhead';
import { createProbeVerdicts } from './crm/filterProbes';
import { createCrmLists } from './crm/lists';
import { createPageSizes } from './crm/pageSizes';
import { createRateLimiter, sleep } from './crm/limiter';
import { createOAuthClient } from './crm/oauth';
import { createTokenRefresher } from './crm/tokenRefresher';
import { migrateToLatest, openDatabase } from './db/database';
import { createRepositories } from './db/repositories/createRepositories';
import { registerApiContract } from './apiContract';
import { ApiError } from './errors';
import { timedJson } from './http';
import { createAssertionVerifier } from './identity/assertions';
import { registerAuthorship } from './identity/authorship';
import { createCrmUserDirectory } from './identity/crmUser';
import {
  createTenantRegistry,
  registerAuthentication,
  routesOfScopeAre,
} from './identity/authenticate';
import { clientErrorHandler, registerStrictInput } from './security/strictInput';
import { createSecretBox } from './security/crypto';
import { registerWriteLimits } from './security/perMinuteLimit';
import { registerSecurityHeaders } from './security/headers';
import { isLoopbackUrl } from './security/outbound';
import { loggerOptions, OneLinePerRequest } from './logging';
import { API_MESSAGES } from './messages';
import { startAuditTrail } from './audit/auditTrail';
import { registerAuditRoutes } from './routes/audit';
import { registerAuthRoutes } from './routes/auth';
import { registerChatRoutes } from './routes/chat';
import { registerContactRoutes } from './routes/contacts';
import { registerCrmUserRoutes } from './routes/crmUser';
import { registerCredentialsRoutes } from './routes/credentials';
import { registerDealRoutes } from './routes/deals';
import { registerNovusRoutes } from './routes/novus';
import { registerEventRoutes } from './routes/events';
import { registerPipelineRoutes } from './routes/pipelines';
import { registerProfileRoutes } from './routes/profile';
import { registerReferenceRoutes } from './routes/reference';
import { registerSessionRoutes } from './routes/session';
import { errorResponseDocs } from './routes/schemas';
import { registerTaskRoutes } from './routes/tasks';
import { registerTermsRoutes } from './routes/terms';
import { registerWebhookRoutes } from './routes/webhooks';
import { type ChangeFeed, type RecordChange } from './changes/recordChange';
import { type Services } from './services';
import { createApiMetrics, metricsAuthorized } from './metrics';

import { validationMessage } from './validation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every change made through this api (changes/recordChange.ts). */
    changes: ChangeFeed;
  }
}

/** The security headers of every route without `helmet` options of its own (@fastify/helmet's). */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
};

const IDENTITY_SCHEMAS = new Set<unknown>([
  identityHeaders,
  cachedIdentityHeaders,
  securityPasswordHeaders,
]);

function statusMessage(error: FastifyError): { status: number; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: API_MESSAGES.unsupportedMediaType };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: API_MESSAGES.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: API_MESSAGES.invalidJson };
    default:
      if (error.statusCode === 400 && error instanceof SyntaxError) {
        return { status: 400, message: API_MESSAGES.invalidJson };
      }
      return { status: 400, message: 'Requisição inválida.' };
  }
}

/** The Fastify app with every route, not listening. Runs the migrations first. */

/** The window the api counts the CRM's per-minute rate over (README, 'The CRM budget'). */
const CRM_RATE_WINDOW_MS = 61_000;

/** How long a tenant's webhook state (on or off) is trusted by the records' freshness. */
const WEBHOOK_STATE_RECHECK_MS = 30_000;

/** The CRM paths (and what lies under them) a change of the panel's records may have altered. */
function changedPaths(record: RecordChange['record']): string[] {
  const enc = encodeURIComponent;
  const deal = record.dealId ? `/deals/${enc(record.dealId)}` : null;
  switch (record.type) {
    // …and every list of deals kept (the picker's, a contact's deals): it may now be in or out.
    case 'deal':
    case 'dealContacts':
      return [`/deals/${enc(record.id)}`, '/deals?'];
    // A product changes the deal's total: the deal and its lists.
    case 'dealProduct':
      return deal ? [deal] : [];
    // A note changes the deal's notes only: RD's deal has no field a note changes.
    case 'note':
      return deal ? [`${deal}/notes`] : [];
    // The task and every list of tasks (a deal's, one filtered by owner or status); RD's deal
    // has no field a task changes.
    case 'task':
      return ['/tasks'];
    case 'contact':
      return [`/contacts/${enc(record.id)}`, '/contacts?'];
    // The panel's own links: nothing of the CRM changed.
    case 'contactMapping':
    case 'lastDeal':
      return [];
  }
}
/**
 * The changed record's own path and its `updated_at` after the change, when the change says it:
 * a copy of it at least that recent (the writer's, kept from the write's answer) already shows it.
 */
function shownChange(change: RecordChange): ShownChange | null {
  const { record, crmUpdatedAt } = change;
  if (!crmUpdatedAt) return null;
  const enc = encodeURIComponent;
  switch (record.type) {
    case 'deal':
    case 'dealContacts':
      return { path: `/deals/${enc(record.id)}`, updatedAt: crmUpdatedAt };
    case 'contact':
      return { path: `/contacts/${enc(record.id)}`, updatedAt: crmUpdatedAt };
    default:
      return null;
  }
}

export async function buildApp(input: ApiConfigInput = {}): Promise<FastifyInstance> {
  const config = resolveConfig(input);
  const wait = input.sleep ?? sleep;
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: loggerOptions(config.logger),
    // The client address (request.ip) is the socket's unless the operator names the proxies whose
    // X-Forwarded-For is believed (TRUST_PROXY, README 'Security').
    trustProxy: config.trustProxy,
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    // Control characters in a header or a header block over 16 KB never reach a route: answer
    // them in pt-BR too, as JSON.
    clientErrorHandler,
    // A malformed or over-long path (bad %-encoding, an id past maxParamLength) is the caller's
    // mistake: answer it like every other bad input, in pt-BR and without echoing the URL.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as FastifyReply).code(status).send({ message: API_MESSAGES.badUrl });
    },
  });
  app.addHook('onClose', async () => database.close());

  const box = createSecretBox(config.secretKey);
  const repos = createRepositories(database, box, config.now, {
    lookupCacheTtlMs: config.identity.lookupCacheTtlMs,
  });
  const limiter = createRateLimiter(database, {
    maxPerWindow: config.crm.maxRequestsPerMinute,
    // A second more than the CRM's minute: a request counted here reaches the CRM a little later
    // (its latency, a busy event loop), and a window the CRM sees full to the millisecond
    // answered 429s at every slot that freed (each then blocked the tenant for a second).
    windowMs: CRM_RATE_WINDOW_MS,
    pollMs: config.crmCalls.ratePollMs,
    backgroundReserve: config.crm.backgroundReserve,
    backgroundAgingMs: config.crm.backgroundAgingMs,
    now: config.now,
    sleep: wait,
  });
  // The account check's GET /users wait in the same limiter as every CRM call.
  const oauth = createOAuthClient(config.crm, config.fetch, config.now, {
    limiter,
    maxWaitMs: config.crm.maxRateLimitWaitMs,
  });
  const metrics = createApiMetrics();
  // Reference data: read once per tenant, answered while it is read again behind it (cache.ts).
  const cache = createReferenceCache(config.crm.cacheTtlMs, config.now, {
    staleMs: config.crm.referenceStaleMs,
    onOutcome: (outcome) => metrics.cache('reference', outcome),
  });
  // Records: once per CRM user and freshness window, then answered while read again behind the
  // answer; changes drop what they name. No record is kept at all with a freshness of 0.
  // Longer for what RD's webhooks announce while the tenant's are on (crm/recordFreshness.ts).
  let webhooksOn: (systemKey: string) => Promise<boolean> = async () => false;
  const recordFreshness = createRecordFreshness({
    freshMs: config.crm.recordFreshMs,
    withWebhooksMs: config.crm.recordFreshWithWebhooksMs,
    webhooksOn: (systemKey) => webhooksOn(systemKey),
    now: config.now,
    recheckMs: WEBHOOK_STATE_RECHECK_MS,
    onError: (error) =>
      app.log.warn(
        { err: error },
        'estado dos webhooks do CRM não lido; registros mantidos pela janela sem webhooks',
      ),
  });
  const records = createReferenceCache(recordFreshness.ttlMs, config.now, {
    staleMs: config.crm.recordFreshMs > 0 ? config.crm.recordStaleMs : 0,
    onOutcome: (outcome) => metrics.cache('record', outcome),
    maxEntries: 20_000,
  });
  const refresher = createTokenRefresher({
    sessions: repos.sessions,
    credentials: repos.credentials,
    oauth,
    now: config.now,
    skewMs: config.crm.refreshSkewMs,
  });
  // CRM calls go over undici's kept-alive sockets (crm/crmTransport.ts), unless a fetch is given.
  const crmTransport = createCrmTransport();
  app.addHook('onClose', async () => crmTransport.close());
  const { fetch: givenFetch } = input;
  const crm = createCrmClient({
    config: config.crm,
    timedJson: givenFetch
      ? (url, init, timeoutMs) => timedJson(givenFetch, url, init, timeoutMs)
      : crmTransport.timedJson,
    credentials: repos.credentials,
    sessions: repos.sessions,
    refresher,
    limiter,
    cache,
    records,
    metrics,
    readAheads: createReadAhead({
      ttlMs: READ_AHEAD_TTL_MS,
      freshMs: PANEL_FRESH_MS,
      now: config.now,
    }),
    now: config.now,
    sleep: wait,
  });
  const probes = createProbeVerdicts(database, config.crmCalls.probeTtlMs, config.now);
  const pageSizes = createPageSizes(probes, config.crmCalls.pageSize);
  const lists = createCrmLists({
    crm,
    cache,
    probes,
    pageSizes,
    config: config.crmCalls,
  });
  const chat = createChatClient({
    fetch: config.fetch,
    timeoutMs: config.chatTimeoutMs,
    mode: config.mode,
    lookupHost: config.lookupHost,
  });
  const tenants = createTenantRegistry(config.identity.tenants);
  const assertions = createAssertionVerifier(config.identity.issuers, config.now);
  const onListenerError = (error: unknown, change: RecordChange) =>
    app.log.error({ err: error, change: change.id }, 'ouvinte de mudanças falhou');
  // PostgreSQL: every api process of the database sees every change (LISTEN/NOTIFY).
  const changes =
    config.database.kind === 'postgres'
      ? createPgChangeFeed({
          url: config.database.url,
          onListenerError,
          onConnectionError: (error) =>
            app.log.warn({ err: error }, 'conexão LISTEN das mudanças falhou; reconectando'),
        })
      : createInProcessChangeFeed(onListenerError);
  app.addHook('onClose', async () => changes.close());
  // Whatever changed (a write here or elsewhere, a CRM webhook), nothing read ahead before it is served.
  changes.subscribe((change) => {
    crm.forgetReadAheads(change.systemKey);
    // …and no record it names (itself, its deal, its contact) is served as kept before it: a
    // deal changed anywhere drops every kept list of deals, the pages a contact's deals are
    // scanned from among them (it may have gained or lost a contact).
    crm.forgetRecords(change.systemKey, changedPaths(change.record), shownChange(change));
  });
  // Changes may have been missed (a LISTEN connection lost): no record kept before is trusted.
  changes.subscribeGaps(() => {
    records.clearAll();
  });
  if ('ready' in changes) {
    try {
      await changes.ready;
    } catch (error) {
      await app.close();
      throw error;
    }
  }
  // The feed is the app's public surface for whoever listens in-process (tests, the e2e stack).
  app.decorate('changes', changes);
  const liveStreams = createLiveStreams(changes, config.live);
  metrics.countLiveStreams(() => liveStreams.count());
  // Open streams never end on their own: end them before the server waits for its connections.
  app.addHook('preClose', async () => liveStreams.close());
  const services: Services = {
    config,
    repos,
    crm,
    lists,
    pageSizes,
    oauth,
    refresher,
    chat,
    cache,
    tenants,
    assertions,
    crmUsers: createCrmUserDirectory({
      sessions: repos.sessions,
      crm,
      cache,
      lists,
    }),
    changes,
    metrics,
    records: createRecordMemory(),
    names: createNameMemory(),
    crmWebhooks: createCrmWebhooks({
      crm,
      receivers: repos.webhookReceivers,
      latestSignIn: (systemKey) => repos.sessions.latestOAuthOwner(systemKey),
      pageSizes,
      log: app.log,
      publicUrl: config.publicUrl,
      // The real RD reaches only a public https address; a CRM on this machine (the sandbox)
      // reaches this api wherever it listens.
      checkPublicUrl: config.mode === 'production' || !isLoopbackUrl(config.crm.baseUrl),
      enabled: config.live.crmWebhooks,
      now: config.now,
      recheckMs: config.live.webhookRecheckMs,
    }),
  };
  webhooksOn = async (systemKey) => (await services.crmWebhooks.status(systemKey)).on;
  const auditTrail = startAuditTrail({
    changes,
    audit: repos.audit,
    config: config.audit,
    now: config.now,
    log: app.log,
  });
  // Registered after the database's: Fastify closes in reverse order, so writes under way finish.
  app.addHook('onClose', async () => auditTrail.close());
  await auditTrail.purge();
  registerStrictInput(app);

  // JSON bodies; an empty one (POSTs without payload) is no body rather than an error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    jsonParser(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode >= 500) request.log.warn({ status: error.statusCode }, error.message);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(
          error.code ? { message: error.message, code: error.code } : { message: error.message },
        );
    }
    if (error.validation) {
      return reply
        .code(400)
        .send({ message: validationMessage(error.validation, error.validationContext) });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const { status, message } = statusMessage(error);
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'erro inesperado');
    return reply.code(500).send({ message: API_MESSAGES.internal });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: API_MESSAGES.routeNotFound }),
  );

  // A panel of a contract this api no longer (or not yet) serves is told so before anything else.
  registerApiContract(app);
  // Identity first: a call without a valid session is refused before its body or query are read.
  // Every route says who may call it; the one a root plugin adds itself is named here: CORS's
  // preflight, which its hook answers before any route (and which carries no identity).
  registerAuthentication(app, { tenants, repos }, [
    { method: 'OPTIONS', url: '*', access: 'public' },
  ]);
  // Notes and tasks are written as the session's CRM user, never as whoever a body names.
  registerAuthorship(app, services);

  // Writes limited per session; a write open without a session declares its own limit.
  await registerWriteLimits(app, repos.windowCounters, config.identity.writesPerMinute);

  // Helmet's headers, computed once per configuration (security/headers.ts). No
  // upgrade-insecure-requests: local runs serve the docs over plain http.
  registerSecurityHeaders(app, HELMET_OPTIONS);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'x-user-id',
      'x-system-key',
      API_CONTRACT_HEADER,
      'x-cache-bypass',
      'x-attendance-id',
      'x-chat-id',
      'x-contact-name',
      'x-channel-name',
      'x-panel-tab',
      'x-security-password',
      'last-event-id',
    ],
    // A 429 of a busy CRM says when to ask again: the panel waits that long by itself.
    exposedHeaders: ['retry-after'],
    maxAge: 600,
    // An OPTIONS without the preflight headers is not a browser's preflight: answer it plainly
    // instead of the plugin's text/plain 400.
    strictPreflight: false,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CRM Panel API',
        description:
          'BFF do painel do RD Station CRM. Toda chamada (exceto as rotas públicas: saúde, documentação, POST /api/session, as páginas do login OAuth, os webhooks do RD e o relato e o mapeamento do Novus) envia Authorization: Bearer <token da sessão> e os cabeçalhos x-user-id e x-system-key da sessão. Erros: { message, code? } em pt-BR.',
        version: '1.0.0',
      },
      tags: [
        { name: 'saúde' },
        { name: 'sessão' },
        { name: 'autenticação' },
        { name: 'credenciais' },
        { name: 'termos' },
        { name: 'chat' },
        { name: 'contatos' },
        { name: 'referência' },
        { name: 'funis' },
        { name: 'negociações' },
        { name: 'notas' },
        { name: 'tarefas' },
        { name: 'produtos da negociação' },
        { name: 'auditoria' },
        { name: 'mudanças' },
      ],
    },
    transform: ({ schema, url }) => {
      if (!schema || !IDENTITY_SCHEMAS.has(schema.headers)) return { schema, url };
      const response = {
        ...errorResponseDocs,
        ...(schema.response as Record<string, unknown> | undefined),
      };
      return { schema: { ...schema, response }, url };
    },
  });
  // The docs' pages are public: the plugin registers them itself, in a scope of their own.
  await app.register(async (docs) => {
    routesOfScopeAre(docs, 'public');
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['saúde'],
        summary:
          'O api está de pé (sem identidade), e se este servidor pode receber as atualizações ao vivo do CRM (cada tenant vê as suas no gerenciador de credenciais)',
        response: { 200: apiHealthAnswer },
      },
    },
    async () => ({
      status: 'ok',
      crmLiveUpdates: await serverLiveUpdates(services.crmWebhooks),
    }),
  );
  // The operator's figures (metrics.ts): only with METRICS_TOKEN, and only for whoever holds it.
  const { metricsToken } = config;
  if (metricsToken !== null)
    app.get(
      '/metrics',
      {
        config: { access: 'public' },
        schema: {
          tags: ['saúde'],
          summary:
            'Números do api no formato de texto do Prometheus (Authorization: Bearer METRICS_TOKEN)',
          hide: true,
        },
      },
      async (request, reply) => {
        if (!metricsAuthorized(request.headers.authorization, metricsToken))
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ message: API_MESSAGES.metricsUnauthorized });
        return reply
          .header('cache-control', 'no-store')
          .type(metrics.contentType)
          .send(await metrics.render());
      },
    );
  registerSessionRoutes(app, services);
  registerCredentialsRoutes(app, services);
  registerTermsRoutes(app, services);
  registerAuthRoutes(app, services);
  registerCrmUserRoutes(app, services);
  registerProfileRoutes(app, services);
  registerChatRoutes(app, services);
  registerContactRoutes(app, services);
  registerReferenceRoutes(app, services);
  registerPipelineRoutes(app, services);
  registerDealRoutes(app, services);
  registerTaskRoutes(app, services);
  registerAuditRoutes(app, services);
  registerNovusRoutes(app, services);
  registerEventRoutes(app, liveStreams);
  registerWebhookRoutes(app, services);

  const startKeeping = keepCrmWebhooks(app, services);
  await app.ready();
  startKeeping();
  return app;
}

/**
 * The webhook upkeep (changes/crmWebhookUpkeep.ts), started once the app is ready. A server that
 * cannot receive RD's deliveries says so once, at start-up.
 */
function keepCrmWebhooks(app: FastifyInstance, services: Services): () => void {
  const { config, crmWebhooks } = services;
  if (crmWebhooks.serverProblem() === 'public_url')
    app.log.warn(
      { publicUrl: config.publicUrl, crm: config.crm.baseUrl },
      'API_PUBLIC_URL não é um endereço https público e o CRM não está nesta máquina: o RD Station CRM não entrega webhooks a ele; atualizações ao vivo do CRM desligadas',
    );
  const upkeep = createCrmWebhookUpkeep({
    crmWebhooks,
    keepMs: config.live.webhookKeepMs,
    now: config.now,
    log: app.log,
  });
  app.addHook('onClose', async () => upkeep.close());
  return () => void upkeep.start();
}

export interface RunningApi {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:53121 */
  url: string;
  close(): Promise<void>;
}

/** buildApp + listen (port 0 picks a free port). */
export async function startApi(input: ApiConfigInput = {}): Promise<RunningApi> {
  const app = await buildApp(input);
  const config = resolvePortHost(input);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { app, url: `http://${config.host}:${port}`, close: () => app.close() };
}

function resolvePortHost(input: ApiConfigInput): { port: number; host: string } {
  return { port: input.port ?? 3333, host: input.host ?? '127.0.0.1' };
}
