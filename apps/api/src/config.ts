import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import { lookup } from 'node:dns/promises';

/** Where the api writes its SQLite file and dev secret unless DATA_DIR says otherwise. */
export const WORKSPACE_ROOT = path.resolve(__dirname, '../../..');

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** A pino-compatible destination (tests capture log lines through one). */
export interface LogDestination {
  write(line: string): void;
}

export interface LoggerConfig {
  level: string;
  destination?: LogDestination;
}

export interface CrmConfig {
  /** CRM v2 root, e.g. https://api.rd.services/crm/v2 */
  baseUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** CRM v1 root; its /token/check validates API v1 tokens. */
  v1BaseUrl: string;
  timeoutMs: number;
  /** RD allows 120 requests/minute per token; the client never sends more. */
  maxRequestsPerMinute: number;
  /** Longest the api waits for a rate-limit slot or a Retry-After before answering 429. */
  maxRateLimitWaitMs: number;
  /** Extra attempts of a GET after a 5xx or a network failure. */
  getRetries: number;
  retryBaseDelayMs: number;
  /** Reference data (users, pipelines, stages, …) cache per tenant. */
  cacheTtlMs: number;
  /**
   * Past `cacheTtlMs`, reference data is still answered this long while it is read again in the
   * background (one CRM request per key and TTL, nobody waiting for it).
   */
  referenceStaleMs: number;
  /**
   * A record (deal, contact, …) read by a CRM user is kept this long for that CRM user. Any change
   * the api learns of (a write through any api process, a CRM webhook) drops what it names at once.
   */
  recordFreshMs: number;
  /**
   * The freshness of a record whose every change RD's webhooks announce (a deal, a contact, a
   * task) while the tenant's webhooks are on: the pushes keep it true, and this bounds its age all
   * the same (crm/recordFreshness.ts). No longer than `recordFreshMs` when at most that.
   */
  recordFreshWithWebhooksMs: number;
  /**
   * Past `recordFreshMs`, a CRM user's record is still answered this long at once while it is read
   * again behind the answer, in the background lane (once, however many ask): a person back on a
   * chat never waits on a busy budget for what they saw minutes ago. Not with `recordFreshMs` 0.
   */
  recordStaleMs: number;
  /** Requests of every minute only interactive reads and writes may use (crm/limiter.ts). */
  backgroundReserve: number;
  /**
   * A refresh behind a kept answer (a record or reference data past its freshness) goes only
   * while the tenant's minute keeps this many requests free after it, else it gives up (the kept
   * answer is served on): refreshes never fill the minute people need.
   */
  refreshHeadroom: number;
  /** Background work that has waited this long goes as a person's would. */
  backgroundAgingMs: number;
  /** Refresh an access token this long before it expires. */
  refreshSkewMs: number;
}

/** A host that signs its attendants' identity (JWT), and where its public keys are. */
export interface IssuerConfig {
  /** The `iss` claim, exactly. */
  issuer: string;
  /** The `aud` claim the host signs for this api (default 'crm-panel'). */
  audience?: string;
  /** One of: the JWKS itself, a file holding it, or an https URL serving it. */
  jwks?: { keys: Record<string, unknown>[] };
  jwksFile?: string;
  jwksUrl?: string;
}

/** A tenant the operator registered. Without `issuer` its host signs nothing. */
export interface TenantConfig {
  systemKey: string;
  /** The `iss` of the host that signs this tenant's attendants, when it signs. */
  issuer?: string;
  name?: string;
  /**
   * The CRM account's name, shown in the panel's header. RD's v2 API names no organization for a
   * user; an API v1 token's check does, and wins when present (README, 'Who the CRM user is').
   */
  crmOrganizationName?: string;
  /**
   * A tenant whose host signs nothing is configured only by whom the operator hands this code
   * (at least 12 characters; it works once: spent when its credentials are confirmed).
   */
  setupCode?: string;
}

export type TenantLookup = (systemKey: string) => TenantConfig | null;

