import { SIGNED_OUT_AUTH_STATUS } from '@crm-panel/crm-model';
import { consentedSignInOverHttp, signInOverHttp } from '@crm-panel/api/testing';
import { consentOverHttp, WELL_KNOWN } from '@crm-panel/crm-sandbox';
import type { Stack } from './stack';

/** The host identities host-sim offers (tools/host-sim/README.md). */
export const ANA = { userId: 'user-ana', systemKey: 'tenant-acme' } as const;
export const BRUNO = { userId: 'user-bruno', systemKey: 'tenant-acme' } as const;
export const CARLA = { userId: 'user-carla', systemKey: 'tenant-beta' } as const;
export type Identity = { userId: string; systemKey: string };

export const SECURITY_PASSWORD = 'segredo-forte-123';
export const ACME = WELL_KNOWN.account1;
export const BETA = WELL_KNOWN.account2;
type Account = { clientId: string; clientSecret: string };

export interface CallResult {
  status: number;
  json: Record<string, unknown>;
}

/**
 * The session this test process holds for `identity`, earned as the panel earns it: with
 * host-sim's signed assertion for tenant-acme, and as a session of its own (a 'browser' apart from
 * any Chromium page) for tenant-beta, whose host signs nothing.
 */
const sessions = new WeakMap<Stack, Map<string, string>>();

async function sessionToken(stack: Stack, identity: Identity): Promise<string> {
  let tokens = sessions.get(stack);
  if (!tokens) {
    tokens = new Map();
    sessions.set(stack, tokens);
  }
  const key = `${identity.systemKey}/${identity.userId}`;
  const known = tokens.get(key);
  if (known) return known;
  const issued = await fetch(`http://127.0.0.1:${stack.ports['host-sim']}/__host/assertion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: identity.userId }),
  });
  const { assertion } = (await issued.json()) as { assertion: string | null };
  const started = await fetch(`http://127.0.0.1:${stack.ports.api}/api/session`, {
    method: 'POST',
    headers: {
      'x-user-id': identity.userId,
      'x-system-key': identity.systemKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify(assertion ? { assertion } : {}),
  });
  const session = (await started.json()) as { token?: string };
  if (started.status !== 201 || !session.token)
    throw new Error(`session: ${started.status} ${JSON.stringify(session)}`);
  tokens.set(key, session.token);
  return session.token;
}

/** One call to the api as the panel makes it (session, identity headers, JSON). */
export async function callApi(
  stack: Stack,
  identity: Identity,
  method: string,
  path: string,
  body?: unknown,
  /** More headers (the security password of a host that signs nothing, …). */
  headers: Record<string, string> = {},
): Promise<CallResult> {
  const response = await fetch(`http://127.0.0.1:${stack.ports.api}${path}`, {
    method,
    headers: {
      'x-user-id': identity.userId,
      'x-system-key': identity.systemKey,
      authorization: `Bearer ${await sessionToken(stack, identity)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

async function expectOk(result: Promise<CallResult>, what: string): Promise<CallResult> {
  const done = await result;
  if (done.status >= 300) throw new Error(`${what}: ${done.status} ${JSON.stringify(done.json)}`);
  return done;
}

/** Terms accepted for this user. */
export function acceptTerms(stack: Stack, identity: Identity) {
  return expectOk(callApi(stack, identity, 'POST', '/api/rdstation/terms/accept', {}), 'terms');
}

/** The tenant's credentials, pointing the chat domain at host-sim. */
export async function configureTenant(stack: Stack, identity: Identity, account: Account = ACME) {
  const status = await expectOk(
    callApi(stack, identity, 'GET', '/api/rdstation/credentials/status'),
    'credentials status',
  );
  return expectOk(
    callApi(stack, identity, 'POST', '/api/rdstation/credentials', {
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      redirectUri: status.json.redirectUri,
      securityPassword: SECURITY_PASSWORD,
      confirmSecurityPassword: SECURITY_PASSWORD,
      defaultChatDomain: `http://localhost:${stack.ports['host-sim']}`,
      // tenant-beta's host signs nothing: the operator's setup code says who may configure it.
      ...(stack.setupCodes[identity.systemKey]
        ? { setupCode: stack.setupCodes[identity.systemKey] }
        : {}),
    }),
    'credentials',
  );
}

