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
import { buildApp } from '../../src/app';
import { type ApiConfigInput, type CrmConfig } from '../../src/config';

export interface Identity {
  systemKey: string;
  userId: string;
}

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
  /** A new api on the same storage (a restart); the old one must be closed first. */
  restart(overrides?: ApiConfigInput): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export function crmUrls(sandboxUrl: string): Partial<CrmConfig> {
  return {
    baseUrl: `${sandboxUrl}/crm/v2`,
    authorizeUrl: `${sandboxUrl}/oauth/authorize`,
    tokenUrl: `${sandboxUrl}/oauth2/token`,
    userinfoUrl: `${sandboxUrl}/oauth2/userinfo`,
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-test-'));
  const logs: string[] = [];
  const calls: OutboundCall[] = [];
  const secretsSeen: string[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const response = await fetch(input, init);
    if (url.endsWith('/oauth2/token')) {
      // Remember every token the CRM handed out: tests look for them where they must not be.
      const text = await response.clone().text();
      for (const match of text.matchAll(/"(access_token|refresh_token)":"([^"]+)"/g))
        secretsSeen.push(match[2] ?? '');
    }
    return response;
  };
  const config = (overrides: ApiConfigInput = {}): ApiConfigInput => ({
    dataDir,
    secretKey: TEST_SECRET_KEY,
    publicUrl: PUBLIC_URL,
    logger: { level: 'debug', destination: { write: (line: string) => void logs.push(line) } },
    fetch: recordingFetch,
    ...options.api,
    ...overrides,
    crm: { ...crmUrls(sandbox.url), retryBaseDelayMs: 20, ...options.api?.crm, ...overrides.crm },
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
    async restart(overrides) {
      api = await buildApp(config(overrides));
      return api;
    },
    async close() {
      await api.close();
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
}

export async function call(
  api: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const identity = options.as === undefined ? ALICE : options.as;
  const headers: Record<string, string> = {
    ...(identity ? { 'x-user-id': identity.userId, 'x-system-key': identity.systemKey } : {}),
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
  };
}

export async function configure(
  api: FastifyInstance,
  identity: Identity = ALICE,
  overrides: Record<string, string> = {},
  account: 'account1' | 'account2' = 'account1',
): Promise<CallResult> {
  const result = await call(api, 'POST', '/api/rdstation/credentials', {
    as: identity,
    body: { ...credentialsFor(account), ...overrides },
  });
  if (result.status !== 201) throw new Error(`configure failed: ${result.status} ${result.text}`);
  return result;
}

/** The whole OAuth dance: start → sandbox consent page → POST consent → our callback. */
export async function login(
  h: Pick<Harness, 'api'>,
  identity: Identity = ALICE,
  userEmail: string = ACCOUNT1.users.ana.email,
): Promise<CallResult> {
  const start = await call(h.api, 'GET', '/api/rdstation/auth/start', { as: identity });
  if (start.status !== 200) throw new Error(`auth/start failed: ${start.status} ${start.text}`);
  const callbackUrl = await consent(String(start.json.authUrl), userEmail);
  return call(h.api, 'GET', callbackUrl, { as: null });
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
