// The api believes only what the host signed or what the CRM sign-in
// proved in the same browser. Every finding of the attacker's probes is a refusal here, on SQLite
// and on PostgreSQL.
import { type FastifyInstance } from 'fastify';
import { API_MESSAGES } from '@api/messages';
import { SIGNED_OUT } from '@api/routes/auth';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  PUBLIC_URL,
  REDIRECT_URI,
  SECURITY_PASSWORD,
  acceptTerms,
  call,
  configure,
  confirmCrmUser,
  consent,
  credentialsFor,
  forgetSession,
  isConfirmPage,
  login,
  openSignInWindow,
  returnToCallback,
  sessionHeaders,
  signAssertion,
  startHarness,
  startSession,
} from './support/harness';
import { openBrowser } from './support/browserSession';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

type Kind = StoreKind;

// The pt-BR texts of src/messages.ts; the e2e journeys read them on screen.
const MESSAGES = API_MESSAGES;

const stores = sandboxAndStoresPerFile();
const databaseOf = (kind: Kind) => stores.databaseOf(kind);
let seq = 0;

/** Two attendants of a signed tenant ('tenant-…') and a browser pair of an unsigned one ('open-…'). */
function people() {
  seq += 1;
  const signed = `tenant-id-${process.pid}-${seq}`;
  return {
    admin: { systemKey: signed, userId: 'ana', role: 'admin' } as Identity,
    colleague: { systemKey: signed, userId: 'bruno', role: 'attendant' } as Identity,
    open: { systemKey: `open-${process.pid}-${seq}`, userId: 'carla' } as Identity,
  };
}

/** A browser of an unsigned tenant: its own session token, as the panel keeps it. */
const browser = (api: FastifyInstance, identity: Identity) => openBrowser(api, identity);