export interface IdentityConfig {
  issuers: IssuerConfig[];
  /** The registered tenants (a list from TENANTS_FILE, or a lookup in tests). */
  tenants: TenantConfig[] | TenantLookup;
  /** Life of one session token; renewed before it ends. */
  sessionTtlMs: number;
  /** Idle life of a signed-in session family (renewals slide it). */
  familyTtlMs: number;
  /** Life of a session that has not completed the CRM sign-in yet. */
  pendingTtlMs: number;
  /**
   * Session starts and renewals per minute: per verified person (a host-signed user, a session's
   * renewals), and, for what nobody verified (failed assertions, pending sessions of hosts that
   * sign nothing), per client address.
   */
  sessionStartsPerMinute: number;
  /** Writes per minute per session. */
  writesPerMinute: number;
  /**
   * The sign-in window's pages (auth/begin, auth/callback, auth/confirm: public, before any
   * session) per client address a minute (SIGN_IN_PAGES_PER_MINUTE).
   */
  signInPagesPerMinute: number;
  /**
   * Confirmations of who signed in (auth/confirm: each asks the CRM, on the tenant's budget) per
   * tenant a minute (SIGN_IN_CONFIRMS_PER_MINUTE).
   */
  signInConfirmsPerMinute: number;
  /**
   * Novus diagnostics reports a minute: per session, and into a tenant's pre-session slot
   * (NOVUS_REPORTS_PER_MINUTE).
   */
  novusReportsPerMinute: number;
  /**
   * How long one process reuses what every request looks up (the session of a token, terms,
   * credentials, CRM tokens) before reading the store again. Its own writes invalidate at once;
   * this bounds how late it sees another api process's (PostgreSQL). 0 reads the store every time.
   */
  lookupCacheTtlMs: number;
}

export type ApiMode = 'development' | 'production';

export interface ApiConfig {
  /** Production refuses http and internal addresses for outbound calls the tenant configures. */
  mode: ApiMode;
  identity: IdentityConfig;
  /** DNS look-up of outbound hosts (tests stub it; only in production mode). */
  lookupHost: (hostname: string) => Promise<string[]>;
  port: number;
  host: string;
  /** Public origin of this api; the default OAuth redirect URI hangs off it. */
  publicUrl: string;
  crm: CrmConfig;
  chatTimeoutMs: number;
  database: DatabaseConfig;
  /** 32-byte key of the AES-256-GCM encryption at rest. */
  secretKey: Buffer;
  corsOrigins: string[];
  /**
   * Which proxies' X-Forwarded-For gives the client address (Fastify's trustProxy): false (the
   * socket's address) or the list of the operator's proxy addresses/CIDRs.
   */
  trustProxy: false | string[];
  logger: LoggerConfig | false;
  passwordMaxAttempts: number;
  passwordWindowMs: number;
  oauthStateTtlMs: number;
  /** Outbound HTTP (CRM and chat); tests wrap it to count what reaches the CRM. */
  fetch: typeof fetch;
  now: () => number;
  crmCalls: CrmCallsConfig;
  audit: AuditConfig;
  /** Live updates over Server-Sent Events (GET /api/events). */
  live: LiveConfig;
  /**
   * The operator's token for GET /metrics (METRICS_TOKEN): asked as `Authorization: Bearer …`.
   * Without one the route does not exist (404): the figures name the tenants.
   */
  metricsToken: string | null;
}

/** The audit trail: how long entries are kept, and how often old ones are purged. */
export interface AuditConfig {
  /** Entries older than this many days are purged (AUDIT_RETENTION_DAYS, default 180). */
  retentionDays: number;
  /** The purge runs at start and then every this many ms. */
  purgeEveryMs: number;
}

export const DEFAULT_AUDIT_CONFIG: AuditConfig = { retentionDays: 180, purgeEveryMs: 60 * 60_000 };

