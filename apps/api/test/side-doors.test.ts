import path from 'node:path';
import { MESSAGES } from '@crm-panel/crm-model';
import Libsql from 'libsql';
import { openBrowser } from './support/browserSession';
import {
  ACCOUNT1,
  ACCOUNT2,
  type CallResult,
  type Harness,
  type Identity,
  PUBLIC_URL,
  SECURITY_PASSWORD,
  call,
  configure,
  confirmCrmUser,
  consent,
  credentialsFor,
  freshTenants,
  isConfirmPage,
  login,
  openSignInWindow,
  pageAttribute,
  postConfirmation,
  returnToCallback,
  startHarness,
  startSession,
} from './support/harness';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

// The side doors an attacker tries: a credential of another CRM account, parallel guesses of the
// security password. Each test replays the attack and checks that it is refused.

const stores = sandboxAndStoresPerFile();

function people() {
  const { signed, open } = freshTenants('doors');
  return {
    admin: { systemKey: signed, userId: 'alice' } as Identity,
    openAdmin: { systemKey: open, userId: 'dora' } as Identity,
    stranger: { systemKey: open, userId: 'mallory' } as Identity,
  };
}

const statuses = (results: CallResult[]) =>
  results.reduce<Record<number, number>>((counts, result) => {
    counts[result.status] = (counts[result.status] ?? 0) + 1;
    return counts;
  }, {});

const LOCKED = 'Muitas tentativas com senha incorreta. Aguarde 15 minutos e tente novamente.';

