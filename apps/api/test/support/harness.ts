import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type RunningSandbox,
  type SandboxOptions,
  WELL_KNOWN,
  startSandbox,
  consentOverHttp,
} from '@crm-panel/crm-sandbox';
import { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildApp } from '@api/app';
import { createCrmTransport } from '@api/crm/crmTransport';
import { openDatabase } from '@api/db/database';
import { type DatabaseSchema } from '@api/db/schema';
import { type ApiConfigInput, type CrmConfig, type TenantConfig } from '@api/config';

export interface Identity {
  systemKey: string;
  userId: string;
  /** The role the test host signs (default 'admin'); tenants named 'open-…' sign nothing. */
  role?: 'admin' | 'attendant';
}

/** The operator's setup code of every 'open-…' tenant (whom the operator lets configure it). */
export const TEST_SETUP_CODE = 'codigo-de-configuracao-de-teste';

/** The host that signs the test tenants' identities, as a real host would (EdDSA, 5 min). */
export const TEST_ISSUER = 'urn:crm-panel:test-host';
const issuerKeys = generateKeyPair('EdDSA', { extractable: true });

export async function testIssuerJwks(): Promise<{ keys: Record<string, unknown>[] }> {
  const jwk = await exportJWK((await issuerKeys).publicKey);
  return { keys: [{ ...jwk, kid: 'test-key', alg: 'EdDSA', use: 'sig' }] };
}