export interface LiveConfig {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** The `retry:` hint: how long a browser waits before reconnecting. */
  retryMs: number;
  /** Changes kept per tenant for a reconnect's Last-Event-ID; older gaps get a `resync`. */
  replayPerTenant: number;
  /** Open streams per person across their sessions; one more ends the oldest (LIVE_STREAMS_PER_PERSON). */
  streamsPerPerson: number;
  /** How long a tenant's RD webhooks, once checked at a sign-in, are not checked again. */
  webhookRecheckMs: number;
  /**
   * How long a delivery's transaction_uuid is remembered (every process, in the store): RD re-sends
   * a failed delivery 5 more times from a queue and documents no timing, so a day.
   */
  webhookDedupMs: number;
  /** Deliveries a tenant's receiver takes per minute (every process together); past it 429 (RD re-sends). */
  webhookDeliveriesPerMinute: number;
  /**
   * How often every tenant's webhooks are checked and a suspended or missing one made again
   * (also once at start-up); 0 turns the schedule off (WEBHOOK_KEEP_MS).
   */
  webhookKeepMs: number;
  /** A CRM signal for a record the panel changed this recently is that write's echo: dropped. */
  echoWindowMs: number;
  /**
   * How long a CRM webhook signal waits before it is matched against the panel writes' echoes
   * and published: the CRM may deliver a write's webhook before the api has its answer to that
   * write (WEBHOOK_ECHO_SETTLE_MS; 0 matches at once).
   */
  webhookEchoSettleMs: number;
  /** Register RD webhooks at sign-in (CRM_WEBHOOKS=off turns it off: no CRM-side updates). */
  crmWebhooks: boolean;
}

export const DEFAULT_LIVE_CONFIG: LiveConfig = {
  heartbeatMs: 20_000,
  retryMs: 3_000,
  replayPerTenant: 200,
  streamsPerPerson: 5,
  webhookRecheckMs: 24 * 60 * 60_000,
  webhookDedupMs: 24 * 60 * 60_000,
  webhookDeliveriesPerMinute: 300,
  webhookKeepMs: 60 * 60_000,
  echoWindowMs: 10_000,
  webhookEchoSettleMs: 300,
  crmWebhooks: true,
};

/** What callers may pass to buildApp/startApi: every field optional, nested ones too. */
export type ApiConfigInput = Partial<
  Omit<ApiConfig, 'crm' | 'secretKey' | 'identity' | 'crmCalls' | 'audit' | 'live'>
> & {
  crm?: Partial<CrmConfig>;
  audit?: Partial<AuditConfig>;
  live?: Partial<LiveConfig>;
  crmCalls?: Partial<CrmCallsConfig>;
  identity?: Partial<IdentityConfig>;
  /** Raw 32 bytes, 64 hex characters, or any passphrase (derived with scrypt). */
  secretKey?: Buffer | string;
  /** Folder of the SQLite file and of the generated dev secret. */
  dataDir?: string;
  /**
   * How the CRM client and its rate limiter wait (a 429's Retry-After, a retry's backoff, a full
   * minute); with `now`, a clock of the caller's own (the crm:check tests' minute that passes at once).
   */
  sleep?: (ms: number) => Promise<void>;
};

const SANDBOX_ORIGIN = 'http://127.0.0.1:4010';

export const DEFAULT_CORS_ORIGINS: string[] = [
  4200, 4201, 4202, 4203, 4204, 4205, 4206, 4300,
].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

