import type { FrameLocator, Page, Request } from 'playwright-core';
import { screenshot, trackPageErrors } from './browser';
import { eventually } from './eventually';
import { HOST_MODE } from './hostSim';

/** The window names the credentials remote gives its windows (apps/credentials authWindow.ts). */
export const AUTH_WINDOW_NAME = 'crm-panel-auth';

export interface CrmUser {
  name: string;
  email: string;
}

/** What a person sees on the terms screen, ticked box by box; ends on 'Começar'. */
export async function acceptTermsInPanel(page: Page, panel: FrameLocator, shot: string) {
  await panel.getByRole('heading', { name: 'Olá', exact: true }).waitFor();
  // The product's mark reads in pt-BR like every text around it.
  expect(await panel.getByRole('img', { name: 'Painel CRM' }).innerText()).toBe('Painel CRM');
  const terms = panel.getByRole('checkbox', {
    name: 'Estou de acordo com os termos de uso do produto',
  });
  const consent = panel.getByRole('checkbox', {
    name: 'Os dados salvos no CRM tiveram consentimento do contato',
  });
  const start = panel.getByRole('button', { name: 'Começar' });
  const hint = panel.getByText('Você precisa aceitar ambos os termos para continuar');
  await hint.waitFor();
  expect(await terms.isChecked()).toBe(false);
  expect(await consent.isChecked()).toBe(false);
  expect(await start.isDisabled()).toBe(true);
  await screenshot(page, `${shot}-terms`);

  await terms.check();
  expect(await start.isDisabled()).toBe(true);
  await consent.check();
  await eventually(() => start.isEnabled(), true);
  expect(await hint.count()).toBe(0);
  await start.click();
}

/**
 * 'Entrar com RD Station CRM' clicked in the panel: the auth popup (a real window, opened) and the
 * CRM's window, which opens on the api's auth/begin page and goes on to the consent page (its
 * promise, settled there).
 */
export async function openSignInWindows(
  page: Page,
  panel: FrameLocator,
): Promise<{ popup: Page; provider: Promise<Page> }> {
  const context = page.context();
  const popupOpened = context.waitForEvent('page', {
    predicate: (opened) => new URL(opened.url()).pathname === '/rdstation-auth-popup',
  });
  const providerOpened = context.waitForEvent('page', {
    predicate: (opened) =>
      ['/api/rdstation/auth/begin', '/oauth/authorize'].includes(new URL(opened.url()).pathname),
  });
  await panel.getByRole('button', { name: 'Entrar com RD Station CRM' }).click();
  const provider = providerOpened.then(async (opened) => {
    await opened.waitForURL((url) => url.pathname === '/oauth/authorize');
    return opened;
  });
  return { popup: await popupOpened, provider };
}

/**
 * 'Entrar com RD Station CRM' → the auth popup (a real window) → the sandbox's consent page in
 * another window → the chosen CRM user authorised → both windows close by themselves.
 */
export async function signInThroughPopup(
  page: Page,
  panel: FrameLocator,
  user: CrmUser,
  shot: string,
  options: { confirmInWindow?: boolean } = {},
): Promise<Error[]> {
  const { popup, provider: providerOpened } = await openSignInWindows(page, panel);
  const errors = trackPageErrors(popup);
  expect(await popup.evaluate(() => window.name)).toBe(AUTH_WINDOW_NAME);
  await panel.getByText('Conclua a autenticação na janela que foi aberta.').waitFor();

  const provider = await providerOpened;
  // The api's begin page dropped the name the window was opened under: no other page can send
  // a callback of its own into it by name.
  expect(await provider.evaluate(() => window.name)).toBe('');
  await popup.getByRole('heading', { name: 'Autenticação RD Station CRM' }).waitFor();
  await popup
    .getByText(
      'Conclua o login na janela do RD Station CRM. Esta janela continua quando ela fechar.',
    )
    .waitFor();
  await screenshot(popup, `${shot}-auth-popup-waiting`);

  await provider.getByRole('heading', { name: 'Autorizar acesso ao RD Station CRM' }).waitFor();
  await provider.getByRole('radio', { name: `${user.name} (${user.email})` }).check();
  await screenshot(provider, `${shot}-oauth-consent`);
  const providerClosed = provider.waitForEvent('close');
  const popupClosed = popup.waitForEvent('close');
  await provider.getByRole('button', { name: 'Autorizar' }).click();
  if (options.confirmInWindow) await confirmCrmUserInWindow(provider, user, shot);
  await providerClosed;

  await popup.getByText('Autenticação realizada com sucesso!').waitFor();
  await screenshot(popup, `${shot}-auth-popup-success`);
  await popupClosed;
  return errors;
}