/** A host assertion for `identity`; claims can be overridden to forge bad ones. */
export async function signAssertion(
  identity: Identity,
  overrides: Record<string, unknown> = {},
  lifeSeconds = 300,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    tenant: identity.systemKey,
    role: identity.role ?? 'admin',
    jti: `${identity.userId}-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key', typ: 'JWT' })
    .setIssuer(String(overrides.iss ?? TEST_ISSUER))
    .setAudience(String(overrides.aud ?? 'crm-panel'))
    .setSubject(String(overrides.sub ?? identity.userId))
    .setIssuedAt(now)
    .setExpirationTime(now + lifeSeconds)
    .sign((await issuerKeys).privateKey);
}

/**
 * The registered tenants of the tests: 'tenant-…' are signed by TEST_ISSUER, 'open-…' sign nothing
 * (their sessions are earned by the CRM sign-in), anything else is unknown.
 */
export const testTenants = (systemKey: string): TenantConfig | null => {
  if (systemKey.startsWith('tenant-')) return { systemKey, issuer: TEST_ISSUER };
  if (systemKey.startsWith('open-')) return { systemKey, setupCode: TEST_SETUP_CODE };
  return null;
};

export const ALICE: Identity = { systemKey: 'tenant-a', userId: 'alice' };
export const ARTHUR: Identity = { systemKey: 'tenant-a', userId: 'arthur' };
export const BEATRIZ: Identity = { systemKey: 'tenant-b', userId: 'beatriz' };

let peopleSeq = 0;

/** Identities of a tenant nobody else in the test file uses (alice and arthur) and of another (beatriz). */
export function freshPeople(): { alice: Identity; arthur: Identity; beatriz: Identity } {
  peopleSeq += 1;
  const tenant = `tenant-${process.pid}-${peopleSeq}`;
  return {
    alice: { systemKey: tenant, userId: 'alice' },
    arthur: { systemKey: tenant, userId: 'arthur' },
    beatriz: { systemKey: `${tenant}-b`, userId: 'beatriz' },
  };
}

/**
 * Fresh tenant keys for one test of a file: `signed` ('tenant-…', its host signs who the person
 * is) and `open` ('open-…', a host that signs nothing), named after the file's `topic`.
 */
export function freshTenants(topic: string): { signed: string; open: string } {
  peopleSeq += 1;
  return {
    signed: `tenant-${topic}-${process.pid}-${peopleSeq}`,
    open: `open-${topic}-${process.pid}-${peopleSeq}`,
  };
}

export const TEST_SECRET_KEY = 'a'.repeat(64);
export const PUBLIC_URL = 'http://127.0.0.1:3333';
export const REDIRECT_URI = `${PUBLIC_URL}/api/rdstation/auth/callback`;
export const SECURITY_PASSWORD = 'senha-segura-123';

export interface OutboundCall {
  method: string;
  url: string;
  body: string;
}

export interface Harness {
  sandbox: RunningSandbox;
  api: FastifyInstance;
  logs: string[];
  calls: OutboundCall[];
  /** Every access and refresh token the sandbox issued to this api. */
  secretsSeen: string[];
  dataDir: string;
  /** Calls that reached the sandbox's token endpoint with grant_type=refresh_token. */
  refreshCalls(): OutboundCall[];
  /** Rows in one table of the api's store (read through a connection of its own). */
  countRows(table: keyof DatabaseSchema): Promise<number>;
  /** A new api on the same storage (a restart); the old one must be closed first. */
  restart(overrides?: ApiConfigInput): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export function crmUrls(sandboxUrl: string): Partial<CrmConfig> {
  return {
    baseUrl: `${sandboxUrl}/crm/v2`,
    authorizeUrl: `${sandboxUrl}/oauth/authorize`,
    tokenUrl: `${sandboxUrl}/oauth2/token`,
    v1BaseUrl: `${sandboxUrl}/api/v1`,
  };
}

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  api?: ApiConfigInput;
  /** Share one sandbox between harnesses (not closed by this harness). */
  sharedSandbox?: RunningSandbox;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = options.sharedSandbox ?? (await startSandbox({ port: 0, ...options.sandbox }));
  // The sandbox answers only registered callback URLs (its README, OAuth): register the tests' one,
  // an http loopback address, which the sandbox takes only with its knob (RD asks for https).
  sandbox.setKnobs({ loopbackHttpCallbacks: true });
  sandbox.registerRedirectUri(REDIRECT_URI);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-test-'));
  const logs: string[] = [];
  const calls: OutboundCall[] = [];
  const secretsSeen: string[] = [];
  // The CRM v2 calls travel as in production, over the api's kept-alive transport.
  const crmTransport = createCrmTransport();
  const crmBase = `${sandbox.url}/crm/v2/`;
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const response = await (url.startsWith(crmBase) ? crmTransport.fetch : fetch)(input, init);
    if (url.endsWith('/oauth2/token')) {
      // Remember every token the CRM handed out: tests look for them where they must not be.
      const text = await response.clone().text();
      for (const match of text.matchAll(/"(access_token|refresh_token)":"([^"]+)"/g))
        secretsSeen.push(match[2] ?? '');
    }
    return response;
  };
  const jwks = await testIssuerJwks();
  const config = (overrides: ApiConfigInput = {}): ApiConfigInput => ({
    dataDir,
    secretKey: TEST_SECRET_KEY,
    publicUrl: PUBLIC_URL,
    logger: { level: 'debug', destination: { write: (line: string) => void logs.push(line) } },
    fetch: recordingFetch,
    ...options.api,
    ...overrides,
    identity: {
      issuers: [{ issuer: TEST_ISSUER, jwks }],
      tenants: testTenants,
      sessionStartsPerMinute: 100_000,
      writesPerMinute: 100_000,
      signInPagesPerMinute: 100_000,
      signInConfirmsPerMinute: 100_000,
      novusReportsPerMinute: 100_000,
      ...options.api?.identity,
      ...overrides.identity,
    },
    crm: { ...crmUrls(sandbox.url), retryBaseDelayMs: 20, ...options.api?.crm, ...overrides.crm },
    // RD webhooks cost each new tenant 7 CRM calls at its first sign-in; every tenant here shares
    // one sandbox account and its 120 calls a minute. Only the webhook tests turn them on.
    live: { crmWebhooks: false, ...options.api?.live, ...overrides.live },
  });
  let api: FastifyInstance;
  try {
    api = await buildApp(config());
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!options.sharedSandbox) await sandbox.close();
    throw error;
  }
  return {
    sandbox,
    get api() {
      return api;
    },
    logs,
    calls,
    secretsSeen,
    dataDir,
    refreshCalls: () =>
      calls.filter(
        (call) =>
          call.url.endsWith('/oauth2/token') && call.body.includes('grant_type=refresh_token'),
      ),
    async countRows(table) {
      const database = openDatabase(
        options.api?.database ?? { kind: 'sqlite', file: path.join(dataDir, 'crm-panel.sqlite') },
      );
      try {
        const row = await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        return Number(row.count);
      } finally {
        await database.close();
      }
    },
    async restart(overrides) {
      api = await buildApp(config(overrides));
      return api;
    },
    async close() {
      await api.close();
      crmTransport.close();
      if (!options.sharedSandbox) await sandbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallResult {
  status: number;
  body: unknown;
  /** The body as a record (tests read fields from it). */
  json: Record<string, unknown>;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  as?: Identity | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the identity headers without a session token (default: the identity's session). */
  noSession?: boolean;
}

// One session per identity and api instance, earned as the panel would (POST /api/session).
const sessionTokens = new WeakMap<FastifyInstance, Map<string, string>>();
const sessionKey = (identity: Identity) =>
  JSON.stringify([identity.systemKey, identity.userId, identity.role ?? 'admin']);

/** POST /api/session for `identity`: with a signed assertion for 'tenant-…', without for 'open-…'. */
export async function startSession(api: FastifyInstance, identity: Identity): Promise<CallResult> {
  const signed = testTenants(identity.systemKey)?.issuer !== undefined;
  return call(api, 'POST', '/api/session', {
    as: identity,
    noSession: true,
    body: signed ? { assertion: await signAssertion(identity) } : {},
  });
}

/** The identity's session token on this api (started once, then reused). */
export async function sessionToken(api: FastifyInstance, identity: Identity): Promise<string> {
  let tokens = sessionTokens.get(api);
  if (!tokens) {
    tokens = new Map();
    sessionTokens.set(api, tokens);
  }
  const key = sessionKey(identity);
  const known = tokens.get(key);
  if (known) return known;
  const started = await startSession(api, identity);
  if (started.status !== 201) throw new Error(`session failed: ${started.status} ${started.text}`);
  const token = String(started.json.token);
  tokens.set(key, token);
  return token;
}

/** The headers the panel sends for `identity`: who, and the session token. */
export async function sessionHeaders(
  api: FastifyInstance,
  identity: Identity,
): Promise<Record<string, string>> {
  return {
    'x-user-id': identity.userId,
    'x-system-key': identity.systemKey,
    authorization: `Bearer ${await sessionToken(api, identity)}`,
  };
}

/** Forget the identity's session on this api (the next call earns a new one). */
export function forgetSession(api: FastifyInstance, identity: Identity): void {
  sessionTokens.get(api)?.delete(sessionKey(identity));
}

export async function call(
  api: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const identity = options.as === undefined ? ALICE : options.as;
  const token =
    identity && !options.noSession && testTenants(identity.systemKey)
      ? await sessionToken(api, identity)
      : null;
  const headers: Record<string, string> = {
    ...(identity ? { 'x-user-id': identity.userId, 'x-system-key': identity.systemKey } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await api.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
  const body = parseJson(response.body);
  const json =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  return {
    status: response.statusCode,
    body,
    json,
    text: response.body,
    headers: response.headers,
  };
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export const ACCOUNT1 = WELL_KNOWN.account1;
export const ACCOUNT2 = WELL_KNOWN.account2;

export function credentialsFor(account: 'account1' | 'account2' = 'account1') {
  const app = WELL_KNOWN[account];
  return {
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    redirectUri: REDIRECT_URI,
    securityPassword: SECURITY_PASSWORD,
    defaultChatDomain: 'chat.example.com',
    // Asked only where the host signs nothing ('open-…'); a signed admin's call ignores it.
    setupCode: TEST_SETUP_CODE,
  };
}

export async function configure(
  api: FastifyInstance,
  identity: Identity = ALICE,
  overrides: Record<string, string> = {},
  account: 'account1' | 'account2' = 'account1',
): Promise<CallResult> {
  // An admin configures after the terms screen, as in the product.
  await acceptTerms(api, identity);
  const result = await call(api, 'POST', '/api/rdstation/credentials', {
    as: identity,
    body: { ...credentialsFor(account), ...overrides },
  });
  if (result.status !== 201) throw new Error(`configure failed: ${result.status} ${result.text}`);
  return result;
}

export async function acceptTerms(api: FastifyInstance, identity: Identity): Promise<void> {
  const result = await call(api, 'POST', '/api/rdstation/terms/accept', { as: identity });
  if (result.status !== 200) throw new Error(`terms failed: ${result.status} ${result.text}`);
}

const unescapeHtml = (value: string): string =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** An attribute of the sign-in window's page (`data-window`, `data-next`, the form's fields). */
export function pageAttribute(html: string, pattern: RegExp): string {
  const found = pattern.exec(html)?.[1];
  if (found === undefined) throw new Error(`not in the page: ${pattern.source}\n${html}`);
  return unescapeHtml(found);
}

/**
 * The sign-in window: auth/begin sets its cookie, and its page keeps the window's secret (in the
 * browser, its sessionStorage) before it goes on to the CRM's consent page.
 */
export async function openSignInWindow(
  api: FastifyInstance,
  authUrl: string,
  headers: Record<string, string> = {},
): Promise<{ cookie: string; consentUrl: string; windowProof: string }> {
  const url = new URL(authUrl);
  const begin = await api.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
  if (begin.statusCode !== 200)
    throw new Error(`auth/begin failed: ${begin.statusCode} ${begin.body}`);
  const setCookie = String(begin.headers['set-cookie'] ?? '');
  return {
    cookie: setCookie.split(';')[0] ?? '',
    consentUrl: pageAttribute(begin.body, /data-next="([^"]*)"/),
    windowProof: pageAttribute(begin.body, /data-window="([^"]*)"/),
  };
}

/** auth/start, then the sign-in window opens it: its cookie, the consent URL and the state. */
export async function beginSignIn(
  api: FastifyInstance,
  identity: Identity,
): Promise<{
  cookie: string;
  consentUrl: string;
  windowProof: string;
  state: string;
  authUrl: string;
}> {
  const start = await call(api, 'GET', '/api/rdstation/auth/start', { as: identity });
  if (start.status !== 200) throw new Error(`auth/start failed: ${start.status} ${start.text}`);
  const authUrl = String(start.json.authUrl);
  const window = await openSignInWindow(api, authUrl);
  const state = new URL(window.consentUrl).searchParams.get('state') ?? '';
  return { ...window, state, authUrl };
}

/**
 * The CRM sends the window back to our callback: its first page relays the window's secret (the
 * browser runs it), the second answers the sign-in (confirmation, success or error page).
 */
export async function returnToCallback(
  api: FastifyInstance,
  window: { cookie: string; windowProof: string },
  callbackUrl: string,
): Promise<CallResult> {
  const relay = await call(api, 'GET', callbackUrl, {
    as: null,
    headers: { cookie: window.cookie },
  });
  if (relay.status !== 200 || !relay.text.includes('window_proof')) return relay;
  const url = new URL(callbackUrl, PUBLIC_URL);
  url.searchParams.set('window_proof', window.windowProof);
  return call(api, 'GET', `${url.pathname}${url.search}`, {
    as: null,
    headers: { cookie: window.cookie },
  });
}

/** The confirmation page's form: the attendant picks the CRM user with `email` and confirms. */
/** The sign-in confirmation page's form, posted as a browser holding `cookie` (or none) posts it. */
export function postConfirmation(
  api: FastifyInstance,
  cookie: string | null,
  confirm: string,
  userId: string,
) {
  return api.inject({
    method: 'POST',
    url: '/api/rdstation/auth/confirm',
    headers: {
      ...(cookie ? { cookie } : {}),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ confirm, userId }).toString(),
  });
}

export async function confirmCrmUser(
  api: FastifyInstance,
  window: { cookie: string },
  page: CallResult,
  email: string,
): Promise<CallResult> {
  const confirm = pageAttribute(page.text, /name="confirm" value="([^"]*)"/);
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const userId = pageAttribute(
    page.text,
    new RegExp(`value="([^"]*)" required>[^<]*<small>${escaped}</small>`),
  );
  const response = await postConfirmation(api, window.cookie, confirm, userId);
  return {
    status: response.statusCode,
    body: null,
    json: {},
    text: response.body,
    headers: response.headers,
  };
}

