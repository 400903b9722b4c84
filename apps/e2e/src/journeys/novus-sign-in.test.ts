// The CRM sign-in from inside a Novus frame. Novus signs nothing, so every attendant signs in to
// the CRM from the panel; the example never shows the frame's attributes, and host-sim's Novus
// mode frames the panel by default with a sandbox without allow-popups nor top navigation (the
// stricter reading; `novusMoldura` takes the others). The panel offers the sign-in in a tab of
// its own: the attendant opens its link in a new tab of the same browser, signs in and confirms
// who she is there, and the framed panel — which shares no cookie with that tab — redeems the
// sign-in by itself. A frame that may open windows (`novusMoldura=livre`) keeps the sign-in window.
import type { Page } from 'playwright-core';
import { acceptTermsInPanel, consentInTab, signInThroughPopup } from '@e2e/support/accessFlow';
import { BETA, CARLA, callApi, readyTenant } from '@e2e/support/apiSetup';
import { screenshot, trackPageErrors } from '@e2e/support/browser';
import { eventually } from '@e2e/support/eventually';
import { openHostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';

const world = journeyWorld((stack) => readyTenant(stack, CARLA, BETA, BETA.users.renata.email));
const renata = BETA.users.renata;

/**
 * Carla (tenant-beta: nobody signs who she is) in host-sim's Novus mode: its default frame, or the
 * reading `novusMoldura` names.
 */
const openCarlaInNovus = (novusMoldura?: 'sem-janelas' | 'livre') =>
  openHostSim(
    world.browser,
    world.stack,
    CARLA.userId,
    undefined,
    'novus',
    novusMoldura ? { novusMoldura } : {},
  );

test("host-sim's default Novus frame, which may open no window and not leave the page: the link in a new tab signs in, and the panel enters by itself", async () => {
  const { sim, page, errors } = await openCarlaInNovus();
  const frame = page.locator('iframe[title="Painel CRM"]');
  expect(await frame.getAttribute('sandbox')).toBe(
    'allow-scripts allow-same-origin allow-forms allow-modals',
  );
  const panel = sim.panel;
  await acceptTermsInPanel(page, panel, 'novus-tab');
  const windows: string[] = [];
  const onPage = (opened: Page) => windows.push(opened.url());
  page.context().on('page', onPage);

  await panel.getByRole('button', { name: 'Entrar com RD Station CRM' }).click();
  const region = panel.getByRole('region', { name: 'Entre pelo navegador' });
  const link = region.getByRole('textbox', {
    name: 'Link de login (abra numa nova aba deste mesmo navegador)',
  });
  await link.waitFor();
  await region.getByText('Aguardando o login no RD Station CRM…').waitFor();
  // The frame opened nothing.
  expect(windows).toEqual([]);
  page.context().off('page', onPage);
  await screenshot(page, 'novus-tab-sign-in-offered');

  // The frame may not send the page elsewhere either: the link to copy is the way.
  await region.getByRole('button', { name: 'Abrir o login nesta aba' }).click();
  await region
    .getByText(
      'O sistema de atendimento também não deixa o painel sair desta tela. Copie o link e abra-o numa nova aba deste mesmo navegador.',
    )
    .waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  await screenshot(page, 'novus-tab-sign-in-top-blocked');

  // The attendant pastes the link in a new tab of this browser (no opener: a tab of her own).
  const pasteInNewTab = async () => {
    const authUrl = await link.inputValue();
    expect(new URL(authUrl).pathname).toBe('/api/rdstation/auth/begin');
    const tabOpened = page.context().waitForEvent('page');
    await page.evaluate((url) => void window.open(url, '_blank', 'noopener'), authUrl);
    return tabOpened;
  };

  // First she cancels on the CRM's page: the tab says so, and so does the panel, at once (not
  // when the link expires), with a new link on 'Tentar novamente'.
  const cancelled = await pasteInNewTab();
  await cancelled.getByRole('button', { name: 'Cancelar' }).click();
  await cancelled
    .getByText('A autorização foi negada no RD Station CRM. Feche esta janela e tente novamente.')
    .waitFor();
  await cancelled.close();
  await page.bringToFront();
  await region
    .getByText('A autorização foi negada no RD Station CRM. Tente novamente.')
    .waitFor({ timeout: 10_000 });
  await screenshot(page, 'novus-tab-sign-in-refused');
  await region.getByRole('button', { name: 'Tentar novamente' }).click();
  await region.getByText('Aguardando o login no RD Station CRM…').waitFor();

  const tab = await pasteInNewTab();
  const tabErrors = trackPageErrors(tab);
  await consentInTab(tab, renata, 'novus-tab', true);
  await tab.getByRole('link', { name: 'Voltar ao sistema de atendimento' }).waitFor();
  await screenshot(tab, 'novus-tab-sign-in-done');

  // Back in the host's page, the panel redeemed the sign-in and entered.
  await page.bringToFront();
  await panel.getByText(`Olá, ${renata.name}!`).waitFor({ timeout: 15_000 });
  await screenshot(page, 'novus-tab-signed-in');
  await eventually(
    async () =>
      (await callApi(world.stack, CARLA, 'GET', '/api/rdstation/auth/status')).json.authenticated,
    true,
  );
  expect(tabErrors).toEqual([]);
  expect(errors).toEqual([]);
  await tab.close();
  await page.close();
});

test("a frame that may open no window but may send the page to the sign-in on a click: the host's page goes there, and 'Voltar' brings back that exact page, where the panel enters", async () => {
  const { sim, page, errors } = await openCarlaInNovus('sem-janelas');
  const hostUrl = page.url();
  const panel = sim.panel;
  await acceptTermsInPanel(page, panel, 'novus-top');
  await panel.getByRole('button', { name: 'Entrar com RD Station CRM' }).click();
  const region = panel.getByRole('region', { name: 'Entre pelo navegador' });
  await region.getByText('Aguardando o login no RD Station CRM…').waitFor();

  await region.getByRole('button', { name: 'Abrir o login nesta aba' }).click();
  // The whole page (the host's) goes to the sign-in, in this very tab.
  await consentInTab(page, renata, 'novus-top', true);
  await screenshot(page, 'novus-top-sign-in-done');

  // 'Voltar' goes back in this tab's history to the exact page the host had (the referrer would
  // give the frame only the host's origin): the attendant, the mode and the frame come back, and
  // the panel redeems the sign-in by itself.
  await page.getByRole('link', { name: 'Voltar ao sistema de atendimento' }).click();
  await page.waitForURL(hostUrl);
  expect(page.url()).toBe(hostUrl);
  await sim.panel.getByText(`Olá, ${renata.name}!`).waitFor({ timeout: 15_000 });
  await screenshot(page, 'novus-top-signed-in');
  expect(errors).toEqual([]);
  await page.close();
});

test('a frame that may open windows (novusMoldura=livre): the sign-in window, as in the other integrations', async () => {
  const { sim, page, errors } = await openCarlaInNovus('livre');
  expect(await page.locator('iframe[title="Painel CRM"]').getAttribute('sandbox')).toBeNull();
  const panel = sim.panel;
  await acceptTermsInPanel(page, panel, 'novus-window');
  const windowErrors = await signInThroughPopup(page, panel, renata, 'novus-window', {
    confirmInWindow: true,
  });
  await panel.getByText(`Olá, ${renata.name}!`).waitFor({ timeout: 15_000 });
  await screenshot(page, 'novus-window-signed-in');
  expect(windowErrors).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});
