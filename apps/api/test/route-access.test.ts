import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Database, migrateToLatest, openDatabase } from '@api/db/database';
import { createRepositories } from '@api/db/repositories/createRepositories';
import { createTenantRegistry, registerAuthentication } from '@api/identity/authenticate';
import { API_MESSAGES } from '@api/messages';
import { createSecretBox } from '@api/security/crypto';
import { registerWriteLimits } from '@api/security/perMinuteLimit';
import { type Harness, startHarness } from './support/harness';

// Deny by default: every route the api serves says who may call it, and the api does not start
// with one that does not. The public surface is the list below, in one place.

/** Every route the api serves (HEAD mirrors its GET, checked apart) and who may call it. */
const SERVED: string[] = [
  // CORS's preflight and the docs: registered by their plugins, declared public by the api.
  'OPTIONS * public',
  'GET /api/docs public',
  'GET /api/docs/static/index.html public',
  'GET /api/docs/static/swagger-initializer.js public',
  'GET /api/docs/json public',
  'GET /api/docs/yaml public',
  'HEAD,GET /api/docs/static/* public',
  'GET /api/health public',
  'GET /metrics public',
  'POST /api/session start',
  'POST /api/session/renew any',
  'GET /api/rdstation/credentials/status any',
  'POST /api/rdstation/credentials any',
  'DELETE /api/rdstation/credentials signedIn',
  'GET /api/rdstation/terms/status any',
  'POST /api/rdstation/terms/accept any',
  'GET /api/rdstation/auth/start any',
  'POST /api/rdstation/auth/tab/start any',
  'POST /api/rdstation/auth/tab/redeem any',
  'GET /api/rdstation/auth/begin public',
  'GET /api/rdstation/auth/callback public',
  'GET /api/rdstation/auth/status any',
  'POST /api/rdstation/auth/revoke any',
  'POST /api/rdstation/auth/v1-token any',
  'GET /api/rdstation/auth/crm-users crm',
  'POST /api/rdstation/auth/crm-user crm',
  'GET /api/rdstation/user/profile crm',
  'GET /api/chat/:id/messages crm',
  'GET /api/rdstation/contacts crm',
  'POST /api/rdstation/contacts crm',
  'GET /api/rdstation/contacts/:id crm',
  'PUT /api/rdstation/contacts/:id crm',
  'POST /api/rdstation/contacts/with-mapping crm',
  'GET /api/rdstation/contact-mapping/:id crm',
  'POST /api/rdstation/contact-mapping crm',
  'GET /api/rdstation/contact/:id/last-deal crm',
  'POST /api/rdstation/contact/:id/last-deal crm',
  'GET /api/rdstation/organizations crm',
  'GET /api/rdstation/organizations/:id crm',
  'GET /api/rdstation/users crm',
  'GET /api/rdstation/users/:id crm',
  'GET /api/rdstation/sources crm',
  'GET /api/rdstation/sources/:id crm',
  'GET /api/rdstation/campaigns crm',
  'GET /api/rdstation/campaigns/:id crm',
  'GET /api/rdstation/custom-fields crm',
  'GET /api/rdstation/lost-reasons crm',
  'GET /api/rdstation/products crm',
  'GET /api/rdstation/products/:id crm',
  'GET /api/rdstation/pipelines crm',
  'GET /api/rdstation/pipelines/:id crm',
  'GET /api/rdstation/pipelines/:id/stages crm',
  'GET /api/rdstation/pipelines/:pipelineId/stages/:stageId crm',
  'GET /api/rdstation/deals crm',
  'GET /api/rdstation/deals/:id crm',
  'POST /api/rdstation/deals crm',
  'PUT /api/rdstation/deals/:id crm',
  'GET /api/rdstation/deals/:id/notes crm',
  'POST /api/rdstation/deals/:id/notes crm',
  'GET /api/rdstation/deals/:id/products crm',
  'POST /api/rdstation/deals/:id/products crm',
  'PUT /api/rdstation/deals/:id/products/:productId crm',
  'DELETE /api/rdstation/deals/:id/products/:productId crm',
  'GET /api/rdstation/tasks crm',
  'GET /api/rdstation/tasks/:id crm',
  'POST /api/rdstation/tasks crm',
  'PUT /api/rdstation/tasks/:id crm',
  'GET /api/audit crm',
  'GET /api/audit/people crm',
  'GET /api/audit.csv crm',
  'POST /api/novus/diagnostics public',
  'GET /api/novus/mapping public',
  'GET /api/novus/diagnostics any',
  'PUT /api/novus/mapping any',
  'GET /api/events crm',
  'POST /api/webhooks/rdstation/:token public',
  'POST /api/rdstation/auth/confirm public',
];