export const DEFAULT_CRM_CONFIG: CrmConfig = {
  baseUrl: `${SANDBOX_ORIGIN}/crm/v2`,
  authorizeUrl: `${SANDBOX_ORIGIN}/oauth/authorize`,
  tokenUrl: `${SANDBOX_ORIGIN}/oauth2/token`,
  v1BaseUrl: `${SANDBOX_ORIGIN}/api/v1`,
  // Below the panel's own 10 s request timeout (PRODUCT.md §7), so a CRM that hangs reaches the person
  // as the api's pt-BR 504 instead of a bare aborted request.
  timeoutMs: 9_000,
  maxRequestsPerMinute: 120,
  maxRateLimitWaitMs: 8_000,
  getRetries: 2,
  retryBaseDelayMs: 200,
  // Reference data changes in RD's settings, rarely, and no webhook announces it: kept as long as
  // a record (a stage renamed in RD shows within 5 minutes), so a quiet team does not spend a
  // request a minute per list on it.
  cacheTtlMs: 5 * 60_000,
  referenceStaleMs: 10 * 60_000,
  recordFreshMs: 5 * 60_000,
  recordFreshWithWebhooksMs: 30 * 60_000,
  recordStaleMs: 5 * 60_000,
  backgroundReserve: 12,
  refreshHeadroom: 60,
  backgroundAgingMs: 5_000,
  refreshSkewMs: 30_000,
};

export const DEFAULT_IDENTITY_CONFIG: IdentityConfig = {
  issuers: [],
  tenants: [],
  sessionTtlMs: 15 * 60_000,
  familyTtlMs: 12 * 60 * 60_000,
  pendingTtlMs: 30 * 60_000,
  sessionStartsPerMinute: 60,
  writesPerMinute: 120,
  signInPagesPerMinute: 600,
  signInConfirmsPerMinute: 60,
  novusReportsPerMinute: 60,
  lookupCacheTtlMs: 5_000,
};

/** The tenants file: `{ issuers: IssuerConfig[], tenants: TenantConfig[] }` (README). */
export function readTenantsFile(file: string): Pick<IdentityConfig, 'issuers' | 'tenants'> {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    issuers?: IssuerConfig[];
    tenants?: TenantConfig[];
  };
  const base = path.dirname(file);
  const issuers = (parsed.issuers ?? []).map((issuer) => ({
    ...issuer,
    ...(issuer.jwksFile ? { jwksFile: path.resolve(base, issuer.jwksFile) } : {}),
  }));
  const tenants = parsed.tenants ?? [];
  for (const tenant of tenants) {
    if (typeof tenant.systemKey !== 'string' || tenant.systemKey.trim() === '')
      throw new Error(`${file}: todo tenant precisa de systemKey.`);
    if (
      tenant.crmOrganizationName !== undefined &&
      (typeof tenant.crmOrganizationName !== 'string' || tenant.crmOrganizationName.trim() === '')
    )
      throw new Error(
        `${file}: crmOrganizationName do tenant '${tenant.systemKey}' deve ser um texto não vazio.`,
      );
    if (
      tenant.setupCode !== undefined &&
      (typeof tenant.setupCode !== 'string' || tenant.setupCode.trim().length < 12)
    )
      throw new Error(
        `${file}: setupCode do tenant '${tenant.systemKey}' deve ter ao menos 12 caracteres.`,
      );
    if (tenant.issuer && !issuers.some((issuer) => issuer.issuer === tenant.issuer))
      throw new Error(
        `${file}: o emissor '${tenant.issuer}' do tenant '${tenant.systemKey}' não está em issuers.`,
      );
  }
  return { issuers, tenants };
}

