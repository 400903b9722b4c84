import type { FrameLocator, Page, Request } from 'playwright-core';
import { screenshot, trackPageErrors } from './browser';
import { eventually } from './eventually';

/** The window names the credentials remote gives its windows (apps/credentials authWindow.ts). */
export const AUTH_WINDOW_NAME = 'crm-panel-auth';
export const PROVIDER_WINDOW_NAME = 'crm-panel-rdstation-oauth';

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
 * 'Entrar com RD Station CRM' → the auth popup (a real window) → the sandbox's consent page in
 * another window → the chosen CRM user authorised → both windows close by themselves.
 */
export async function signInThroughPopup(
  page: Page,
  panel: FrameLocator,
  user: CrmUser,
  shot: string,
): Promise<Error[]> {
  const context = page.context();
  const popupOpened = context.waitForEvent('page', {
    predicate: (opened) => new URL(opened.url()).pathname === '/rdstation-auth-popup',
  });
  const providerOpened = context.waitForEvent('page', {
    predicate: (opened) => new URL(opened.url()).pathname === '/oauth/authorize',
  });
  await panel.getByRole('button', { name: 'Entrar com RD Station CRM' }).click();

  const popup = await popupOpened;
  const errors = trackPageErrors(popup);
  expect(await popup.evaluate(() => window.name)).toBe(AUTH_WINDOW_NAME);
  await panel.getByText('Conclua a autenticação na janela que foi aberta.').waitFor();

  const provider = await providerOpened;
  expect(await provider.evaluate(() => window.name)).toBe(PROVIDER_WINDOW_NAME);
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
  await providerClosed;

  await popup.getByText('Autenticação realizada com sucesso!').waitFor();
  await screenshot(popup, `${shot}-auth-popup-success`);
  await popupClosed;
  return errors;
}

/**
 * The step after a sign-in whose host signs nothing: 'Quem é você no RD Station CRM?', the CRM's
 * active users listed with their e-mail, none suggested; the attendant picks `user`, 'Confirmar'.
 */
export async function chooseCrmUserInPanel(
  page: Page,
  panel: FrameLocator,
  user: CrmUser,
  shot: string,
): Promise<void> {
  await panel.getByRole('heading', { name: 'Quem é você no RD Station CRM?' }).waitFor();
  const list = panel.getByRole('group', { name: 'Usuários ativos do RD Station CRM' });
  const option = list.getByRole('radio', { name: user.name });
  await option.waitFor();
  await list.getByText(user.email).waitFor();
  const confirm = panel.getByRole('button', { name: 'Confirmar' });
  expect(await confirm.isDisabled()).toBe(true);
  expect(await panel.getByText('Sugerido pelo seu e-mail').count()).toBe(0);
  await screenshot(page, `${shot}-crm-user`);
  await option.check();
  await eventually(() => confirm.isEnabled(), true);
  await screenshot(page, `${shot}-crm-user-picked`);
  await confirm.click();
}

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
