import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type TenantConfig, type TenantLookup } from '@api/config';
import { type PanelSession } from '@api/db/repositories/panelSessionsRepository';
import { type Repositories } from '@api/db/repositories/createRepositories';
import { credentialsNotConfigured, identityError, ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';

/**
 * Who may call a route (route option `config.access`):
 * - 'public': nobody is asked (health, docs, the OAuth callback and its begin page);
 * - 'start': the identity headers of a registered tenant, no session yet (session start);
 * - 'any': a session, pending or full (terms, credentials set-up, sign-in, auth status);
 * - 'signedIn': a full session (integration removal);
 * - 'crm' (the default of every identified route): a full session whose user accepted the terms,
 *   in a tenant with credentials.
 */
export type RouteAccess = 'public' | 'start' | 'any' | 'signedIn' | 'crm';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller's session (null on public and session-start routes). */
    panelSession: PanelSession | null;
    /** The caller's registered tenant (null on public routes). */
    tenant: TenantConfig | null;
  }
}

export function createTenantRegistry(tenants: TenantConfig[] | TenantLookup) {
  if (typeof tenants === 'function') return { get: tenants };
  const byKey = new Map(tenants.map((tenant) => [tenant.systemKey, tenant]));
  return { get: (systemKey: string): TenantConfig | null => byKey.get(systemKey) ?? null };
}

export type TenantRegistry = ReturnType<typeof createTenantRegistry>;

const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const value = header(request, 'authorization');
  const match = value ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(value) : null;
  return match?.[1] ?? null;
}

export interface AuthenticateDeps {
  tenants: TenantRegistry;
  repos: Repositories;
}

/**
 * The identity gate, before a body or query is looked at: the tenant must be registered, the
 * session token valid, and the x-user-id / x-system-key headers those of the session.
 */
export function registerAuthentication(app: FastifyInstance, deps: AuthenticateDeps): void {
  app.decorateRequest('panelSession', null);
  app.decorateRequest('tenant', null);

  app.addHook('onRequest', async (request) => {
    const options = request.routeOptions;
    // Unknown routes (404) and routes without identity headers are public.
    if (!options.url || !options.schema?.headers) return;
    const access: RouteAccess = options.config.access ?? 'crm';
    if (access === 'public') return;

    const userId = header(request, 'x-user-id');
    const systemKey = header(request, 'x-system-key');
    if (!userId || !systemKey) throw new ApiError(400, API_MESSAGES.identityMissing);
    const tenant = deps.tenants.get(systemKey);
    if (!tenant) throw identityError(401, 'tenant_unknown', API_MESSAGES.tenantUnknown);
    request.tenant = tenant;
    if (access === 'start') return;

    const token = bearerToken(request);
    if (!token) throw identityError(401, 'session_required', API_MESSAGES.sessionRequired);
    const session = await deps.repos.panelSessions.find(token);
    if (!session) throw identityError(401, 'session_expired', API_MESSAGES.sessionExpired);
    if (session.systemKey !== systemKey || session.userId !== userId)
      throw identityError(401, 'session_mismatch', API_MESSAGES.sessionMismatch);
    request.panelSession = session;
    if (access === 'any') return;

    if (session.stage !== 'full')
      throw identityError(401, 'session_pending', API_MESSAGES.sessionPending);
    if (access === 'signedIn') return;

    const [accepted, configured] = await Promise.all([
      deps.repos.terms.isAccepted(systemKey, session.crmOwner),
      deps.repos.credentials.exists(systemKey),
    ]);
    if (!accepted) throw identityError(403, 'terms_required', API_MESSAGES.termsRequired);
    if (!configured) throw credentialsNotConfigured();
  });
}

/** The session of a route behind the gate (every access but 'public' and 'start'). */
export function sessionOf(request: FastifyRequest): PanelSession {
  const session = request.panelSession;
  if (!session) throw identityError(401, 'session_required', API_MESSAGES.sessionRequired);
  return session;
}
