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
      cacheTtlMs: 300_000,
    });
    expect(config.corsOrigins).toEqual(DEFAULT_CORS_ORIGINS);
    expect(config.corsOrigins).toContain('http://localhost:4206');
    expect(config.corsOrigins).toContain('http://127.0.0.1:4300');
    expect(config.live).toEqual({
      heartbeatMs: 20_000,
      retryMs: 3_000,
      replayPerTenant: 200,
      streamsPerPerson: 5,
      webhookKeepMs: 3_600_000,
      webhookRecheckMs: 86_400_000,
      webhookDedupMs: 86_400_000,
      webhookDeliveriesPerMinute: 300,
      echoWindowMs: 10_000,
      webhookEchoSettleMs: 300,
      crmWebhooks: true,
    });
    expect(config.trustProxy).toBe(false);
  });

  it('TRUST_PROXY names the proxies whose X-Forwarded-For is believed, never all of them', () => {
    expect(configFromEnv({}).trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    for (const all of ['true', '*', '0.0.0.0/0'])
      expect(() => configFromEnv({ TRUST_PROXY: all })).toThrow(
        'TRUST_PROXY deve listar os proxies (endereços ou CIDRs), não todos.',
      );
  });

  it('CRM_WEBHOOKS=off registers no RD webhooks', () => {
    expect(configFromEnv({ CRM_WEBHOOKS: 'off' }).live).toEqual({ crmWebhooks: false });
    expect(configFromEnv({ CRM_WEBHOOKS: 'on' }).live).toEqual({ crmWebhooks: true });
  });

  it('LIVE_STREAMS_PER_PERSON caps the open streams of one session; a bad value stops the start', () => {
    expect(configFromEnv({ LIVE_STREAMS_PER_PERSON: '2' }).live?.streamsPerPerson).toBe(2);
    for (const bad of ['0', '101', '1.5', 'muitos'])
      expect(() => configFromEnv({ LIVE_STREAMS_PER_PERSON: bad })).toThrow(
        'LIVE_STREAMS_PER_PERSON deve ser um número inteiro de 1 a 100.',
      );
  });

  it('SIGN_IN_PAGES_PER_MINUTE, SIGN_IN_CONFIRMS_PER_MINUTE and NOVUS_REPORTS_PER_MINUTE set the limits of what callers without a session write; a bad value stops the start', () => {
    expect(
      configFromEnv({
        SIGN_IN_PAGES_PER_MINUTE: '900',
        SIGN_IN_CONFIRMS_PER_MINUTE: '30',
        NOVUS_REPORTS_PER_MINUTE: '12',
      }).identity,
    ).toMatchObject({
      signInPagesPerMinute: 900,
      signInConfirmsPerMinute: 30,
      novusReportsPerMinute: 12,
    });
    for (const name of [
      'SIGN_IN_PAGES_PER_MINUTE',
      'SIGN_IN_CONFIRMS_PER_MINUTE',
      'NOVUS_REPORTS_PER_MINUTE',
    ])
      for (const bad of ['0', '1.5', 'muitos'])
        expect(() => configFromEnv({ [name]: bad })).toThrow(
          `${name} deve ser um número inteiro de 1 a 1000000.`,
        );
  });

  it('WEBHOOK_ECHO_SETTLE_MS sets how long a CRM signal waits for its echo; a bad value stops the start', () => {
    expect(configFromEnv({ WEBHOOK_ECHO_SETTLE_MS: '0' }).live).toEqual({
      crmWebhooks: true,
      webhookEchoSettleMs: 0,
    });
    expect(configFromEnv({ WEBHOOK_ECHO_SETTLE_MS: '1000' }).live?.webhookEchoSettleMs).toBe(1000);
    for (const bad of ['-1', '5001', '0.5', 'abc'])
      expect(() => configFromEnv({ WEBHOOK_ECHO_SETTLE_MS: bad })).toThrow(
        'WEBHOOK_ECHO_SETTLE_MS deve ser um número inteiro de 0 a 5000.',
      );
  });

  it('CRM_REFRESH_HEADROOM sets the requests a refresh behind a kept answer leaves free; a bad value stops the start', () => {
    expect(resolveConfig({}).crm.refreshHeadroom).toBe(60);
    expect(configFromEnv({ CRM_REFRESH_HEADROOM: '30' }).crm?.refreshHeadroom).toBe(30);
    for (const bad of ['-1', '1001', '2.5', 'metade'])
      expect(() => configFromEnv({ CRM_REFRESH_HEADROOM: bad })).toThrow(
        'CRM_REFRESH_HEADROOM deve ser um número inteiro de 0 a 1000.',
      );
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

describe('CRM list calls settings', () => {
  it('defaults to pages of 100, 2 000 records for whole lists, 500 deals for a contact’s', () => {
    const config = resolveConfig({ secretKey: 'b'.repeat(64) });
    expect(config.crmCalls).toEqual({
      pageSize: 100,
      readAllMaxRecords: 2_000,
      contactDealsMaxRecords: 500,
      probeTtlMs: 86_400_000,
      ratePollMs: 25,
    });
  });

  it('reads them from the environment, and the tenant’s rate too', () => {
    const input = configFromEnv({
      CRM_PAGE_SIZE: '50',
      CRM_READ_ALL_MAX_RECORDS: '1000',
      CRM_CONTACT_DEALS_MAX_RECORDS: '150',
      CRM_PROBE_TTL_MS: '60000',
      CRM_REQUESTS_PER_MINUTE: '60',
    });
    expect(input.crmCalls).toEqual({
      pageSize: 50,
      readAllMaxRecords: 1000,
      contactDealsMaxRecords: 150,
      probeTtlMs: 60000,
    });
    expect(input.crm?.maxRequestsPerMinute).toBe(60);
    expect(() => configFromEnv({ CRM_PAGE_SIZE: '0' })).toThrow(
      'CRM_PAGE_SIZE deve ser um número inteiro positivo.',
    );
  });

  it('refuses the bounds under their old names in pages, saying what replaced them', () => {
    expect(() => configFromEnv({ CRM_READ_ALL_MAX_PAGES: '10' })).toThrow(
      'CRM_READ_ALL_MAX_PAGES deixou de existir: use CRM_READ_ALL_MAX_RECORDS, em registros (páginas × CRM_PAGE_SIZE).',
    );
    expect(() => configFromEnv({ CRM_CONTACT_DEALS_MAX_PAGES: '3' })).toThrow(
      'CRM_CONTACT_DEALS_MAX_PAGES deixou de existir: use CRM_CONTACT_DEALS_MAX_RECORDS, em registros (páginas × CRM_PAGE_SIZE).',
    );
  });
});

describe('who the CRM user is: settings', () => {
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

describe('identity look-ups: settings', () => {
  it('keeps them 5 s by default; IDENTITY_CACHE_TTL_MS sets it, 0 turns it off, nonsense is refused', () => {
    expect(resolveConfig({ secretKey: 'a'.repeat(64) }).identity.lookupCacheTtlMs).toBe(5_000);
    expect(configFromEnv({ IDENTITY_CACHE_TTL_MS: '0' }).identity?.lookupCacheTtlMs).toBe(0);
    expect(configFromEnv({ IDENTITY_CACHE_TTL_MS: '2000' }).identity?.lookupCacheTtlMs).toBe(2_000);
    for (const bad of ['-1', '1.5', 'abc', '600000'])
      expect(() => configFromEnv({ IDENTITY_CACHE_TTL_MS: bad })).toThrow('IDENTITY_CACHE_TTL_MS');
  });
});

describe('audit trail: settings', () => {
  it('keeps 180 days by default, AUDIT_RETENTION_DAYS changes it, and a bad value stops the start', () => {
    expect(resolveConfig({ secretKey: 'b'.repeat(64) }).audit.retentionDays).toBe(180);
    expect(configFromEnv({ AUDIT_RETENTION_DAYS: '30' }).audit).toEqual({ retentionDays: 30 });
    expect(configFromEnv({}).audit).toEqual({});
    for (const bad of ['0', '1.5', 'x', '4000'])
      expect(() => configFromEnv({ AUDIT_RETENTION_DAYS: bad })).toThrow(
        'AUDIT_RETENTION_DAYS deve ser um número inteiro de 1 a 3650.',
      );
  });
});