describe('the api as served', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ api: { metricsToken: 'token-das-metricas-123' } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists every served route and its access: the public surface in one place', () => {
    const served = h.api
      .servedRoutes()
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url} ${route.access}`);
    expect(served).toEqual(SERVED);
  });

  it('answers a HEAD as its GET is declared', () => {
    const routes = h.api.servedRoutes();
    const heads = routes.filter((route) => route.method === 'HEAD');
    expect(heads.length).toBeGreaterThan(40);
    for (const head of heads) {
      const get = routes.find((route) => route.method === 'GET' && route.url === head.url);
      // The docs' trailing-slash alias has no GET of its own: the docs are public.
      expect(`${head.url} ${head.access}`).toBe(`${head.url} ${get?.access ?? 'public'}`);
    }
  });

  it('refuses the identity-bound routes without a session, whatever their schema says', async () => {
    // The live stream, the audit trail and the CRM proxy declare header schemas of their own
    // kinds: the gate reads the access, and a caller without a session meets it.
    for (const url of ['/api/events', '/api/audit', '/api/rdstation/deals']) {
      const answer = await h.api.inject({ method: 'GET', url });
      expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({
        url,
        status: 400,
        body: { message: API_MESSAGES.identityMissing },
      });
    }
  });
});

describe('an api with an undeclared route does not start', () => {
  let dir: string;
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-access-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'crm-panel.sqlite') });
    await migrateToLatest(database);
    const repos = createRepositories(database, createSecretBox(Buffer.alloc(32, 7)), Date.now);
    app = Fastify();
    const tenants = createTenantRegistry([{ systemKey: 'tenant-acesso', name: 'Acesso' }]);
    registerAuthentication(app, { tenants, repos });
    await registerWriteLimits(app, repos.windowCounters, 100);
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses, at registration, a route that declares no access', () => {
    expect(() => app.get('/api/nova-rota', async () => ({ aberta: true }))).toThrow(
      'A rota GET /api/nova-rota não declara quem pode chamá-la (config.access: public, start, any, signedIn, crm); o api não inicia com uma rota sem acesso declarado.',
    );
  });

  it("refuses a plugin's route that declares none: start-up fails", async () => {
    void app.register(async (scope) => {
      scope.post('/api/outra-rota', async () => ({ aberta: true }));
    });
    await expect(app.ready()).rejects.toThrow('A rota POST /api/outra-rota não declara');
  });

  it('refuses a write open without a session that declares no limit', () => {
    expect(() =>
      app.post('/api/relato', { config: { access: 'public' } }, async () => ({ ok: true })),
    ).toThrow(
      "A rota POST /api/relato escreve sem sessão (acesso 'public') e não declara seu limite (config.rateLimit).",
    );
    expect(() =>
      app.put('/api/inicio', { config: { access: 'start' } }, async () => ({ ok: true })),
    ).toThrow("A rota PUT /api/inicio escreve sem sessão (acesso 'start')");
  });

  it('decides on the declared access, not on a headers schema: a route without one is still closed', async () => {
    app.get('/api/sem-cabecalhos', { config: { access: 'crm' } }, async () => ({ dados: 1 }));
    app.get('/api/aberta', { config: { access: 'public' } }, async () => ({ dados: 2 }));
    const closed = async (headers: Record<string, string>) => {
      const answer = await app.inject({ method: 'GET', url: '/api/sem-cabecalhos', headers });
      return { status: answer.statusCode, message: answer.json<{ message: string }>().message };
    };
    expect(await closed({})).toEqual({ status: 400, message: API_MESSAGES.identityMissing });
    expect(await closed({ 'x-user-id': 'mallory', 'x-system-key': 'tenant-inventado' })).toEqual({
      status: 401,
      message: API_MESSAGES.tenantUnknown,
    });
    expect(await closed({ 'x-user-id': 'mallory', 'x-system-key': 'tenant-acesso' })).toEqual({
      status: 401,
      message: API_MESSAGES.sessionRequired,
    });
    const open = await app.inject({ method: 'GET', url: '/api/aberta' });
    expect(open.json()).toEqual({ dados: 2 });
  });
});