describe.each<Kind>(['sqlite', 'postgres'])('trusted identity on %s', (kind) => {
  const h = stores.harnessOn(kind);

  describe('tenants are provisioned, not claimed', () => {
    it('refuses an unknown system key with 401 in pt-BR, on session start and on every route', async () => {
      const stranger = { systemKey: 'not-registered', userId: 'x' };
      const start = await call(h.api, 'POST', '/api/session', { as: stranger, body: {} });
      expect(start).toMatchObject({
        status: 401,
        json: { message: MESSAGES.tenantUnknown, code: 'tenant_unknown' },
      });
      const read = await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: stranger });
      expect(read).toMatchObject({ status: 401, json: { code: 'tenant_unknown' } });
    });
  });

  describe('only the tenant key and a colleague id', () => {
    it('answers 401 in pt-BR on every route but health, docs, the callback and session start', async () => {
      const { admin, colleague } = people();
      await configure(h.api, admin);
      await login(h, admin);
      const docs = (await h.api.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
      };
      let checked = 0;
      for (const [route, operations] of Object.entries(docs.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const identified = (operation.parameters ?? []).some(
            (p) => p.in === 'header' && p.name === 'x-user-id',
          );
          if (!identified || route === '/api/session') continue;
          const url = route
            .replace('{pipelineId}', 'p1')
            .replace('{stageId}', 's1')
            .replace('{productId}', 'x1')
            .replace(/\{[^}]+\}/g, 'abc');
          // The attacker's curl: the right tenant, the colleague's id, no session of theirs.
          const response = await h.api.inject({
            method: method.toUpperCase() as 'GET',
            url: url.includes('/chat/') ? `${url}?channelId=c1` : url,
            headers: {
              'x-user-id': colleague.userId,
              'x-system-key': colleague.systemKey,
              'content-type': 'application/json',
            },
            payload: method === 'get' ? undefined : '{}',
          });
          expect({ route, method, status: response.statusCode }).toEqual({
            route,
            method,
            status: 401,
          });
          expect(response.json()).toEqual({
            message: MESSAGES.sessionRequired,
            code: 'session_required',
          });
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(40);
    });

    it("a session earned by one user never yields another user's data or CRM session", async () => {
      const { admin, colleague } = people();
      await configure(h.api, admin);
      await login(h, admin);
      const adminHeaders = await sessionHeaders(h.api, admin);
      // The admin's token with the colleague's id: refused, whatever the route.
      for (const url of ['/api/rdstation/user/profile', '/api/rdstation/auth/status']) {
        const swapped = await call(h.api, 'GET', url, {
          as: null,
          headers: { ...adminHeaders, 'x-user-id': colleague.userId },
        });
        expect(swapped).toMatchObject({
          status: 401,
          json: { message: MESSAGES.sessionMismatch, code: 'session_mismatch' },
        });
      }
      // The colleague's own session reaches no CRM session of the admin's.
      await acceptTerms(h.api, colleague);
      expect(
        (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: colleague })).json,
      ).toEqual({ ...SIGNED_OUT });
      expect(
        (await call(h.api, 'GET', '/api/rdstation/user/profile', { as: colleague })).status,
      ).toBe(401);
      // Ending a CRM session ends only one's own.
      await call(h.api, 'POST', '/api/rdstation/auth/revoke', { as: colleague, body: {} });
      expect((await call(h.api, 'GET', '/api/rdstation/user/profile', { as: admin })).status).toBe(
        200,
      );
    });

    it('a forged assertion earns nothing', async () => {
      const { admin, colleague } = people();
      const cases: [string, Promise<string>][] = [
        ['another user in the token', signAssertion(colleague)],
        ['another tenant', signAssertion({ ...admin, systemKey: 'tenant-other' })],
        ['another issuer', signAssertion(admin, { iss: 'urn:someone-else' })],
        ['another audience', signAssertion(admin, { aud: 'another-api' })],
        ['expired', signAssertion(admin, {}, -60)],
        ['longer than 5 minutes', signAssertion(admin, {}, 3600)],
        ['no role', signAssertion(admin, { role: 'root' })],
        ['not a JWT', Promise.resolve('eyJ.not.a.jwt')],
      ];
      for (const [name, assertion] of cases) {
        const result = await call(h.api, 'POST', '/api/session', {
          as: admin,
          noSession: true,
          body: { assertion: await assertion },
        });
        expect({ name, status: result.status, json: result.json }).toEqual({
          name,
          status: 401,
          json: { message: MESSAGES.assertionInvalid, code: 'assertion_invalid' },
        });
      }
      const none = await call(h.api, 'POST', '/api/session', {
        as: admin,
        noSession: true,
        body: {},
      });
      expect(none).toMatchObject({
        status: 401,
        json: { message: MESSAGES.assertionRequired, code: 'assertion_required' },
      });
      // An assertion earns one session: replaying it is refused.
      const once = await signAssertion(admin);
      const first = await call(h.api, 'POST', '/api/session', {
        as: admin,
        noSession: true,
        body: { assertion: once },
      });
      expect(first.status).toBe(201);
      expect(first.json).toMatchObject({
        userId: 'ana',
        systemKey: admin.systemKey,
        role: 'admin',
        stage: 'full',
        method: 'assertion',
      });
      const replay = await call(h.api, 'POST', '/api/session', {
        as: admin,
        noSession: true,
        body: { assertion: once },
      });
      expect(replay.status).toBe(401);
    });

    it('refuses an unknown or expired token, and renews a good one with a fresh assertion', async () => {
      const { admin } = people();
      const headers = { 'x-user-id': admin.userId, 'x-system-key': admin.systemKey };
      const bogus = await call(h.api, 'GET', '/api/rdstation/terms/status', {
        as: null,
        headers: { ...headers, authorization: `Bearer ${'x'.repeat(43)}` },
      });
      expect(bogus).toMatchObject({
        status: 401,
        json: { message: MESSAGES.sessionExpired, code: 'session_expired' },
      });
      const own = await sessionHeaders(h.api, admin);
      const stale = await call(h.api, 'POST', '/api/session/renew', {
        as: null,
        headers: own,
        body: {},
      });
      expect(stale).toMatchObject({ status: 401, json: { code: 'assertion_required' } });
      const renewed = await call(h.api, 'POST', '/api/session/renew', {
        as: null,
        headers: own,
        body: { assertion: await signAssertion(admin) },
      });
      expect(renewed.status).toBe(200);
      expect(renewed.json.token).not.toBe(String(own.authorization).slice(7));
      const withNew = await call(h.api, 'GET', '/api/rdstation/terms/status', {
        as: null,
        headers: { ...headers, authorization: `Bearer ${String(renewed.json.token)}` },
      });
      expect(withNew.status).toBe(200);
    });
  });

  describe('roles', () => {
    it('only an admin configures or removes the integration; an attendant never touches the lockout', async () => {
      const { admin, colleague } = people();
      await acceptTerms(h.api, colleague);
      const byAttendant = await call(h.api, 'POST', '/api/rdstation/credentials', {
        as: colleague,
        body: credentialsFor(),
      });
      expect(byAttendant).toMatchObject({
        status: 403,
        json: { message: MESSAGES.adminRequired, code: 'admin_required' },
      });
      // The real admin is not locked out by the attendant's try: nothing was saved.
      await configure(h.api, admin);
      await login(h, admin);
      await login(h, colleague, ACCOUNT1.users.bruno.email);
      for (let i = 0; i < 6; i += 1) {
        const removal = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
          as: colleague,
          body: { securityPassword: `wrong-${i}` },
        });
        expect(removal).toMatchObject({ status: 403, json: { code: 'admin_required' } });
      }
      // Callers without a session never reach the password either.
      for (let i = 0; i < 6; i += 1) {
        const anonymous = await h.api.inject({
          method: 'DELETE',
          url: '/api/rdstation/credentials',
          headers: {
            'x-user-id': admin.userId,
            'x-system-key': admin.systemKey,
            'content-type': 'application/json',
          },
          payload: JSON.stringify({ securityPassword: 'wrong' }),
        });
        expect(anonymous.statusCode).toBe(401);
      }
      const removal = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
        as: admin,
        body: { securityPassword: SECURITY_PASSWORD },
      });
      expect(removal).toMatchObject({ status: 200, json: { usersAffected: 2 } });
    });
  });

  describe('server-side guards', () => {
    it('refuses CRM routes to a user who has not accepted the terms, and tenant routes without credentials', async () => {
      const { admin, colleague } = people();
      const noCredentials = await call(h.api, 'GET', '/api/rdstation/contact-mapping/chat-1', {
        as: admin,
      });
      // Terms first (the spec's guard order), then credentials.
      expect(noCredentials).toMatchObject({
        status: 403,
        json: { message: MESSAGES.termsRequired, code: 'terms_required' },
      });
      await configure(h.api, admin);
      const mapping = await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
        as: colleague,
        body: { contactId: 'chat-1', rdstationContactId: ACCOUNT1.contact.id },
      });
      expect(mapping).toMatchObject({ status: 403, json: { code: 'terms_required' } });
      // The colleague signs in to the CRM without ever accepting the terms: still no deal change.
      const start = await call(h.api, 'GET', '/api/rdstation/auth/start', { as: colleague });
      const window = await openSignInWindow(h.api, String(start.json.authUrl));
      const callbackUrl = await consent(window.consentUrl, ACCOUNT1.users.bruno.email);
      const callback = await call(h.api, 'GET', callbackUrl, {
        as: null,
        headers: { cookie: window.cookie },
      });
      expect(callback.status).toBe(200);
      const change = await call(
        h.api,
        'PUT',
        `/api/rdstation/deals/${ACCOUNT1.deals.treinamento.id}`,
        {
          as: colleague,
          body: { rating: 2 },
        },
      );
      expect(change).toMatchObject({ status: 403, json: { code: 'terms_required' } });
      expect(h.calls.some((c) => c.method === 'PUT' && c.url.includes('/deals/'))).toBe(false);
      // A verified user who accepted the terms, in a tenant without credentials.
      const { admin: another, open } = people();
      await acceptTerms(h.api, another);
      const blocked = await call(h.api, 'GET', '/api/rdstation/contact-mapping/chat-1', {
        as: another,
      });
      expect(blocked).toMatchObject({ status: 428, json: { code: 'credentials_required' } });
      // A browser that has not signed in to the CRM yet gets no tenant data at all.
      const pending = await browser(h.api, open);
      await pending.send('POST', '/api/rdstation/terms/accept', {});
      const early = await pending.send('GET', '/api/rdstation/contact-mapping/chat-1');
      expect(early).toMatchObject({ status: 401, json: { code: 'session_pending' } });
    });

    it('stores nothing for callers without a session, and rate-limits session starts', async () => {
      const limited = await startHarness({
        sharedSandbox: stores.sandbox(),
        api: { database: await databaseOf(kind), identity: { sessionStartsPerMinute: 3 } },
      });
      try {
        const { admin, open } = people();
        for (let i = 0; i < 50; i += 1) {
          await limited.api.inject({
            method: 'POST',
            url: '/api/rdstation/terms/accept',
            headers: { 'x-user-id': `u${i}`, 'x-system-key': admin.systemKey },
          });
          await limited.api.inject({
            method: 'GET',
            url: '/api/rdstation/auth/start',
            headers: { 'x-user-id': `u${i}`, 'x-system-key': open.systemKey },
          });
          await limited.api.inject({
            method: 'POST',
            url: '/api/session',
            headers: { 'x-user-id': `u${i}`, 'x-system-key': 'not-registered' },
          });
        }
        const statuses: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          statuses.push((await startSession(limited.api, { ...open, userId: `c${i}` })).status);
        }
        expect(statuses).toEqual([201, 201, 201, 429]);
        const refused = await startSession(limited.api, { ...open, userId: 'late' });
        expect(refused).toMatchObject({ status: 429, json: { message: MESSAGES.tooManyRequests } });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        const rows = await countRows(limited);
        expect(rows).toEqual({ terms: 0, oauth_states: 0, session_families: 3 });
      } finally {
        await limited.close();
      }
    });
  });

  describe('hosts that sign nothing: the CRM sign-in earns the session', () => {
    it('a pending session reads and accepts terms, saves credentials that wait for its sign-in, and nothing else', async () => {
      const { open } = people();
      const first = await browser(h.api, open);
      expect(first.started.json).toMatchObject({ stage: 'pending', method: 'crm', role: null });
      expect((await first.send('GET', '/api/rdstation/terms/status')).json).toEqual({
        accepted: false,
      });
      expect((await first.send('POST', '/api/rdstation/terms/accept', {})).status).toBe(200);
      const saved = await first.send('POST', '/api/rdstation/credentials', credentialsFor());
      expect(saved.status).toBe(201);
      expect((await first.send('GET', '/api/rdstation/credentials/status')).json).toEqual({
        configured: true,
        redirectUri: REDIRECT_URI,
        setupCodeRequired: true,
      });
      // Not yet the tenant's: another browser of the tenant sees none.
      const second = await browser(h.api, open);
      expect((await second.send('GET', '/api/rdstation/credentials/status')).json).toMatchObject({
        configured: false,
      });
      const crm = await first.send('GET', '/api/rdstation/pipelines');
      expect(crm).toMatchObject({
        status: 401,
        json: { message: MESSAGES.sessionPending, code: 'session_pending' },
      });

      // The CRM's token names nobody, and this host signs nothing: the sign-in window asks Carla
      // who she is, and until she answers the sign-in has proved nothing.
      const { page, confirm } = await first.openSignIn(ACCOUNT1.users.ana.email);
      expect(isConfirmPage(page)).toBe(true);
      expect(page.text).toContain('Quem é você no RD Station CRM?');
      expect((await second.send('GET', '/api/rdstation/credentials/status')).json).toMatchObject({
        configured: false,
      });
      expect((await first.send('GET', '/api/rdstation/auth/status')).json).toEqual(SIGNED_OUT);
      expect(await first.send('GET', '/api/rdstation/pipelines')).toMatchObject({
        status: 401,
        json: { code: 'session_pending' },
      });
      const callback = await confirm();
      expect(callback.status).toBe(200);
      expect(callback.text).toContain('Autenticação realizada com sucesso!');
      // The sign-in proved the credentials: now the tenant's, and this browser is signed in as
      // the CRM user Carla said she is (her word: nobody verified it).
      expect((await second.send('GET', '/api/rdstation/credentials/status')).json).toMatchObject({
        configured: true,
      });
      expect((await first.send('GET', '/api/rdstation/auth/status')).json).toEqual({
        authenticated: true,
        userId: 'carla',
        method: 'oauth',
        crmUserRequired: false,
        crmUserSource: 'attendant-claim',
      });
      expect((await first.send('GET', '/api/rdstation/user/profile')).json).toMatchObject({
        data: { email: ACCOUNT1.users.ana.email },
      });
      // The other browser under the same user id reaches none of it.
      expect((await second.send('GET', '/api/rdstation/auth/status')).json).toEqual(SIGNED_OUT);
      expect((await second.send('GET', '/api/rdstation/auth/crm-users')).status).toBe(401);
      expect((await second.send('GET', '/api/rdstation/user/profile')).status).toBe(401);
    });

    it("a second sign-in under the same id neither replaces nor reaches the first browser's session", async () => {
      const { open } = people();
      const first = await browser(h.api, open);
      await first.send('POST', '/api/rdstation/terms/accept', {});
      await first.send('POST', '/api/rdstation/credentials', credentialsFor());
      expect((await first.signIn(ACCOUNT1.users.ana.email)).status).toBe(200);
      const intruder = await browser(h.api, open);
      await intruder.send('POST', '/api/rdstation/terms/accept', {});
      // Each browser's choice is its own: the intruder's window lists Ana among the users but
      // selects nobody (the first's choice is not offered as its answer), and while it waits the
      // intruder reaches nothing of the first's session.
      const { page, confirm } = await intruder.openSignIn(ACCOUNT1.users.bruno.email);
      expect(isConfirmPage(page)).toBe(true);
      expect(page.text).toContain(ACCOUNT1.users.ana.email);
      expect(page.text).not.toContain('checked');
      expect((await intruder.send('GET', '/api/rdstation/auth/status')).json).toEqual(SIGNED_OUT);
      expect((await intruder.send('GET', '/api/rdstation/user/profile')).status).toBe(401);
      expect((await confirm()).status).toBe(200);
      expect((await intruder.send('GET', '/api/rdstation/auth/crm-users')).json).toMatchObject({
        data: { suggestedId: ACCOUNT1.users.bruno.id },
      });
      expect((await first.send('GET', '/api/rdstation/auth/crm-users')).json).toMatchObject({
        data: { suggestedId: ACCOUNT1.users.ana.id },
      });
      expect((await first.send('GET', '/api/rdstation/user/profile')).json).toMatchObject({
        data: { email: ACCOUNT1.users.ana.email },
      });
      expect((await intruder.send('GET', '/api/rdstation/user/profile')).json).toMatchObject({
        data: { email: ACCOUNT1.users.bruno.email },
      });
      // Ending the intruder's CRM session leaves the first browser's alone.
      await intruder.send('POST', '/api/rdstation/auth/revoke', {});
      expect((await first.send('GET', '/api/rdstation/user/profile')).status).toBe(200);
    });

    it('credentials that fail their OAuth round trip never become the tenant’s', async () => {
      const { open } = people();
      const first = await browser(h.api, open);
      await first.send('POST', '/api/rdstation/terms/accept', {});
      await first.send('POST', '/api/rdstation/credentials', {
        ...credentialsFor(),
        clientSecret: 'not-the-secret',
      });
      const callback = await first.signIn();
      expect(callback.status).toBe(400);
      const other = await browser(h.api, open);
      expect((await other.send('GET', '/api/rdstation/credentials/status')).json).toMatchObject({
        configured: false,
      });
    });
  });

  describe('OAuth bound to the browser that started it', () => {
    it("refuses a code delivered with another user's state, in another browser, or without the window's cookie and secret", async () => {
      const { admin, colleague } = people();
      await configure(h.api, admin);
      await acceptTerms(h.api, colleague);
      const adminStart = await call(h.api, 'GET', '/api/rdstation/auth/start', { as: admin });
      const colleagueStart = await call(h.api, 'GET', '/api/rdstation/auth/start', {
        as: colleague,
      });
      const adminWindow = await openSignInWindow(h.api, String(adminStart.json.authUrl));
      const colleagueWindow = await openSignInWindow(h.api, String(colleagueStart.json.authUrl));
      const adminCallback = new URL(
        await consent(adminWindow.consentUrl, ACCOUNT1.users.ana.email),
        PUBLIC_URL,
      );
      const adminPath = `${adminCallback.pathname}${adminCallback.search}`;
      // The admin's code, delivered with the colleague's state, in the admin's own window.
      const colleagueState = new URL(colleagueWindow.consentUrl).searchParams.get('state') ?? '';
      const swapped = await returnToCallback(
        h.api,
        adminWindow,
        `/api/rdstation/auth/callback?code=${adminCallback.searchParams.get('code')}&state=${colleagueState}`,
      );
      expect(swapped.status).toBe(400);
      expect(swapped.text).toContain(MESSAGES.stateInvalid);
      // The right state, in a browser without the window's cookie: refused before any relay.
      const elsewhere = await call(h.api, 'GET', adminPath, { as: null });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.text).toContain(MESSAGES.signInElsewhere);
      // The right state and cookie, in another tab of that browser (no window secret), or with
      // the secret of another window (the colleague's).
      const otherTab = await returnToCallback(
        h.api,
        { ...adminWindow, windowProof: '' },
        adminPath,
      );
      expect(otherTab.status).toBe(400);
      expect(otherTab.text).toContain(MESSAGES.signInElsewhere);
      const otherWindow = await returnToCallback(
        h.api,
        { ...adminWindow, windowProof: colleagueWindow.windowProof },
        adminPath,
      );
      expect(otherWindow.status).toBe(400);
      expect(otherWindow.text).toContain(MESSAGES.stateInvalid);
      // A ticket opens one window only.
      const reopened = await h.api.inject({
        method: 'GET',
        url:
          new URL(String(colleagueStart.json.authUrl)).pathname +
          new URL(String(colleagueStart.json.authUrl)).search,
      });
      expect(reopened.statusCode).toBe(400);
      for (const who of [admin, colleague])
        expect(
          (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: who })).json,
        ).toMatchObject({ authenticated: false });
      // None of the refusals spent the admin's sign-in: in its own window it goes on.
      expect(isConfirmPage(await returnToCallback(h.api, adminWindow, adminPath))).toBe(true);
    });

    it("completes without a state when the CRM does not echo it, by the window's cookie and secret, once the attendant confirms", async () => {
      const { admin } = people();
      await configure(h.api, admin);
      const start = await call(h.api, 'GET', '/api/rdstation/auth/start', { as: admin });
      const window = await openSignInWindow(h.api, String(start.json.authUrl));
      const callback = new URL(
        await consent(window.consentUrl, ACCOUNT1.users.ana.email),
        PUBLIC_URL,
      );
      callback.searchParams.delete('state');
      const path = `${callback.pathname}${callback.search}`;
      // The cookie alone (another tab of that browser) is not the window.
      const otherTab = await returnToCallback(h.api, { ...window, windowProof: '' }, path);
      expect(otherTab.status).toBe(400);
      expect(otherTab.text).toContain(MESSAGES.signInElsewhere);
      const page = await returnToCallback(h.api, window, path);
      expect(isConfirmPage(page)).toBe(true);
      expect(
        (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: admin })).json,
      ).toMatchObject({ authenticated: false });
      const result = await confirmCrmUser(h.api, window, page, ACCOUNT1.users.ana.email);
      expect(result.status).toBe(200);
      expect(result.text).toContain('Autenticação realizada com sucesso!');
      expect(
        (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: admin })).json,
      ).toMatchObject({
        authenticated: true,
        userId: 'ana',
        crmUserSource: 'attendant-claim',
      });
      forgetSession(h.api, admin);
      // A new session of the same verified user finds the CRM session (it belongs to the user).
      expect(
        (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: admin })).json,
      ).toMatchObject({
        authenticated: true,
      });
    });
  });

  describe('expiry', () => {
    it('expires pending sessions and purges them with their terms and sign-ins', async () => {
      let now = Date.now();
      const own = await startHarness({
        sharedSandbox: stores.sandbox(),
        api: { database: await databaseOf(kind), now: () => now },
      });
      try {
        const { open } = people();
        const pending = await browser(own.api, open);
        await pending.send('POST', '/api/rdstation/terms/accept', {});
        await pending.send('POST', '/api/rdstation/credentials', credentialsFor());
        await pending.send('GET', '/api/rdstation/auth/start');
        expect(await countRows(own)).toEqual({ terms: 1, oauth_states: 1, session_families: 1 });
        now += 30 * 60_000 + 1;
        expect((await pending.send('GET', '/api/rdstation/terms/status')).json).toMatchObject({
          code: 'session_expired',
        });
        await startSession(own.api, { ...open, userId: 'someone-else' });
        expect(await countRows(own)).toEqual({ terms: 0, oauth_states: 0, session_families: 1 });
      } finally {
        await own.close();
      }
    });
  });
});

async function countRows(h: Harness): Promise<Record<string, number>> {
  return {
    terms: await h.countRows('terms'),
    oauth_states: await h.countRows('oauth_states'),
    session_families: await h.countRows('session_families'),
  };
}
