import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { HELMET_OPTIONS } from '@api/app';
import { AUTH_PAGE_CSP } from '@api/routes/authPage';
import { headersSet } from '@api/security/headers';
import { type Harness, call, configure, login, ALICE, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** The headers the response got through Node's setHeader, as written (name casing included). */
const setHeaders = (response: LightMyRequestResponse) =>
  headersSet(response.raw.res) as [string, string][];

// Not security headers: Fastify's own, and CORS's list of the headers a panel may read (a busy
// CRM's Retry-After), which @fastify/cors writes on every answer.
const FASTIFY_OWN = new Set([
  'content-type',
  'content-length',
  'vary',
  'location',
  'set-cookie',
  'access-control-expose-headers',
]);
const securityOnly = (headers: [string, string][]) =>
  headers.filter(([name]) => !FASTIFY_OWN.has(name.toLowerCase()));

/**
 * What @fastify/helmet (registered as the api registered it before security/headers.ts) sets
 * for the same route options, request by request: the reference the api's headers must equal.
 */
async function pluginHeaders(routeHelmet?: object | false): Promise<[string, string][]> {
  const reference: FastifyInstance = Fastify({ logger: false });
  await reference.register(helmet, HELMET_OPTIONS);
  reference.get('/', routeHelmet === undefined ? {} : { helmet: routeHelmet }, async () => ({}));
  try {
    return securityOnly(setHeaders(await reference.inject({ method: 'GET', url: '/' })));
  } finally {
    await reference.close();
  }
}

// The headers of /api/health with @fastify/helmet setting them on every request (7430499).
const API_ROUTE_BEFORE: [string, string][] = [
  [
    'Content-Security-Policy',
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

// The sign-in window's page (auth/begin) with @fastify/helmet setting them (7430499), with the
// hashes of the sign-in pages' scripts as they are now (the tab's last page goes back in history).
const PAGE_BEFORE: [string, string][] = [
  [
    'Content-Security-Policy',
    "default-src 'none';base-uri 'none';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'sha256-FJLrwdVvKEBHMRqTQ+CNhMv40yRi1Jh8iRfIUoMfI10=' 'sha256-63srRet290pbUb3FBjnGA00PgIX7QKFoRJSejnWjAL0=' 'sha256-yXOIQ6CbpClsC7kVZiaUC4qt8DeKplmTYR4b2x3bpnY=' 'sha256-F4eUmBkFVsX6jIjrODPsWNrUxepZ9TfkfRtVWFALQJQ=' 'sha256-stJfH4/VrJxCXkHnHDds6lWv8vqj2HzFF5dDCaJgDow=';script-src-attr 'none';style-src 'unsafe-inline'",
  ],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

describe('security headers, computed once', () => {
  it('an api route gets the same headers, byte for byte, as @fastify/helmet set per request', async () => {
    const response = await h.api.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(securityOnly(setHeaders(response))).toEqual(API_ROUTE_BEFORE);
    expect(securityOnly(setHeaders(response))).toEqual(await pluginHeaders());
  });

  it('an authenticated proxied route and the 404 get them too', async () => {
    await configure(h.api, ALICE);
    await login(h, ALICE);
    const pipelines = await call(h.api, 'GET', '/api/rdstation/pipelines', { as: ALICE });
    expect(pipelines.status).toBe(200);
    for (const [name, value] of API_ROUTE_BEFORE)
      expect(pipelines.headers[name.toLowerCase()]).toBe(value);
    const missing = await h.api.inject({ method: 'GET', url: '/api/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(securityOnly(setHeaders(missing))).toEqual(API_ROUTE_BEFORE);
  });

  it('the sign-in pages keep their own CSP and no Cross-Origin-Opener-Policy (the opener follows the window)', async () => {
    const begin = await h.api.inject({
      method: 'GET',
      url: '/api/rdstation/auth/begin?ticket=nope',
    });
    expect(begin.statusCode).toBe(400);
    expect(securityOnly(setHeaders(begin))).toEqual(PAGE_BEFORE);
    expect(securityOnly(setHeaders(begin))).toEqual(
      await pluginHeaders({ contentSecurityPolicy: AUTH_PAGE_CSP, crossOriginOpenerPolicy: false }),
    );
    expect(begin.headers['cross-origin-opener-policy']).toBeUndefined();

    const callback = await h.api.inject({
      method: 'GET',
      url: '/api/rdstation/auth/callback?code=x&state=y',
    });
    expect(callback.statusCode).toBe(400);
    expect(securityOnly(setHeaders(callback))).toEqual(
      await pluginHeaders({ contentSecurityPolicy: AUTH_PAGE_CSP, crossOriginOpenerPolicy: false }),
    );
    expect(callback.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('the Swagger UI keeps the global headers', async () => {
    const docs = await h.api.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(securityOnly(setHeaders(docs))).toEqual(API_ROUTE_BEFORE);
  });
});
