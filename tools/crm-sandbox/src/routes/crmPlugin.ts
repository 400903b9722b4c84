import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { crmContext, forcedStatus, setCrmContext } from '@crm-sandbox/http/context';
import { ApiError } from '@crm-sandbox/http/errors';
import { type SandboxRuntime } from '@crm-sandbox/runtime';
import { registerContactRoutes } from './contactRoutes';
import { registerDealChildRoutes } from './dealChildRoutes';
import { registerDealRoutes } from './dealRoutes';
import { registerReferenceRoutes } from './referenceRoutes';
import { type RouteDeps } from './shared';
import { registerTaskRoutes } from './taskRoutes';
import { registerWebhookRoutes } from './webhookRoutes';

const unauthorized = (detail: string): ApiError =>
  new ApiError(401, [{ detail, code: 'UNAUTHORIZED' }], {
    'www-authenticate': 'Bearer error="invalid_token"',
  });

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Every /crm/v2 request passes, in order: a forced status, the Bearer check (401), the rate limit
 * (429 + Retry-After) and the random error rate (500). RD states 120 requests per minute for the
 * plan, not per token: strict, one window per account (rateLimitScope 'token' splits it).
 */
async function guard(runtime: SandboxRuntime, request: FastifyRequest): Promise<void> {
  // Taken when the request arrived (server.ts), before its latency.
  const forced = forcedStatus(request);
  if (forced !== null) {
    throw new ApiError(
      forced,
      [{ detail: `Status ${forced} forced by the sandbox (POST /__admin/force)`, code: 'FORCED' }],
      forced === 429 ? { 'retry-after': '1' } : {},
    );
  }
  const token = bearerToken(request);
  if (!token) throw unauthorized('Missing Authorization: Bearer <access_token> header');
  const grant = runtime.tokens.verifyAccess(token);
  if (grant === null) throw unauthorized('Invalid access token');
  if (grant === 'expired') throw unauthorized('Access token expired');
  const account = runtime.accounts.get(grant.accountId);
  const user = runtime.user(grant.accountId, grant.userId);
  if (!account || !user) throw unauthorized('Access token no longer valid');

  const { rateLimitScope, rateLimitPerMinute } = runtime.gate.knobs;
  const retryAfter = runtime.gate.rateLimit(
    rateLimitScope === 'account' ? `account:${account.id}` : `token:${token}`,
  );
  if (retryAfter !== null) {
    runtime.stats.countRateLimited(request.method, request.url);
    throw new ApiError(
      429,
      [
        {
          detail: `API usage limit exceeded: ${rateLimitPerMinute} requests per minute per ${rateLimitScope}`,
          code: 'RATE_LIMIT_EXCEEDED',
        },
      ],
      { 'retry-after': String(retryAfter) },
    );
  }
  if (runtime.gate.shouldFail()) {
    throw new ApiError(500, [
      { detail: 'Random failure injected by the sandbox (errorRate)', code: 'INTERNAL_ERROR' },
    ]);
  }
  setCrmContext(request, { account, user, accessToken: token, clientId: grant.clientId });
}

/** The RD Station CRM API v2, mounted under /crm/v2. */
export function crmPlugin(runtime: SandboxRuntime) {
  return async (app: FastifyInstance): Promise<void> => {
    const deps: RouteDeps = {
      publicUrl: () => runtime.publicUrl,
      knobs: () => runtime.gate.knobs,
      emit: (request, entity, action, id) =>
        runtime.webhooks.emit(crmContext(request).account, entity, action, id),
    };
    app.addHook('onRequest', async (request) => guard(runtime, request));
    registerReferenceRoutes(app, deps);
    registerContactRoutes(app, deps);
    registerDealRoutes(app, deps);
    registerDealChildRoutes(app, deps);
    registerTaskRoutes(app, deps);
    registerWebhookRoutes(app, deps);
  };
}
