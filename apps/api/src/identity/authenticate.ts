import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type TenantConfig, type TenantLookup } from '@api/config';
import { type PanelSession } from '@api/db/repositories/panelSessionsRepository';
import { type Repositories } from '@api/db/repositories/createRepositories';
import { credentialsNotConfigured, identityError, ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';

/**
 * Who may call a route (route option `config.access`, which every route the api serves declares:
 * a route without it stops the api at start-up, so forgetting it never opens a door):
 * - 'public': nobody is asked (health, docs, metrics behind its own token, the OAuth browser
 *   pages, RD's webhook deliveries, the Novus report and mapping of a tenant key);
 * - 'start': the identity headers of a registered tenant, no session yet (session start);
 * - 'any': a session, pending or full (terms, credentials set-up, sign-in, auth status);
 * - 'signedIn': a full session (integration removal);
 * - 'crm': a full session whose user accepted the terms, in a tenant with credentials.
 */
export const ROUTE_ACCESS = ['public', 'start', 'any', 'signedIn', 'crm'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

const isRouteAccess = (value: unknown): value is RouteAccess =>
  ROUTE_ACCESS.some((access) => access === value);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /**
     * The access of the routes a plugin registers in this scope without a say in their options
     * (the docs' pages): set with `routesOfScopeAre`, never on the root.
     */
    scopeAccess: RouteAccess | null;
    /** Every route the api serves and who may call it: the public surface in one list. */
    servedRoutes(): ServedRoute[];
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

/** A route and who may call it (`method`: its methods, comma-separated). */
export interface ServedRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

const methodsOf = (method: string | string[]): string =>
  (Array.isArray(method) ? method : [method]).join(',');

/**
 * Every route registered in `scope` from now on (and in its child scopes) that declares no access
 * of its own gets `access`: for a plugin whose routes take no options from the api (the docs).
 */
export function routesOfScopeAre(scope: FastifyInstance, access: RouteAccess): void {
  scope.scopeAccess = access;
}

/**
 * The identity gate, before a body or query is looked at: the tenant must be registered, the
 * session token valid, and the x-user-id / x-system-key headers those of the session.
 *
 * Denied by default: each route registered after this says who may call it (`config.access`;
 * `pluginRoutes` names, by method and path, the few a root plugin registers itself), or the api
 * refuses to start. The gate decides on that access alone, never on the route's schema.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: AuthenticateDeps,
  /** The routes a root plugin registers itself, where no scope can hold them (CORS's preflight). */
  pluginRoutes: ServedRoute[] = [],
): void {
  app.decorateRequest('panelSession', null);
  app.decorateRequest('tenant', null);
  app.decorate('scopeAccess', null);
  const served: ServedRoute[] = [];
  app.decorate('servedRoutes', () => served.map((route) => ({ ...route })));

  app.addHook('onRoute', function declaredAccess(this: FastifyInstance, route) {
    const method = methodsOf(route.method);
    const declared =
      route.config?.access ??
      pluginRoutes.find((known) => known.method === method && known.url === route.url)?.access ??
      this.scopeAccess;
    if (!isRouteAccess(declared))
      throw new Error(
        `A rota ${method} ${route.url} não declara quem pode chamá-la (config.access: ${ROUTE_ACCESS.join(', ')}); o api não inicia com uma rota sem acesso declarado.`,
      );
    route.config = { ...route.config, access: declared };
    served.push({ method, url: route.url, access: declared });
  });

  app.addHook('onRequest', async (request) => {
    const options = request.routeOptions;
    // Unknown routes (404) have no handler to reach: the not-found answer is all they get.
    if (!options.url) return;
    // Every served route declared its access (checked at start-up); were one to slip through,
    // it gets the strictest.
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