/** auth/start's URL for the sign-in window of `identity`. */
async function authUrl(stack: Stack, identity: Identity): Promise<string> {
  const start = await expectOk(
    callApi(stack, identity, 'GET', '/api/rdstation/auth/start'),
    'auth start',
  );
  return String(start.json.authUrl);
}

/**
 * A sign-in up to the CRM's answer: start → auth/begin (its cookie, and the window's secret its
 * page keeps) → the sandbox's consent as `crmUserEmail`; the callback URL is not opened.
 */
export async function consentedSignIn(stack: Stack, identity: Identity, crmUserEmail: string) {
  return consentedSignInOverHttp(await authUrl(stack, identity), crmUserEmail, consentOverHttp);
}

/**
 * The OAuth dance without Chromium, as the sign-in window does it (the api's signInOverHttp):
 * start → auth/begin → sandbox consent → our callback with the window's cookie and secret → for a
 * host that signs no e-mail, the confirmation of the CRM user with `crmUserEmail`; then the
 * panel's picker when RD's token names nobody.
 */
export async function signIn(stack: Stack, identity: Identity, crmUserEmail: string) {
  await signInOverHttp(await authUrl(stack, identity), crmUserEmail, consentOverHttp);
  await chooseCrmUser(stack, identity, crmUserEmail);
}

/**
 * The step after the sign-in: RD's token names nobody. Ana and Bruno need nothing (host-sim signs
 * their e-mails); a host that signs nothing (Carla) says who she is, as the panel's picker does.
 */
export async function chooseCrmUser(stack: Stack, identity: Identity, crmUserEmail: string) {
  const status = await expectOk(
    callApi(stack, identity, 'GET', '/api/rdstation/auth/status'),
    'auth status',
  );
  if (status.json.crmUserRequired !== true) return;
  const list = await expectOk(
    callApi(stack, identity, 'GET', '/api/rdstation/auth/crm-users'),
    'crm users',
  );
  const users = (list.json.data as { users: { id: string; email: string }[] }).users;
  const user = users.find((candidate) => candidate.email === crmUserEmail);
  if (!user) throw new Error(`crm users: ${crmUserEmail} not listed`);
  await expectOk(
    callApi(stack, identity, 'POST', '/api/rdstation/auth/crm-user', { userId: user.id }),
    'crm user',
  );
}

/** auth/status of a session with no CRM sign-in. */
export const SIGNED_OUT = SIGNED_OUT_AUTH_STATUS;

/** Links a host contact to a CRM contact, as the contact-linking page does. */
export function linkContact(
  stack: Stack,
  identity: Identity,
  hostContactId: string,
  crmContactId: string,
) {
  return expectOk(
    callApi(stack, identity, 'POST', '/api/rdstation/contact-mapping', {
      contactId: hostContactId,
      rdstationContactId: crmContactId,
    }),
    'contact mapping',
  );
}

/** A tenant ready for the main panel: terms, credentials, the user signed in to the CRM. */
export async function readyTenant(
  stack: Stack,
  identity: Identity = ANA,
  account: Account = ACME,
  crmUserEmail: string = ACME.users.ana.email,
) {
  await acceptTerms(stack, identity);
  await configureTenant(stack, identity, account);
  await signIn(stack, identity, crmUserEmail);
}

/** Ana's tenant ready for the main panel, with Mariana Costa's chat linked to her CRM contact. */
export async function readyAnaWithMariana(stack: Stack) {
  await readyTenant(stack, ANA);
  await linkContact(stack, ANA, 'contato-mariana', ACME.contact.id);
}
