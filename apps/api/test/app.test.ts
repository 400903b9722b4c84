import {
  type Harness,
  HEALTH_WITHOUT_CRM_WEBHOOKS,
  call,
  sessionHeaders,
  startHarness,
} from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** Every route of PRODUCT.md §7 (plus the callback, the with-mapping call and health). */
const ROUTES: [string, string][] = [
  ['get', '/api/health'],
  ['get', '/api/audit'],
  ['get', '/api/audit.csv'],
  ['get', '/api/audit/people'],
  ['post', '/api/novus/diagnostics'],
  ['get', '/api/novus/mapping'],
  ['get', '/api/novus/diagnostics'],
  ['put', '/api/novus/mapping'],
  ['get', '/api/events'],
  ['post', '/api/webhooks/rdstation/{token}'],
  ['post', '/api/session'],
  ['post', '/api/session/renew'],
  ['get', '/api/rdstation/auth/begin'],
  ['get', '/api/chat/{id}/messages'],
  ['get', '/api/rdstation/auth/start'],
  ['get', '/api/rdstation/auth/callback'],
  ['post', '/api/rdstation/auth/confirm'],
  ['get', '/api/rdstation/auth/status'],
  ['post', '/api/rdstation/auth/revoke'],
  ['post', '/api/rdstation/auth/tab/start'],
  ['post', '/api/rdstation/auth/tab/redeem'],
  ['post', '/api/rdstation/auth/v1-token'],
  ['get', '/api/rdstation/auth/crm-users'],
  ['post', '/api/rdstation/auth/crm-user'],
  ['get', '/api/rdstation/credentials/status'],
  ['post', '/api/rdstation/credentials'],
  ['delete', '/api/rdstation/credentials'],
  ['get', '/api/rdstation/terms/status'],
  ['post', '/api/rdstation/terms/accept'],
  ['get', '/api/rdstation/user/profile'],
  ['get', '/api/rdstation/contacts'],
  ['post', '/api/rdstation/contacts'],
  ['get', '/api/rdstation/contacts/{id}'],
  ['put', '/api/rdstation/contacts/{id}'],
  ['post', '/api/rdstation/contacts/with-mapping'],
  ['get', '/api/rdstation/contact-mapping/{id}'],
  ['post', '/api/rdstation/contact-mapping'],
  ['get', '/api/rdstation/contact/{id}/last-deal'],
  ['post', '/api/rdstation/contact/{id}/last-deal'],
  ['get', '/api/rdstation/organizations'],
  ['get', '/api/rdstation/organizations/{id}'],
  ['get', '/api/rdstation/users'],
  ['get', '/api/rdstation/users/{id}'],
  ['get', '/api/rdstation/sources'],
  ['get', '/api/rdstation/sources/{id}'],
  ['get', '/api/rdstation/campaigns'],
  ['get', '/api/rdstation/campaigns/{id}'],
  ['get', '/api/rdstation/custom-fields'],
  ['get', '/api/rdstation/lost-reasons'],
  ['get', '/api/rdstation/products'],
  ['get', '/api/rdstation/products/{id}'],
  ['get', '/api/rdstation/deals'],
  ['post', '/api/rdstation/deals'],
  ['get', '/api/rdstation/deals/{id}'],
  ['put', '/api/rdstation/deals/{id}'],
  ['get', '/api/rdstation/pipelines'],
  ['get', '/api/rdstation/pipelines/{id}'],
  ['get', '/api/rdstation/pipelines/{id}/stages'],
  ['get', '/api/rdstation/pipelines/{pipelineId}/stages/{stageId}'],
  ['get', '/api/rdstation/deals/{id}/notes'],
  ['post', '/api/rdstation/deals/{id}/notes'],
  ['get', '/api/rdstation/tasks'],
  ['get', '/api/rdstation/tasks/{id}'],
  ['post', '/api/rdstation/tasks'],
  ['put', '/api/rdstation/tasks/{id}'],
  ['get', '/api/rdstation/deals/{id}/products'],
  ['post', '/api/rdstation/deals/{id}/products'],
  ['put', '/api/rdstation/deals/{id}/products/{productId}'],
  ['delete', '/api/rdstation/deals/{id}/products/{productId}'],
];

describe('OpenAPI document', () => {
  it('lists every route with its schemas at /api/docs/json', async () => {
    const response = await h.api.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }
        >
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(ROUTES.map(([method, path]) => `${method} ${path}`).sort());
    const deals = doc.paths['/api/rdstation/deals']?.get;
    expect(deals?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining([
        'query:limit',
        'query:page',
        'query:order',
        'query:direction',
        'query:filter',
        'header:x-user-id',
        'header:x-system-key',
      ]),
    );
    expect(Object.keys(deals?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '428', '429', '502', '504']),
    );
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await h.api.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
  });
});

describe('HTTP hygiene', () => {
  it('sends security headers', async () => {
    const response = await h.api.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual(HEALTH_WITHOUT_CRM_WEBHOOKS);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(response.headers['content-security-policy'])).not.toContain(
      'upgrade-insecure-requests',
    );
  });

  it('allows CORS only for configured origins', async () => {
    const preflight = (origin: string) =>
      h.api.inject({
        method: 'OPTIONS',
        url: '/api/rdstation/terms/status',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-user-id,x-system-key',
        },
      });
    const allowed = await preflight('http://localhost:4200');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:4200');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-system-key');
    expect((await preflight('http://127.0.0.1:4300')).headers['access-control-allow-origin']).toBe(
      'http://127.0.0.1:4300',
    );
    expect(
      (await preflight('https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('answers unknown routes with a pt-BR 404 and unsupported bodies with 415', async () => {
    const missing = await call(h.api, 'GET', '/api/rdstation/nada', { as: null });
    expect(missing).toMatchObject({ status: 404, json: { message: 'Rota não encontrada.' } });
    const xml = await h.api.inject({
      method: 'POST',
      url: '/api/rdstation/terms/accept',
      headers: {
        ...(await sessionHeaders(h.api, { userId: 'u', systemKey: 'tenant-s' })),
        'content-type': 'application/xml',
      },
      payload: '<x/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({
      message: 'Tipo de conteúdo não suportado. Envie os dados em JSON.',
    });
  });
});