/**
 * The sign-in window of a host that signs nothing, after the consent: 'Quem é você no RD Station
 * CRM?', the CRM's active users by name and e-mail; nothing is bound before the attendant picks
 * `user` and presses 'Confirmar'.
 */
export async function confirmCrmUserInWindow(
  provider: Page,
  user: CrmUser,
  shot: string,
  /** The page's last words: a window's success, or a tab's 'Login concluído!'. */
  done = 'Autenticação realizada com sucesso!',
): Promise<void> {
  await provider.getByRole('heading', { name: 'Quem é você no RD Station CRM?' }).waitFor();
  const list = provider.getByRole('group', { name: 'Usuários ativos do RD Station CRM' });
  const option = list.getByRole('radio', { name: `${user.name} ${user.email}` });
  await option.waitFor();
  await screenshot(provider, `${shot}-crm-user-confirm`);
  await option.check();
  await provider.getByRole('button', { name: 'Confirmar' }).click();
  await provider.getByText(done).waitFor();
}

/** A CRM sign-in started from the panel; the errors of the pages it went through. */
type SignIn = typeof signInThroughPopup;

/**
 * The CRM's consent in a tab of its own, and the attendant's confirmation there when her host
 * signs nothing (`confirm`); the tab ends on 'Login concluído!'.
 */
export async function consentInTab(
  tab: Page,
  user: CrmUser,
  shot: string,
  confirm: boolean,
): Promise<void> {
  await tab.waitForURL((url) => url.pathname === '/oauth/authorize');
  await tab.getByRole('heading', { name: 'Autorizar acesso ao RD Station CRM' }).waitFor();
  await tab.getByRole('radio', { name: `${user.name} (${user.email})` }).check();
  await tab.getByRole('button', { name: 'Autorizar' }).click();
  if (confirm) await confirmCrmUserInWindow(tab, user, shot, 'Login concluído!');
  else await tab.getByText('Login concluído!').waitFor();
}

/**
 * 'Entrar com RD Station CRM' in a frame that may open no window (host-sim's default Novus frame):
 * the panel offers its sign-in link, the attendant opens it in a new tab of this browser, consents
 * (and confirms who she is, `confirmInWindow`) there; the framed panel enters by itself.
 */
export const signInInTab: SignIn = async (page, panel, user, shot, options = {}) => {
  await panel.getByRole('button', { name: 'Entrar com RD Station CRM' }).click();
  const region = panel.getByRole('region', { name: 'Entre pelo navegador' });
  const link = region.getByRole('textbox', {
    name: 'Link de login (abra numa nova aba deste mesmo navegador)',
  });
  await link.waitFor();
  const authUrl = await link.inputValue();
  // A tab of her own (no opener), as a link pasted in a new tab.
  const tabOpened = page.context().waitForEvent('page');
  await page.evaluate((url) => void window.open(url, '_blank', 'noopener'), authUrl);
  const tab = await tabOpened;
  const errors = trackPageErrors(tab);
  await consentInTab(tab, user, shot, options.confirmInWindow ?? false);
  await screenshot(tab, `${shot}-tab-sign-in-done`);
  await tab.close();
  await page.bringToFront();
  return errors;
};

/**
 * The CRM sign-in as the journey's host allows it: the sign-in window, or, in host-sim's Novus
 * mode (`E2E_HOST_MODE=novus`, whose default frame opens no window), the tab of its own.
 */
export const signInFromPanel: SignIn = (...args) =>
  HOST_MODE === 'novus' ? signInInTab(...args) : signInThroughPopup(...args);

/** The JSON bodies the page (and its frames) sent to one api path with one method. */
export function recordBodies(page: Page, method: string, pathname: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== method) return;
    if (new URL(request.url()).pathname !== pathname) return;
    bodies.push(request.postDataJSON());
  });
  return bodies;
}
