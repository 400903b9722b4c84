import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_CORS_ORIGINS,
  WORKSPACE_ROOT,
  configFromEnv,
  deriveSecretKey,
  readTenantsFile,
  resolveConfig,
} from './config';

describe('configFromEnv', () => {
  it('defaults to SQLite under <workspace>/data, port 3333 and the sandbox on 4010', () => {
    const input = configFromEnv({});
    expect(input.database).toEqual({
      kind: 'sqlite',
      file: path.join(WORKSPACE_ROOT, 'data', 'crm-panel.sqlite'),
    });
    expect(input.port).toBe(3333);
    expect(input.publicUrl).toBe('http://127.0.0.1:3333');
    const config = resolveConfig({ ...input, secretKey: 'b'.repeat(64) });
    expect(config.crm).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010/crm/v2',
      authorizeUrl: 'http://127.0.0.1:4010/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:4010/oauth2/token',
      v1BaseUrl: 'http://127.0.0.1:4010/api/v1',
      timeoutMs: 9_000,
      maxRequestsPerMinute: 120,
      cacheTtlMs: 60_000,
    });
    expect(config.corsOrigins).toEqual(DEFAULT_CORS_ORIGINS);
    expect(config.corsOrigins).toContain('http://localhost:4206');
    expect(config.corsOrigins).toContain('http://127.0.0.1:4300');
  });

  it('reads DATABASE_URL, DATA_DIR, CORS_ORIGINS and the CRM URLs', () => {
    const input = configFromEnv({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/crm',
      DATA_DIR: '/tmp/crm-data',
      CORS_ORIGINS: 'http://a.test, http://b.test',
      CRM_BASE_URL: 'https://api.rd.services/crm/v2/',
      PORT: '4000',
    });
    expect(input.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/crm' });
    expect(input.dataDir).toBe('/tmp/crm-data');
    expect(input.corsOrigins).toEqual(['http://a.test', 'http://b.test']);
    expect(input.crm?.baseUrl).toBe('https://api.rd.services/crm/v2');
    expect(input.port).toBe(4000);
  });

  it('refuses a non-PostgreSQL DATABASE_URL and production without APP_SECRET_KEY', () => {
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL deve começar com postgres:// (sem ela, o SQLite é usado).',
    );
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(
      'APP_SECRET_KEY é obrigatória em produção.',
    );
  });
});

describe('deriveSecretKey', () => {
  it('uses 64 hex characters as the key and derives a passphrase', () => {
    expect(deriveSecretKey('ab'.repeat(32))).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    const derived = deriveSecretKey('uma frase secreta longa');
    expect(derived).toHaveLength(32);
    expect(deriveSecretKey('uma frase secreta longa')).toEqual(derived);
    expect(() => deriveSecretKey('curta')).toThrow(
      'APP_SECRET_KEY precisa ter ao menos 16 caracteres (ou 64 dígitos hexadecimais).',
    );
  });
});

describe('who the CRM user is: settings', () => {
  it('reads GET /users 100 per page, at most 20 pages, unless CRM_USERS_* say otherwise', () => {
    const config = (env: NodeJS.ProcessEnv) =>
      resolveConfig({ ...configFromEnv(env), secretKey: 'b'.repeat(64) }).crmUsers;
    expect(config({})).toEqual({ pageSize: 100, maxPages: 20 });
    expect(config({ CRM_USERS_PAGE_SIZE: '50', CRM_USERS_MAX_PAGES: '3' })).toEqual({
      pageSize: 50,
      maxPages: 3,
    });
    expect(() => configFromEnv({ CRM_USERS_PAGE_SIZE: '101' })).toThrow(
      'CRM_USERS_PAGE_SIZE deve ser um número inteiro entre 1 e 100.',
    );
    expect(() => configFromEnv({ CRM_USERS_MAX_PAGES: '0' })).toThrow(
      'CRM_USERS_MAX_PAGES deve ser um número inteiro entre 1 e 1000.',
    );
  });

  it("takes a tenant's crmOrganizationName from the tenants file, and refuses an empty one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-tenants-'));
    const file = path.join(dir, 'tenants.json');
    try {
      fs.writeFileSync(
        file,
        JSON.stringify({
          tenants: [{ systemKey: 'tenant-acme', crmOrganizationName: 'Acme Soluções Ltda' }],
        }),
      );
      expect(readTenantsFile(file).tenants).toEqual([
        { systemKey: 'tenant-acme', crmOrganizationName: 'Acme Soluções Ltda' },
      ]);
      fs.writeFileSync(
        file,
        JSON.stringify({ tenants: [{ systemKey: 'tenant-acme', crmOrganizationName: ' ' }] }),
      );
      expect(() => readTenantsFile(file)).toThrow(
        `${file}: crmOrganizationName do tenant 'tenant-acme' deve ser um texto não vazio.`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