const defaultLookup = async (hostname: string): Promise<string[]> =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export function defaultRedirectUri(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/rdstation/auth/callback`;
}

/** A key from APP_SECRET_KEY-like input: 64 hex chars are used as is, anything else is derived. */
export function deriveSecretKey(input: Buffer | string): Buffer {
  if (Buffer.isBuffer(input)) {
    if (input.length !== 32) throw new Error('A chave secreta deve ter 32 bytes.');
    return input;
  }
  const trimmed = input.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (trimmed.length < 16) {
    throw new Error(
      'APP_SECRET_KEY precisa ter ao menos 16 caracteres (ou 64 dígitos hexadecimais).',
    );
  }
  return scryptSync(trimmed, 'crm-panel-api/secret-key', 32);
}

/**
 * The dev secret: generated once into DATA_DIR/secret.key (mode 0600) so restarts can still
 * decrypt what earlier runs stored.
 */
export function ensureDevSecretKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return deriveSecretKey(fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(dataDir, { recursive: true });
  const hex = randomBytes(32).toString('hex');
  try {
    fs.writeFileSync(file, hex, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process won the race: use its key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return deriveSecretKey(fs.readFileSync(file, 'utf8'));
  }
  return Buffer.from(hex, 'hex');
}

export function resolveConfig(input: ApiConfigInput = {}): ApiConfig {
  const dataDir = input.dataDir ?? path.join(WORKSPACE_ROOT, 'data');
  const database = input.database ?? {
    kind: 'sqlite',
    file: path.join(dataDir, 'crm-panel.sqlite'),
  };
  const port = input.port ?? 3333;
  const host = input.host ?? '127.0.0.1';
  return {
    mode: input.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development'),
    identity: { ...DEFAULT_IDENTITY_CONFIG, ...input.identity },
    lookupHost: input.lookupHost ?? defaultLookup,
    port,
    host,
    publicUrl: (input.publicUrl ?? 'http://127.0.0.1:3333').replace(/\/+$/, ''),
    crm: { ...DEFAULT_CRM_CONFIG, ...input.crm },
    chatTimeoutMs: input.chatTimeoutMs ?? 10_000,
    database,
    secretKey:
      input.secretKey !== undefined
        ? deriveSecretKey(input.secretKey)
        : ensureDevSecretKey(dataDir),
    corsOrigins: input.corsOrigins ?? DEFAULT_CORS_ORIGINS,
    trustProxy: input.trustProxy ?? false,
    logger: input.logger ?? { level: 'info' },
    passwordMaxAttempts: input.passwordMaxAttempts ?? 5,
    passwordWindowMs: input.passwordWindowMs ?? 15 * 60_000,
    oauthStateTtlMs: input.oauthStateTtlMs ?? 10 * 60_000,
    fetch: input.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args)),
    now: input.now ?? Date.now,
    crmCalls: { ...DEFAULT_CRM_CALLS_CONFIG, ...input.crmCalls },
    audit: { ...DEFAULT_AUDIT_CONFIG, ...input.audit },
    live: { ...DEFAULT_LIVE_CONFIG, ...input.live },
    metricsToken: input.metricsToken ?? null,
  };
}

function listFromEnv(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** An integer setting from `min` to `max`, or undefined when unset; a bad value stops the start. */
function integerFromEnv(
  env: NodeJS.ProcessEnv,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} deve ser um número inteiro de ${min} a ${max}.`);
  return value;
}

/**
 * TRUST_PROXY: unset → the socket's address; otherwise the comma-separated proxy addresses or
 * CIDRs whose X-Forwarded-For is believed (e.g. `127.0.0.1,10.0.0.0/8`). `true`/`*` (any sender's
 * X-Forwarded-For) is refused: every caller could then pick its own address.
 */
export function trustProxyFromEnv(value: string | undefined): false | string[] {
  const list = listFromEnv(value);
  if (!list) return false;
  if (list.some((item) => ['true', '*', '0.0.0.0/0', '::/0'].includes(item.toLowerCase())))
    throw new Error('TRUST_PROXY deve listar os proxies (endereços ou CIDRs), não todos.');
  return list;
}