/** Whether a callback answered the confirmation page (who the attendant is, before binding). */
export const isConfirmPage = (page: CallResult): boolean =>
  page.status === 200 && page.text.includes('name="confirm"');

/**
 * The whole OAuth dance of the sign-in window: terms accepted, start → auth/begin (the window's
 * cookie and secret) → sandbox consent page → POST consent → our callback, in that same window →
 * the confirmation of the CRM user `userEmail` (unless `confirm: false`; a host-signed e-mail
 * decides without it).
 */
export async function login(
  h: Pick<Harness, 'api'>,
  identity: Identity = ALICE,
  userEmail: string = ACCOUNT1.users.ana.email,
  options: { confirm?: boolean } = {},
): Promise<CallResult> {
  await acceptTerms(h.api, identity);
  const start = await call(h.api, 'GET', '/api/rdstation/auth/start', { as: identity });
  if (start.status !== 200) throw new Error(`auth/start failed: ${start.status} ${start.text}`);
  const window = await openSignInWindow(h.api, String(start.json.authUrl));
  const callbackUrl = await consent(window.consentUrl, userEmail);
  const page = await returnToCallback(h.api, window, callbackUrl);
  if (!isConfirmPage(page) || options.confirm === false) return page;
  return confirmCrmUser(h.api, window, page, userEmail);
}

