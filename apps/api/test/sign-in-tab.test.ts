import { createHash } from 'node:crypto';
import { openBrowser, type BrowserSession } from './support/browserSession';
import {
  ACCOUNT1,
  type CallResult,
  type Identity,
  confirmCrmUser,
  consent,
  credentialsFor,
  freshTenants,
  isConfirmPage,
  openSignInWindow,
  returnToCallback,
} from './support/harness';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

// The CRM sign-in of a panel in a frame that may not open windows (Novus frames it; a sandbox
// without allow-popups refuses window.open): the attendant signs in in a tab of their own, which
// shares no cookie or storage with the framed panel. The tab's sign-in ends parked, and only the
// panel session that started it, holding the redeem code it was given (never in a URL), makes it
// count. Each refusal replays the attack and checks that nobody is signed in by it.

const stores = sandboxAndStoresPerFile();
const { users } = ACCOUNT1;
const RETURN_TO = 'https://acme.novuscrm.com.br/atendimentos?aba=crm';

function person(): Identity {
  return { systemKey: freshTenants('tab').open, userId: 'dora' };
}

interface TabStart {
  authUrl: string;
  redeem: string;
}

describe.each<StoreKind>(['sqlite', 'postgres'])('sign-in in a tab of its own on %s', (kind) => {
  const h = stores.harnessOn(kind);

  /** A panel browser of a host that signs nothing, with terms accepted and credentials saved. */
  const panelOf = async (who: Identity): Promise<BrowserSession> => {
    const browser = await openBrowser(h.api, who);
    await browser.send('POST', '/api/rdstation/terms/accept', {});
    await browser.send('POST', '/api/rdstation/credentials', credentialsFor());
    return browser;
  };
  const startTab = async (browser: BrowserSession, returnTo: string | null = RETURN_TO) => {
    const started = await browser.send('POST', '/api/rdstation/auth/tab/start', { returnTo });
    expect(started.status).toBe(200);
    return started.json as unknown as TabStart;
  };
  const redeem = (browser: BrowserSession, code: string) =>
    browser.send('POST', '/api/rdstation/auth/tab/redeem', { redeem: code });
  /** The attendant's own tab, in the panel's browser: begin, consent, callback, confirmation. */
  const signInInTab = async (authUrl: string): Promise<CallResult> => {
    const tab = await openSignInWindow(h.api, authUrl);
    const page = await returnToCallback(h.api, tab, await consent(tab.consentUrl, users.ana.email));
    return isConfirmPage(page) ? confirmCrmUser(h.api, tab, page, users.ana.email) : page;
  };
  const authenticated = async (browser: BrowserSession) =>
    (await browser.send('GET', '/api/rdstation/auth/status')).json.authenticated;

  it('counts only once the panel that started it redeems it, once', async () => {
    const panel = await panelOf(person());
    const { authUrl, redeem: code } = await startTab(panel);
    expect(new URL(authUrl).pathname).toBe('/api/rdstation/auth/begin');
    expect(authUrl).not.toContain(code);
    expect((await redeem(panel, code)).json).toEqual({ done: false });

    const done = await signInInTab(authUrl);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Login concluído!');
    expect(done.text).toContain(
      'Volte ao painel no sistema de atendimento: ele entra sozinho em alguns segundos. Você já pode fechar esta aba.',
    );
    expect(done.text).toContain(
      `<a id="voltar" class="button" href="${RETURN_TO.replace('&', '&#38;')}">Voltar ao sistema de atendimento</a>`,
    );
    // In a tab the host's page was sent from, 'Voltar' goes back in history to that exact page
    // (the steps counted from auth/begin's history length), a script the page's CSP allows.
    expect(done.text).toContain('history.go(-steps)');
    const script = /<script>([\s\S]*?)<\/script>/.exec(done.text)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    expect(done.headers['content-security-policy']).toContain(hash);
    // The tab is nobody's window: it does not try to close itself.
    expect(done.text).not.toContain('window.close');
    // Parked: the panel is not signed in until it redeems.
    expect(await authenticated(panel)).toBe(false);

    const redeemed = await redeem(panel, code);
    expect(redeemed.status).toBe(200);
    expect(redeemed.json).toMatchObject({
      done: true,
      status: { authenticated: true, crmUserSource: 'attendant-claim' },
    });
    expect(await authenticated(panel)).toBe(true);
    const again = await redeem(panel, code);
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(
      'Este login não foi encontrado ou expirou. Inicie o login novamente pelo painel.',
    );
  });

  it('without a page to return to, the last page has no link back', async () => {
    const panel = await panelOf(person());
    const { authUrl } = await startTab(panel, null);
    const done = await signInInTab(authUrl);
    expect(done.text).toContain('Login concluído!');
    expect(done.text).not.toContain('<a class="button"');
  });

  describe('refusals', () => {
    it("another session of the same person cannot redeem the tab's sign-in", async () => {
      const who = person();
      const panel = await panelOf(who);
      // A second browser of the same attendant (or anyone who learnt the code) has its own session.
      const other = await openBrowser(h.api, who);
      const { authUrl, redeem: code } = await startTab(panel);
      await signInInTab(authUrl);
      const stolen = await redeem(other, code);
      expect(stolen.status).toBe(404);
      expect(stolen.json.message).toBe(
        'Este login não foi encontrado ou expirou. Inicie o login novamente pelo painel.',
      );
      expect(await authenticated(other)).toBe(false);
      // The try spent nothing: the panel that started it still redeems it.
      expect((await redeem(panel, code)).json).toMatchObject({ done: true });
    });

    it('a made-up redeem code finds nothing', async () => {
      const panel = await panelOf(person());
      await startTab(panel);
      expect((await redeem(panel, 'x'.repeat(43))).status).toBe(404);
      expect(await authenticated(panel)).toBe(false);
    });

    it("the tab's link opened in another browser (another User-Agent) is spent and signs nobody in", async () => {
      const panel = await panelOf(person());
      const { authUrl, redeem: code } = await startTab(panel);
      const path = new URL(authUrl);
      const elsewhere = await h.api.inject({
        method: 'GET',
        url: `${path.pathname}${path.search}`,
        headers: { 'user-agent': 'Mozilla/5.0 (outro navegador)' },
      });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.body).toContain(
        'Este link de login só abre no navegador em que o painel está aberto. Abra-o nesse mesmo navegador, ou inicie o login novamente pelo painel.',
      );
      expect(elsewhere.headers['set-cookie']).toBeUndefined();
      // Spent: not even the panel's own browser opens it now, and there is nothing to redeem.
      await expect(openSignInWindow(h.api, authUrl)).rejects.toThrow(/auth\/begin failed: 400/);
      expect((await redeem(panel, code)).status).toBe(404);
    });

    it("the CRM's answer in a browser without the tab's cookie ends nothing", async () => {
      const panel = await panelOf(person());
      const { authUrl, redeem: code } = await startTab(panel);
      const tab = await openSignInWindow(h.api, authUrl);
      const callback = await consent(tab.consentUrl, users.ana.email);
      const cookieless = await returnToCallback(h.api, { ...tab, cookie: '' }, callback);
      expect(cookieless.status).toBe(400);
      expect(cookieless.text).toContain('Este login foi iniciado em outra janela ou navegador.');
      expect((await redeem(panel, code)).json).toEqual({ done: false });
      expect(await authenticated(panel)).toBe(false);
    });

    it("only the attendant's own CRM user: a host-signed e-mail no active user has signs nobody in", async () => {
      const who: Identity = { systemKey: freshTenants('tab').signed, userId: 'alice' };
      const browser = await openBrowser(h.api, who, { email: 'ninguem@exemplo.com.br' });
      await browser.send('POST', '/api/rdstation/terms/accept', {});
      await browser.send('POST', '/api/rdstation/credentials', credentialsFor());
      const { authUrl, redeem: code } = await startTab(browser);
      const refused = await signInInTab(authUrl);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain(
        'O seu e-mail no sistema de atendimento (ninguem@exemplo.com.br) não é o de nenhum usuário ativo desta conta do RD Station CRM.',
      );
      expect(refused.text).not.toContain('Login concluído!');
      // The framed panel learns why at once, in its own words, instead of waiting for the code
      // to expire; once.
      const told = await redeem(browser, code);
      expect(told.status).toBe(409);
      expect(told.json.message).toBe(
        'O seu e-mail no sistema de atendimento (ninguem@exemplo.com.br) não é o de nenhum usuário ativo desta conta do RD Station CRM. Tente novamente com o seu próprio usuário do RD Station CRM.',
      );
      expect((await redeem(browser, code)).status).toBe(404);
      expect(await authenticated(browser)).toBe(false);
    });

    it('consent denied in the tab: its panel is told, no other session is, and nobody is signed in', async () => {
      const who = person();
      const panel = await panelOf(who);
      const other = await openBrowser(h.api, who);
      const { authUrl, redeem: code } = await startTab(panel);
      const tab = await openSignInWindow(h.api, authUrl);
      const denied = await returnToCallback(
        h.api,
        tab,
        await consent(tab.consentUrl, users.ana.email, 'deny'),
      );
      expect(denied.status).toBe(400);
      expect(denied.text).toContain(
        'A autorização foi negada no RD Station CRM. Feche esta janela e tente novamente.',
      );
      // Another session holding the code learns nothing and spends nothing.
      expect((await redeem(other, code)).status).toBe(404);
      const told = await redeem(panel, code);
      expect(told.status).toBe(409);
      expect(told.json.message).toBe(
        'A autorização foi negada no RD Station CRM. Tente novamente.',
      );
      expect(await authenticated(panel)).toBe(false);
      expect(await authenticated(other)).toBe(false);
    });

    it('a page to return to that is no http(s) address is refused', async () => {
      const panel = await panelOf(person());
      const started = await panel.send('POST', '/api/rdstation/auth/tab/start', {
        returnTo: 'javascript:alert(1)',
      });
      expect(started.status).toBe(400);
      expect(started.json.message).toBe('O endereço de retorno deve ser uma página http ou https.');
    });
  });
});
