import { type FastifyInstance } from 'fastify';
import {
  ACCOUNT1,
  type CallResult,
  type Identity,
  call,
  confirmCrmUser,
  consent,
  isConfirmPage,
  openSignInWindow,
  returnToCallback,
  signAssertion,
  testTenants,
} from './harness';

export type BrowserSession = Awaited<ReturnType<typeof openBrowser>>;

/**
 * One browser of the panel: its own session, as the panel keeps it. A signed tenant ('tenant-…')
 * sends the host's assertion with `claims` on top (e.g. `email`); an unsigned one ('open-…') none.
 */
export async function openBrowser(
  api: FastifyInstance,
  identity: Identity,
  claims: Record<string, unknown> = {},
) {
  const signed = testTenants(identity.systemKey)?.issuer !== undefined;
  const started = await call(api, 'POST', '/api/session', {
    as: identity,
    noSession: true,
    body: signed ? { assertion: await signAssertion(identity, claims) } : {},
  });
  if (started.status !== 201) throw new Error(`session: ${started.status} ${started.text}`);
  const token = String(started.json.token);
  const headers = {
    'x-user-id': identity.userId,
    'x-system-key': identity.systemKey,
    authorization: `Bearer ${token}`,
  };
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<CallResult> =>
    call(api, method, url, { as: null, headers, ...(body !== undefined ? { body } : {}) });
  /**
   * The sign-in window of this browser up to the callback's answer (the confirmation page when
   * the attendant must say who they are), and that window's confirmation of the user `email`.
   */
  const openSignIn = async (
    email: string = ACCOUNT1.users.ana.email,
  ): Promise<{
    page: CallResult;
    window: { cookie: string };
    confirm: () => Promise<CallResult>;
  }> => {
    const start = await send('GET', '/api/rdstation/auth/start');
    if (start.status !== 200) throw new Error(`auth/start: ${start.status} ${start.text}`);
    const window = await openSignInWindow(api, String(start.json.authUrl));
    const callbackUrl = await consent(window.consentUrl, email);
    const page = await returnToCallback(api, window, callbackUrl);
    return { page, window, confirm: () => confirmCrmUser(api, window, page, email) };
  };
  return {
    token,
    headers,
    started,
    send,
    openSignIn,
    /**
     * The sign-in window of this browser: begin (cookie and the window's secret), consent, the
     * callback in that window, and the confirmation of the CRM user with `email` when asked.
     */
    async signIn(
      email: string = ACCOUNT1.users.ana.email,
      options: { confirm?: boolean } = {},
    ): Promise<CallResult> {
      const { page, confirm } = await openSignIn(email);
      if (!isConfirmPage(page) || options.confirm === false) return page;
      return confirm();
    },
    /**
     * A read behind the security password (hosts that sign nothing), as the credentials
     * manager sends it: this browser's session, and the password when one is given.
     */
    withSecurityPassword(url: string, password?: string): Promise<CallResult> {
      return call(api, 'GET', url, {
        as: null,
        headers: {
          ...headers,
          ...(password === undefined ? {} : { 'x-security-password': password }),
        },
      });
    },
    /** The picker's step: says this browser is the listed CRM user with `email`. */
    async chooseCrmUser(email: string): Promise<CallResult> {
      const list = await send('GET', '/api/rdstation/auth/crm-users');
      const users = (list.json.data as { users?: { id: string; email: string }[] } | undefined)
        ?.users;
      const user = users?.find((candidate) => candidate.email === email);
      if (!user) throw new Error(`crm-users: ${email} not listed (${list.status} ${list.text})`);
      return send('POST', '/api/rdstation/auth/crm-user', { userId: user.id });
    },
  };
}