/**
 * The step after the sign-in, as the panel's picker does it: the CRM user with `email` from
 * GET auth/crm-users, confirmed with POST auth/crm-user (nothing to do once it is decided).
 */
export async function chooseCrmUser(
  api: FastifyInstance,
  identity: Identity,
  email: string,
): Promise<void> {
  const status = await call(api, 'GET', '/api/rdstation/auth/status', { as: identity });
  if (status.json.crmUserRequired !== true) return;
  const list = await call(api, 'GET', '/api/rdstation/auth/crm-users', { as: identity });
  const users = (list.json.data as { users?: { id: string; email: string }[] } | undefined)?.users;
  const user = users?.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`crm-users: ${email} not listed (${list.status} ${list.text})`);
  const chosen = await call(api, 'POST', '/api/rdstation/auth/crm-user', {
    as: identity,
    body: { userId: user.id },
  });
  if (chosen.status !== 200) throw new Error(`crm-user failed: ${chosen.status} ${chosen.text}`);
}

/** Posts the sandbox consent form; answers our callback path (path + query) from the redirect. */
export async function consent(
  authUrl: string,
  userEmail: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<string> {
  const url = await consentOverHttp(authUrl, userEmail, decision);
  return `${url.pathname}${url.search}`;
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** GET /api/health of the test apis: they register no webhooks (CRM_WEBHOOKS off by default). */
export const HEALTH_WITHOUT_CRM_WEBHOOKS = {
  status: 'ok',
  crmLiveUpdates: {
    on: false,
    reason: 'disabled',
    message: 'Atualizações ao vivo do RD Station CRM: desligadas neste servidor.',
    action: 'Peça ao responsável pelo servidor do painel para ligá-las (CRM_WEBHOOKS).',
    // Off on the whole server: no tenant is counted.
    degraded: false,
    tenants: null,
  },
};