describe.each<StoreKind>(['sqlite', 'postgres'])('side doors on %s', (kind) => {
  const h = stores.harnessOn(kind);

  /** A tenant whose host signs nothing, configured with Beta's app and signed in by Renata. */
  const betaTenant = async () => {
    const { openAdmin, stranger } = people();
    const admin = await openBrowser(h.api, openAdmin);
    await admin.send('POST', '/api/rdstation/terms/accept', {});
    const saved = await admin.send(
      'POST',
      '/api/rdstation/credentials',
      credentialsFor('account2'),
    );
    expect(saved.status).toBe(201);
    expect((await admin.signIn(ACCOUNT2.users.renata.email)).status).toBe(200);
    return { admin, openAdmin, stranger };
  };

  describe('a credential proves its CRM account', () => {
    it('refuses a v1 token of another account before storing anything: the session stays pending', async () => {
      const { stranger } = await betaTenant();
      const attacker = await openBrowser(h.api, stranger);
      await attacker.send('POST', '/api/rdstation/terms/accept', {});
      const before = await h.countRows('sessions');
      const v1 = await attacker.send('POST', '/api/rdstation/auth/v1-token', {
        apiV1Token: ACCOUNT1.users.ana.v1Token,
      });
      expect(v1.status).toBe(403);
      expect(v1.json).toEqual({
        message:
          'Este token é de outra conta do RD Station CRM, não da conta configurada para esta empresa.',
      });
      expect(await h.countRows('sessions')).toBe(before);
      // Nothing past the sign-in opens: the chat, the mappings, the removal.
      const chat = await attacker.send('GET', '/api/chat/chat-1/messages?channelId=canal-1');
      expect(chat.status).toBe(401);
      expect(chat.json.code).toBe('session_pending');
      const removal = await attacker.send('DELETE', '/api/rdstation/credentials', {
        securityPassword: 'chute-errado',
      });
      expect(removal.status).toBe(401);
    });

    it("accepts a v1 token of the tenant's own account", async () => {
      const { stranger } = await betaTenant();
      const colleague = await openBrowser(h.api, stranger);
      await colleague.send('POST', '/api/rdstation/terms/accept', {});
      const v1 = await colleague.send('POST', '/api/rdstation/auth/v1-token', {
        apiV1Token: ACCOUNT2.users.otavio.v1Token,
      });
      expect(v1.status).toBe(200);
      expect(v1.json).toMatchObject({ authenticated: true, method: 'api-v1' });
    });

    it("refuses an OAuth sign-in through the tenant's app into another account, storing no token", async () => {
      const { stranger } = await betaTenant();
      const attacker = await openBrowser(h.api, stranger);
      await attacker.send('POST', '/api/rdstation/terms/accept', {});
      const before = await h.countRows('sessions');
      // RD lets whoever consents pick the account: Ana consents into Acme with Beta's app.
      const page = await attacker.signIn(ACCOUNT1.users.ana.email);
      expect(page.status).toBe(403);
      expect(page.text).toContain(
        'Este login é de outra conta do RD Station CRM, não da conta configurada para esta empresa.',
      );
      expect(await h.countRows('sessions')).toBe(before);
      const status = await attacker.send('GET', '/api/rdstation/auth/status');
      expect(status.json.authenticated).toBe(false);
      const mapping = await attacker.send('GET', '/api/rdstation/contact-mapping/chat-1');
      expect(mapping.status).toBe(401);
      // A colleague of the bound account signs in as before.
      const colleague = await openBrowser(h.api, { ...stranger, userId: 'otavio' });
      await colleague.send('POST', '/api/rdstation/terms/accept', {});
      expect((await colleague.signIn(ACCOUNT2.users.otavio.email)).status).toBe(200);
    });

    it('binds a signed tenant at its first sign-in; a v1 token of another account is refused', async () => {
      const { admin } = people();
      await configure(h.api, admin);
      expect((await login(h, admin)).status).toBe(200);
      const v1 = await call(h.api, 'POST', '/api/rdstation/auth/v1-token', {
        as: { ...admin, userId: 'arthur' },
        body: { apiV1Token: ACCOUNT2.users.renata.v1Token },
      });
      expect(v1.status).toBe(403);
      expect(v1.json.message).toBe(
        'Este token é de outra conta do RD Station CRM, não da conta configurada para esta empresa.',
      );
    });
  });

  describe('login CSRF without state: only the window that began, only who the attendant confirms', () => {
    /**
     * The attack: a colleague of the same RD account (Otávio) signs in with his own CRM user,
     * stops before his callback, and hands the victim (Renata's panel, mid sign-in) his callback
     * URL without `state` (RD sends none). The victim's browser opens it: a link in a chat opens
     * another tab, with the victim's cookie but without her window's sessionStorage.
     */
    const attackersCallback = async (stranger: Identity) => {
      const attacker = await openBrowser(h.api, { ...stranger, userId: 'otavio' });
      await attacker.send('POST', '/api/rdstation/terms/accept', {});
      const start = await attacker.send('GET', '/api/rdstation/auth/start');
      const window = await openSignInWindow(h.api, String(start.json.authUrl));
      const callback = new URL(
        await consent(window.consentUrl, ACCOUNT2.users.otavio.email),
        PUBLIC_URL,
      );
      callback.searchParams.delete('state');
      return `${callback.pathname}${callback.search}`;
    };

    const victimMidSignIn = async (stranger: Identity) => {
      const victim = await openBrowser(h.api, { ...stranger, userId: 'renata' });
      await victim.send('POST', '/api/rdstation/terms/accept', {});
      const start = await victim.send('GET', '/api/rdstation/auth/start');
      const window = await openSignInWindow(h.api, String(start.json.authUrl));
      return { victim, window };
    };

    it("refuses the attacker's callback in any tab but the victim's sign-in window, spending nothing of hers", async () => {
      const { stranger } = await betaTenant();
      const { victim, window } = await victimMidSignIn(stranger);
      const forged = await attackersCallback(stranger);
      const sessionsBefore = await h.countRows('sessions');
      // Another tab: its relay page finds no secret in its sessionStorage and sends none.
      const relay = await call(h.api, 'GET', forged, {
        as: null,
        headers: { cookie: window.cookie },
      });
      expect(relay.status).toBe(200);
      expect(relay.text).toContain("sessionStorage.getItem('crm-panel-sign-in')");
      const otherTab = await returnToCallback(h.api, { ...window, windowProof: '' }, forged);
      expect(otherTab.status).toBe(400);
      expect(otherTab.text).toContain(
        'Este login foi iniciado em outra janela ou navegador. Feche esta janela e inicie o login novamente pelo painel.',
      );
      // A guessed secret finds nothing either.
      const guessed = await returnToCallback(
        h.api,
        { ...window, windowProof: 'adivinhado' },
        forged,
      );
      expect(guessed.status).toBe(400);
      expect(await h.countRows('sessions')).toBe(sessionsBefore);
      expect((await victim.send('GET', '/api/rdstation/auth/status')).json.authenticated).toBe(
        false,
      );
      // Her own sign-in, in her own window, still completes as the CRM user she confirms.
      const own = await returnToCallback(
        h.api,
        window,
        await consent(window.consentUrl, ACCOUNT2.users.renata.email),
      );
      expect(isConfirmPage(own)).toBe(true);
      expect(own.text).toContain(ACCOUNT2.users.renata.name);
      expect(own.text).toContain(ACCOUNT2.users.renata.email);
      expect((await confirmCrmUser(h.api, window, own, ACCOUNT2.users.renata.email)).status).toBe(
        200,
      );
      expect((await victim.send('GET', '/api/rdstation/user/profile')).json).toMatchObject({
        data: { id: ACCOUNT2.users.renata.id, email: ACCOUNT2.users.renata.email },
      });
    });

    it('binds nothing before the attendant confirms, in the window, the CRM user named by name and e-mail', async () => {
      const { stranger } = await betaTenant();
      const { victim, window } = await victimMidSignIn(stranger);
      const forged = await attackersCallback(stranger);
      const sessionsBefore = await h.countRows('sessions');
      // Even in her own window (say a page that targeted it), the code is only held: a page in
      // pt-BR asks who she is in the CRM, naming each user as RD does.
      const page = await returnToCallback(h.api, window, forged);
      expect(isConfirmPage(page)).toBe(true);
      expect(page.text).toContain('Quem é você no RD Station CRM?');
      expect(page.text).toContain(
        'O RD Station CRM não informa ao painel quem entrou. Escolha o seu usuário: ele será o autor das notas e tarefas que você criar por aqui.',
      );
      for (const user of [ACCOUNT2.users.renata, ACCOUNT2.users.otavio]) {
        expect(page.text).toContain(user.name);
        expect(page.text).toContain(user.email);
      }
      expect(await h.countRows('sessions')).toBe(sessionsBefore);
      expect((await victim.send('GET', '/api/rdstation/auth/status')).json.authenticated).toBe(
        false,
      );
      // The page's form is the only way on: not from another browser (no cookie), not twice.
      const confirm = pageAttribute(page.text, /name="confirm" value="([^"]*)"/);
      const post = (cookie: string | null, userId: string) =>
        postConfirmation(h.api, cookie, confirm, userId);
      expect((await post(null, ACCOUNT2.users.renata.id)).statusCode).toBe(400);
      expect(await h.countRows('sessions')).toBe(sessionsBefore);
      expect((await post(window.cookie, ACCOUNT2.users.renata.id)).statusCode).toBe(200);
      expect((await post(window.cookie, ACCOUNT2.users.renata.id)).statusCode).toBe(400);
    });
  });

  describe('one atomic lockout for the security password', () => {
    it('40 parallel guesses at the audit trail: 5 × 403, 35 × 429, then even the right one is refused', async () => {
      const { admin } = await betaTenant();
      const audit = (password: string) =>
        call(h.api, 'GET', '/api/audit', {
          as: null,
          headers: { ...admin.headers, 'x-security-password': password },
        });
      const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => audit(`chute-${i}`)));
      expect(statuses(guesses)).toEqual({ 403: 5, 429: 35 });
      const right = await audit(SECURITY_PASSWORD);
      expect(right.status).toBe(429);
      expect(right.json.message).toBe(LOCKED);
    });

    it('40 parallel guesses at the removal: 5 × 403, 35 × 429, and the integration stays', async () => {
      const { admin } = await betaTenant();
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          admin.send('DELETE', '/api/rdstation/credentials', { securityPassword: `chute-${i}` }),
        ),
      );
      expect(statuses(guesses)).toEqual({ 403: 5, 429: 35 });
      const right = await admin.send('DELETE', '/api/rdstation/credentials', {
        securityPassword: SECURITY_PASSWORD,
      });
      expect(right.status).toBe(429);
      expect((await admin.send('GET', '/api/rdstation/credentials/status')).json.configured).toBe(
        true,
      );
    });

    it('the audit and the removal count together; a right password is no failure', async () => {
      const { admin } = await betaTenant();
      const audit = (password: string) =>
        call(h.api, 'GET', '/api/audit', {
          as: null,
          headers: { ...admin.headers, 'x-security-password': password },
        });
      for (let i = 0; i < 10; i += 1) expect((await audit(SECURITY_PASSWORD)).status).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await audit(`chute-${i}`)).status).toBe(403);
      for (let i = 0; i < 2; i += 1) {
        const removal = await admin.send('DELETE', '/api/rdstation/credentials', {
          securityPassword: `errada-${i}`,
        });
        expect(removal.json.message).toBe(MESSAGES.credentials.wrongSecurityPassword);
      }
      expect((await audit(SECURITY_PASSWORD)).status).toBe(429);
    });
  });
});

