import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { setForcedStatus } from './http/context';
import { ApiError, errorItem } from './http/errors';
import { checkedKnobs, DEFAULT_KNOBS, type Knobs } from './knobs';
import { registerOAuthRoutes } from './oauth/oauthRoutes';
import { applyChange } from './routes/adminChange';
import { registerAdminRoutes } from './routes/adminRoutes';
import { crmPlugin } from './routes/crmPlugin';
import { registerV1Routes } from './routes/v1Routes';
import { SandboxRuntime } from './runtime';
import { type RunningSandbox, type SandboxOptions } from './types';

export const DEFAULT_SEED = 20_240_917;
const FOURTEEN_DAYS = 14 * 24 * 3600;
/** Where the RD Station CRM API v2 is mounted. */
const CRM_PREFIX = '/crm/v2';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function errorBody(url: string, status: number, message: string): object {
  if (url.startsWith('/crm/v2')) return { errors: [errorItem(status, { detail: message })] };
  if (url.startsWith('/oauth2/')) return { error: 'invalid_request', error_description: message };
  return { message };
}

export function buildServer(runtime: SandboxRuntime, logger = false): FastifyInstance {
  const app = Fastify({ logger });

  // Lenient JSON: an empty body (e.g. a DELETE sent with a JSON content type) is no body at all.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      const error: Error & { statusCode?: number } = new Error(
        'The request body is not valid JSON',
      );
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  app.register(formbody);

  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/__admin')) return;
    runtime.stats.count(request.method, request.url);
    if (request.url.startsWith(`${CRM_PREFIX}/`))
      setForcedStatus(request, runtime.gate.takeForced());
    const { latencyMs } = runtime.gate.knobs;
    if (latencyMs > 0) await sleep(latencyMs);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body());
    }
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return reply
      .code(status)
      .send(
        errorBody(request.url, status, status >= 500 ? 'Unexpected sandbox error' : error.message),
      );
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody(request.url, 404, `No route ${request.method} ${request.url.split('?')[0]}`)),
  );

  registerAdminRoutes(app, runtime);
  registerOAuthRoutes(app, runtime);
  registerV1Routes(app, runtime);
  app.register(crmPlugin(runtime), { prefix: CRM_PREFIX });
  return app;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const legacy = {
    ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
    ...(options.errorRate !== undefined ? { errorRate: options.errorRate } : {}),
    ...(options.rateLimitPerMinute !== undefined
      ? { rateLimitPerMinute: options.rateLimitPerMinute }
      : {}),
  };
  const knobs: Knobs = {
    ...DEFAULT_KNOBS,
    ...checkedKnobs(legacy),
    ...checkedKnobs({ ...options.knobs }),
  };
  const runtime = new SandboxRuntime({
    seed: options.seed ?? DEFAULT_SEED,
    knobs,
    clock: options.now ?? Date.now,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 7200,
    refreshTokenIdleTtlSeconds: options.refreshTokenIdleTtlSeconds ?? FOURTEEN_DAYS,
    codeTtlSeconds: options.codeTtlSeconds ?? 300,
  });
  for (const uri of options.redirectUris ?? []) runtime.redirects.register(uri);
  const app = buildServer(runtime, options.logger ?? false);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  runtime.publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');

  return {
    url,
    close: async () => {
      runtime.webhooks.reset();
      await app.close();
    },
    reset: () => runtime.reset(),
    setKnobs: (next) => runtime.gate.setKnobs(next),
    getKnobs: () => runtime.gate.knobs,
    forceStatus: (status, count) => runtime.gate.force(status, count),
    issueTokens: (clientId, userEmail) => runtime.issueTokens(clientId, userEmail),
    registerRedirectUri: (uri, clientId) => runtime.redirects.register(uri, clientId),
    change: (request) => applyChange(runtime, request),
    webhookDeliveries: (accountId) => runtime.webhooks.list(accountId),
    webhooksSettled: () => runtime.webhooks.settled(),
    suspendWebhooks: (accountId, urlPrefix) =>
      runtime.webhooks.suspend(runtime.account(accountId), (hook) =>
        hook.url.startsWith(urlPrefix ?? ''),
      ),
    getStats: () => runtime.stats.snapshot(),
    resetStats: () => runtime.stats.reset(),
  };
}