/** The environment of `src/main.ts` (README lists every variable). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ApiConfigInput {
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(WORKSPACE_ROOT, 'data');
  const databaseUrl = env.DATABASE_URL?.trim();
  let database: DatabaseConfig;
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    database = { kind: 'postgres', url: databaseUrl };
  } else if (databaseUrl) {
    throw new Error('DATABASE_URL deve começar com postgres:// (sem ela, o SQLite é usado).');
  } else {
    database = { kind: 'sqlite', file: path.join(dataDir, 'crm-panel.sqlite') };
  }
  if (!env.APP_SECRET_KEY && env.NODE_ENV === 'production') {
    throw new Error('APP_SECRET_KEY é obrigatória em produção.');
  }
  const crm: Partial<CrmConfig> = {};
  if (env.CRM_BASE_URL) crm.baseUrl = env.CRM_BASE_URL.replace(/\/+$/, '');
  if (env.CRM_AUTHORIZE_URL) crm.authorizeUrl = env.CRM_AUTHORIZE_URL;
  if (env.CRM_TOKEN_URL) crm.tokenUrl = env.CRM_TOKEN_URL;
  if (env.CRM_V1_BASE_URL) crm.v1BaseUrl = env.CRM_V1_BASE_URL.replace(/\/+$/, '');
  // How long reference data (users, pipelines, sources…) is kept per tenant before the CRM is
  // asked again (README, 'Configuration'): an account whose webhooks cannot reach the api may want
  // it shorter; 0 keeps nothing.
  const cacheTtl = integerFromEnv(env, 'CRM_CACHE_TTL_MS', 0, 60 * 60_000);
  if (cacheTtl !== undefined) crm.cacheTtlMs = cacheTtl;
  const recordFresh = integerFromEnv(env, 'CRM_RECORD_FRESH_MS', 0, 10 * 60_000);
  if (recordFresh !== undefined) crm.recordFreshMs = recordFresh;
  const recordFreshWebhooks = integerFromEnv(env, 'CRM_RECORD_FRESH_WEBHOOKS_MS', 0, 60 * 60_000);
  if (recordFreshWebhooks !== undefined) crm.recordFreshWithWebhooksMs = recordFreshWebhooks;
  const recordStale = integerFromEnv(env, 'CRM_RECORD_STALE_MS', 0, 30 * 60_000);
  if (recordStale !== undefined) crm.recordStaleMs = recordStale;
  const refreshHeadroom = integerFromEnv(env, 'CRM_REFRESH_HEADROOM', 0, 1000);
  if (refreshHeadroom !== undefined) crm.refreshHeadroom = refreshHeadroom;
  const metricsToken = env.METRICS_TOKEN?.trim() ?? '';
  if (metricsToken !== '' && metricsToken.length < 16)
    throw new Error('METRICS_TOKEN deve ter ao menos 16 caracteres.');
  const identity: Partial<IdentityConfig> = env.TENANTS_FILE
    ? readTenantsFile(path.resolve(env.TENANTS_FILE))
    : {};
  if (env.SESSION_STARTS_PER_MINUTE)
    identity.sessionStartsPerMinute = Number(env.SESSION_STARTS_PER_MINUTE);
  if (env.WRITES_PER_MINUTE) identity.writesPerMinute = Number(env.WRITES_PER_MINUTE);
  const publicLimits = [
    ['SIGN_IN_PAGES_PER_MINUTE', 'signInPagesPerMinute'],
    ['SIGN_IN_CONFIRMS_PER_MINUTE', 'signInConfirmsPerMinute'],
    ['NOVUS_REPORTS_PER_MINUTE', 'novusReportsPerMinute'],
  ] as const;
  for (const [name, key] of publicLimits) {
    const perMinute = integerFromEnv(env, name, 1, 1_000_000);
    if (perMinute !== undefined) identity[key] = perMinute;
  }
  const lookupTtl = integerFromEnv(env, 'IDENTITY_CACHE_TTL_MS', 0, 60_000);
  if (lookupTtl !== undefined) identity.lookupCacheTtlMs = lookupTtl;
  const crmCalls = crmCallsFromEnv(env, crm);
  const retention = integerFromEnv(env, 'AUDIT_RETENTION_DAYS', 1, 3650);
  const audit: Partial<AuditConfig> = {};
  if (retention !== undefined) audit.retentionDays = retention;
  const live: Partial<LiveConfig> = {
    crmWebhooks: env.CRM_WEBHOOKS?.trim().toLowerCase() !== 'off',
  };
  const settle = integerFromEnv(env, 'WEBHOOK_ECHO_SETTLE_MS', 0, 5_000);
  if (settle !== undefined) live.webhookEchoSettleMs = settle;
  const perPerson = integerFromEnv(env, 'LIVE_STREAMS_PER_PERSON', 1, 100);
  if (perPerson !== undefined) live.streamsPerPerson = perPerson;
  const keep = integerFromEnv(env, 'WEBHOOK_KEEP_MS', 0, 7 * 24 * 60 * 60_000);
  if (keep !== undefined) live.webhookKeepMs = keep;
  return {
    mode: env.NODE_ENV === 'production' ? 'production' : 'development',
    identity,
    port: env.PORT ? Number(env.PORT) : 3333,
    host: env.HOST ?? '127.0.0.1',
    publicUrl: env.API_PUBLIC_URL ?? 'http://127.0.0.1:3333',
    crm,
    database,
    dataDir,
    secretKey: env.APP_SECRET_KEY,
    corsOrigins: listFromEnv(env.CORS_ORIGINS),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    logger: { level: env.LOG_LEVEL ?? 'info' },
    crmCalls,
    audit,
    live,
    ...(metricsToken !== '' ? { metricsToken } : {}),
  };
}

// ---- CRM list calls: paging, probes, deals of a contact, rate ----------

export interface CrmCallsConfig {
  /** Largest `page[size]` asked of the CRM (RD documents no maximum; the strict sandbox caps 100). */
  pageSize: number;
  /**
   * Lists the panel reads once are read to their end, but never past this many records: in
   * records, not pages, so a CRM that takes only 20 a page is read as far (100 pages) as one that
   * takes 100 (20 pages).
   */
  readAllMaxRecords: number;
  /** 'Negociações com esse contato': the most recently updated deals scanned, at any page size. */
  contactDealsMaxRecords: number;
  /** How long a probe's verdict (e.g. contacts `email:~` refused) is kept per tenant. */
  probeTtlMs: number;
  /** How often a request waiting for its fair share of the tenant's rate looks again. */
  ratePollMs: number;
}