describe('one lockout for every api process on one PostgreSQL', () => {
  it('40 guesses split between two processes: still 5 × 403 and 35 × 429', async () => {
    const database = await stores.databaseOf('postgres');
    const first = await startHarness({ sharedSandbox: stores.sandbox(), api: { database } });
    const second = await startHarness({ sharedSandbox: stores.sandbox(), api: { database } });
    try {
      const { admin } = people();
      await configure(first.api, admin);
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(i % 2 === 0 ? first.api : second.api, 'DELETE', '/api/rdstation/credentials', {
            as: admin,
            body: { securityPassword: `chute-${i}` },
          }),
        ),
      );
      expect(statuses(guesses)).toEqual({ 403: 5, 429: 35 });
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('session starts counted per verified person, not per address', () => {
  it('60 garbage assertions from one address block neither the valid ones nor its other people', async () => {
    const h = await startHarness({
      sharedSandbox: stores.sandbox(),
      api: { identity: { sessionStartsPerMinute: 5 } },
    });
    try {
      const { admin } = people();
      const garbage = await Promise.all(
        Array.from({ length: 60 }, () =>
          call(h.api, 'POST', '/api/session', {
            as: admin,
            noSession: true,
            body: { assertion: 'lixo.lixo.lixo' },
          }),
        ),
      );
      expect(statuses(garbage)).toEqual({ 401: 5, 429: 55 });
      // The same address, a real assertion: welcome.
      expect((await startSession(h.api, admin)).status).toBe(201);
      // One person starting sessions over and over is limited, alone.
      const again = [];
      for (let i = 0; i < 5; i += 1) again.push((await startSession(h.api, admin)).status);
      expect(again).toEqual([201, 201, 201, 201, 429]);
      expect((await startSession(h.api, { ...admin, userId: 'arthur' })).status).toBe(201);
    } finally {
      await h.close();
    }
  });

  it('reads X-Forwarded-For only from the proxies the operator trusts', async () => {
    const pending = (h: Harness, forwardedFor: string) =>
      h.api.inject({
        method: 'POST',
        url: '/api/session',
        headers: {
          'x-user-id': 'visitante',
          'x-system-key': `open-doors-${process.pid}-proxy`,
          'x-forwarded-for': forwardedFor,
        },
      });
    const behindProxy = await startHarness({
      sharedSandbox: stores.sandbox(),
      api: { trustProxy: ['127.0.0.1'], identity: { sessionStartsPerMinute: 2 } },
    });
    const direct = await startHarness({
      sharedSandbox: stores.sandbox(),
      api: { identity: { sessionStartsPerMinute: 2 } },
    });
    try {
      // Behind the trusted proxy, each client has its own count.
      for (const client of ['10.0.0.1', '10.0.0.1', '10.0.0.2', '10.0.0.2'])
        expect((await pending(behindProxy, client)).statusCode).toBe(201);
      expect((await pending(behindProxy, '10.0.0.1')).statusCode).toBe(429);
      // Without a trusted proxy, a forged header is no new address.
      const forged = [];
      for (const client of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
        forged.push((await pending(direct, client)).statusCode);
      expect(forged).toEqual([201, 201, 429]);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });
});

describe.each<StoreKind>(['sqlite', 'postgres'])('the audit cursor on %s', (kind) => {
  const h = stores.harnessOn(kind);

  it('a NUL byte (or any control character) in the cursor is a 400 in pt-BR, never a 500', async () => {
    const { admin } = people();
    await configure(h.api, admin);
    for (const text of ['1:a\u0000b', '1:a\u001fb', '1:\u007f']) {
      const cursor = Buffer.from(text, 'utf8').toString('base64url');
      const listed = await call(h.api, 'GET', `/api/audit?cursor=${cursor}`, { as: admin });
      expect(listed.status).toBe(400);
      expect(listed.json).toEqual({
        message: 'Página do histórico inválida. Recarregue o histórico.',
      });
    }
    expect(Buffer.from('1:a\u0000b').toString('base64url')).toBe('MTphAGI');
  });
});

describe.each<StoreKind>(['sqlite', 'postgres'])(
  'the setup code of an unsigned tenant on %s',
  (kind) => {
    const h = stores.harnessOn(kind);

    it('the first caller configures nothing: no terms, no code or a wrong one are refused; the operator’s admin configures', async () => {
      const { openAdmin, stranger } = people();
      const attacker = await openBrowser(h.api, stranger);
      const noTerms = await attacker.send('POST', '/api/rdstation/credentials', {
        ...credentialsFor('account1'),
        setupCode: undefined,
      });
      expect(noTerms.status).toBe(403);
      expect(noTerms.json.code).toBe('terms_required');
      await attacker.send('POST', '/api/rdstation/terms/accept', {});
      const { setupCode: _omitted, ...withoutCode } = credentialsFor('account1');
      const missing = await attacker.send('POST', '/api/rdstation/credentials', withoutCode);
      expect(missing.status).toBe(400);
      expect(missing.json.message).toBe(
        'Informe o código de configuração que o responsável pelo painel forneceu para esta empresa.',
      );
      const wrong = await attacker.send('POST', '/api/rdstation/credentials', {
        ...withoutCode,
        setupCode: 'chute-de-codigo-123',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.json.message).toBe('Código de configuração inválido ou já utilizado.');
      // Nothing waits for the attacker's sign-in.
      expect((await attacker.send('GET', '/api/rdstation/credentials/status')).json).toMatchObject({
        configured: false,
        setupCodeRequired: true,
      });
      // The admin the operator gave the code to configures, and is not told someone else did.
      const admin = await openBrowser(h.api, openAdmin);
      await admin.send('POST', '/api/rdstation/terms/accept', {});
      expect(
        (await admin.send('POST', '/api/rdstation/credentials', credentialsFor('account2'))).status,
      ).toBe(201);
      expect((await admin.signIn(ACCOUNT2.users.renata.email)).status).toBe(200);
      // Once used, the code configures nothing more: after a removal the operator issues a new one.
      const removed = await admin.send('DELETE', '/api/rdstation/credentials', {
        securityPassword: SECURITY_PASSWORD,
      });
      expect(removed.status).toBe(200);
      const again = await openBrowser(h.api, { ...openAdmin, userId: 'dora-2' });
      await again.send('POST', '/api/rdstation/terms/accept', {});
      const reused = await again.send(
        'POST',
        '/api/rdstation/credentials',
        credentialsFor('account2'),
      );
      expect(reused.status).toBe(403);
      expect(reused.json.message).toBe('Código de configuração inválido ou já utilizado.');
    });
  },
);

describe('every acknowledged write has its audit row', () => {
  it('the row is committed before the change is published and the write answered', async () => {
    const h = await startHarness({ sharedSandbox: stores.sandbox() });
    // A reader of its own, synchronous: what the store holds at the very moment of publishing.
    const side = new Libsql(path.join(h.dataDir, 'crm-panel.sqlite'), { readonly: true });
    try {
      const { admin } = people();
      await configure(h.api, admin);
      await login(h, admin);
      const rowsWhenPublished: number[] = [];
      h.api.changes.subscribe(() => {
        const row = side.prepare('SELECT count(*) AS n FROM audit_events').get() as { n: number };
        rowsWhenPublished.push(Number(row.n));
      });
      const write = await call(h.api, 'PUT', `/api/rdstation/deals/${ACCOUNT1.deals.licencas.id}`, {
        as: admin,
        body: { rating: 2 },
      });
      expect(write.status).toBe(200);
      expect(rowsWhenPublished).toEqual([1]);
      expect(await h.countRows('audit_events')).toBe(1);
    } finally {
      side.close();
      await h.close();
    }
  });
});

describe.each<StoreKind>(['sqlite', 'postgres'])(
  'storage held by callers nobody verified on %s',
  (kind) => {
    const h = stores.harnessOn(kind);

    it('a flood of pending sessions and sign-ins from one address holds at most 20 sessions and 60 sign-ins', async () => {
      const { openAdmin } = people();
      const admin = await openBrowser(h.api, openAdmin);
      await admin.send('POST', '/api/rdstation/terms/accept', {});
      await admin.send('POST', '/api/rdstation/credentials', credentialsFor('account2'));
      expect((await admin.signIn(ACCOUNT2.users.renata.email)).status).toBe(200);
      const families = await h.countRows('session_families');
      const states = await h.countRows('oauth_states');
      const starts: CallResult[] = [];
      for (let i = 0; i < 30; i += 1)
        starts.push(
          await call(h.api, 'POST', '/api/session', {
            as: { systemKey: openAdmin.systemKey, userId: `flood-${i}` },
            noSession: true,
            body: {},
          }),
        );
      expect(statuses(starts)).toEqual({ 201: 20, 429: 10 });
      expect(starts[29]?.json.message).toBe(
        'Muitas sessões aguardando o login a partir deste endereço. Conclua o login em uma janela já aberta ou aguarde 30 minutos.',
      );
      for (const [i, started] of starts.entries()) {
        if (started.status !== 201) continue;
        const headers = {
          'x-user-id': `flood-${i}`,
          'x-system-key': openAdmin.systemKey,
          authorization: `Bearer ${String(started.json.token)}`,
        };
        for (let n = 0; n < 10; n += 1) {
          const start = await call(h.api, 'GET', '/api/rdstation/auth/start', {
            as: null,
            headers,
          });
          expect(start.status).toBe(200);
        }
      }
      expect((await h.countRows('session_families')) - families).toBe(20);
      expect((await h.countRows('oauth_states')) - states).toBe(60);
    });
  },
);
