import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type HostUserInfo } from '@crm-panel/crm-model';
import { startApi, type RunningApi } from '@crm-panel/api';
import { signInOverHttp } from '@crm-panel/api/testing';
import {
  consentOverHttp,
  startSandbox,
  WELL_KNOWN,
  type RunningSandbox,
} from '@crm-panel/crm-sandbox';
import {
  ASSERTION_PATH,
  ATTENDANCES,
  HOST_SIM_AUDIENCE,
  HOST_SIM_ISSUER,
  IDENTITIES,
  JWKS_PATH,
  startHostSim,
  TENANT_ACME,
  type RunningHostSim,
} from '@crm-panel/host-sim';
import { configureApiClient } from '@api-client/client/apiClient';
import { chooseCrmUser, getAuthStatus, listCrmUsers } from '@crm-panel/api-client';
import { type SideWorld } from './calls';

// The real side of the contract test: crm-sandbox, host-sim (the host's identity assertions and
// chat API) and the api (buildApp, listening on a loopback port), wired as tools/scripts/stack.js
// wires them. The api's own test helpers (apps/api/test/support) are out of reach for a library's
// test (the boundary rule lets it use the api's public entry only), so the few steps they take are
// taken here through api-client's own calls, as the panel takes them.

const SECURITY_PASSWORD = 'senha-segura-123';

/** Ana: tenant-acme's admin; her host e-mail is her CRM user's, so no picker step is needed. */
function ana() {
  const identity = IDENTITIES.find((candidate) => candidate.userId === 'user-ana');
  if (!identity?.email) throw new Error('host-sim has no user-ana with an e-mail');
  return { ...identity, email: identity.email };
}

/** One request the api sent to the CRM's API v2. */
export interface CrmRequest {
  method: string;
  url: URL;
  body: string;
}

export interface RealSide {
  world: SideWorld;
  apiUrl: string;
  /** The CRM API v2 base the api calls (the sandbox's). */
  crmBaseUrl: string;
  /** Every CRM API v2 request the api sent, in order (the sign-in's, webhooks' and the calls'). */
  crmRequests: CrmRequest[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function hostAssertion(hostSim: RunningHostSim, userId: string): Promise<string | null> {
  const response = await fetch(`${hostSim.url}${ASSERTION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId }),
  });
  if (!response.ok) throw new Error(`host-sim assertion: ${response.status}`);
  return ((await response.json()) as { assertion: string | null }).assertion;
}

/**
 * The sign-in window (the api's own, over HTTP: auth/begin, the sandbox's consent, our callback
 * with the window's cookie and secret); then the picker's step if the api still asks who the
 * attendant is in the CRM.
 */
async function signInToCrm(authUrl: string, email: string): Promise<void> {
  await signInOverHttp(authUrl, email, consentOverHttp);
  if ((await getAuthStatus()).crmUserRequired) {
    const { users } = await listCrmUsers();
    const user = users.find((candidate) => candidate.email === email);
    if (!user) throw new Error(`crm-users: ${email} is not listed`);
    await chooseCrmUser(user.id);
  }
}

export async function startRealSide(): Promise<RealSide> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-contract-'));
  let sandbox: RunningSandbox | undefined;
  let hostSim: RunningHostSim | undefined;
  let api: RunningApi | undefined;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await api?.close();
    await hostSim?.close();
    await sandbox?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    [sandbox, hostSim] = await Promise.all([
      // The sandbox's account-wide 120 requests/minute is not what this test is about.
      // Its callback is the api's http loopback one, which RD's https rule leaves to a knob.
      startSandbox({ port: 0, rateLimitPerMinute: 0, knobs: { loopbackHttpCallbacks: true } }),
      startHostSim({ port: 0 }),
    ]);
    const crmBaseUrl = `${sandbox.url}/crm/v2`;
    const crmRequests: CrmRequest[] = [];
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const redirectUri = `${apiUrl}/api/rdstation/auth/callback`;
    sandbox.registerRedirectUri(redirectUri);
    api = await startApi({
      port,
      host: '127.0.0.1',
      publicUrl: apiUrl,
      dataDir,
      secretKey: 'c'.repeat(64),
      logger: false,
      identity: {
        issuers: [
          {
            issuer: HOST_SIM_ISSUER,
            audience: HOST_SIM_AUDIENCE,
            jwksUrl: `${hostSim.url}${JWKS_PATH}`,
          },
        ],
        tenants: [
          {
            systemKey: TENANT_ACME,
            issuer: HOST_SIM_ISSUER,
            crmOrganizationName: WELL_KNOWN.account1.name,
          },
        ],
        sessionStartsPerMinute: 10_000,
        writesPerMinute: 10_000,
      },
      // Every request to the CRM, recorded (the test holds them to crm:check's lists).
      fetch: async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.href.startsWith(`${crmBaseUrl}/`))
          crmRequests.push({
            method: (init?.method ?? 'GET').toUpperCase(),
            url,
            body: typeof init?.body === 'string' ? init.body : '',
          });
        return fetch(input, init);
      },
      crm: {
        baseUrl: crmBaseUrl,
        authorizeUrl: `${sandbox.url}/oauth/authorize`,
        tokenUrl: `${sandbox.url}/oauth2/token`,
        v1BaseUrl: `${sandbox.url}/api/v1`,
        retryBaseDelayMs: 20,
      },
    });

    const attendant = ana();
    const identity: HostUserInfo = { userId: attendant.userId, systemKey: attendant.systemKey };
    const running = hostSim;
    configureApiClient({
      baseURL: api.url,
      getIdentity: () => identity,
      session: true,
      getAssertion: () => hostAssertion(running, identity.userId),
    });

    // An attendance of the tenant with a host contact (the chat and the contact mapping).
    const attendance = ATTENDANCES.find(
      (item) => item.tenant === TENANT_ACME && item.attendance.contato,
    )?.attendance;
    const hostContactId = attendance?.contato?.id;
    if (!attendance || !hostContactId) throw new Error('host-sim has no tenant-acme contact');
    return {
      apiUrl: api.url,
      crmBaseUrl,
      crmRequests,
      world: {
        credentials: {
          clientId: WELL_KNOWN.account1.clientId,
          clientSecret: WELL_KNOWN.account1.clientSecret,
          redirectUri,
          securityPassword: SECURITY_PASSWORD,
          defaultChatDomain: hostSim.url,
        },
        signIn: (authUrl) => signInToCrm(authUrl, attendant.email),
        chatId: attendance.atendimentoId,
        channelId: attendance.canalId,
        hostContactId,
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