export const DEFAULT_CRM_CALLS_CONFIG: CrmCallsConfig = {
  pageSize: 100,
  readAllMaxRecords: 2_000,
  contactDealsMaxRecords: 500,
  probeTtlMs: 24 * 60 * 60_000,
  ratePollMs: 25,
};

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} deve ser um número inteiro positivo.`);
  return value;
}

/** The bounds once counted pages; a setting left under the old name would be dropped unsaid. */
const RENAMED_BOUNDS: [string, string][] = [
  ['CRM_READ_ALL_MAX_PAGES', 'CRM_READ_ALL_MAX_RECORDS'],
  ['CRM_CONTACT_DEALS_MAX_PAGES', 'CRM_CONTACT_DEALS_MAX_RECORDS'],
];

/** CRM_PAGE_SIZE, CRM_READ_ALL_MAX_RECORDS, CRM_CONTACT_DEALS_MAX_RECORDS, …; also the tenant's rate. */
function crmCallsFromEnv(env: NodeJS.ProcessEnv, crm: Partial<CrmConfig>): Partial<CrmCallsConfig> {
  for (const [old, current] of RENAMED_BOUNDS)
    if (env[old] !== undefined && env[old]?.trim() !== '')
      throw new Error(
        `${old} deixou de existir: use ${current}, em registros (páginas × CRM_PAGE_SIZE).`,
      );
  const perMinute = positiveInteger(env, 'CRM_REQUESTS_PER_MINUTE');
  if (perMinute !== undefined) crm.maxRequestsPerMinute = perMinute;
  const read: [keyof CrmCallsConfig, string][] = [
    ['pageSize', 'CRM_PAGE_SIZE'],
    ['readAllMaxRecords', 'CRM_READ_ALL_MAX_RECORDS'],
    ['contactDealsMaxRecords', 'CRM_CONTACT_DEALS_MAX_RECORDS'],
    ['probeTtlMs', 'CRM_PROBE_TTL_MS'],
  ];
  const config: Partial<CrmCallsConfig> = {};
  for (const [key, name] of read) {
    const value = positiveInteger(env, name);
    if (value !== undefined) config[key] = value;
  }
  return config;
}
