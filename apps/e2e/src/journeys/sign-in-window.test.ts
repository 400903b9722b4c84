import {
  acceptTermsInPanel,
  confirmCrmUserInWindow,
  openSignInWindows,
} from '@e2e/support/accessFlow';
import {
  BETA,
  CARLA,
  acceptTerms,
  callApi,
  consentedSignIn,
  readyTenant,
} from '@e2e/support/apiSetup';
import { screenshot, trackPageErrors } from '@e2e/support/browser';
import { HOST_MODE, openHostSim, WINDOWS_ALLOWED } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';

// Login CSRF without `state` (RD sends none): a colleague of the same RD account hands the
// attendant, mid sign-in, the callback of his own consent. Her browser holds the sign-in's cookie,
// but only her sign-in window holds its secret; and nothing is bound before she confirms, in that
// window, who she is in the CRM.
const world = journeyWorld((stack) => readyTenant(stack, CARLA, BETA, BETA.users.renata.email));

test("a colleague's callback opened in another tab is refused; her own window asks who she is before signing in", async () => {
  const { stack, browser } = world;
  // Otávio, of the same RD account, consents as himself and keeps his callback (no state).
  const otavio = { userId: 'user-otavio', systemKey: CARLA.systemKey };
  await acceptTerms(stack, otavio);
  const { callback } = await consentedSignIn(stack, otavio, BETA.users.otavio.email);
  callback.searchParams.delete('state');
  expect([...callback.searchParams.keys()]).toEqual(['code']);

  const { sim, page, errors } = await openHostSim(
    browser,
    stack,
    CARLA.userId,
    undefined,
    HOST_MODE,
    WINDOWS_ALLOWED,
  );
  const panel = sim.panel;
  await acceptTermsInPanel(page, panel, 'csrf-carla');
  const context = page.context();
  const opened = await openSignInWindows(page, panel);
  const { popup } = opened;
  const provider = await opened.provider;
  const windowErrors = [...trackPageErrors(popup), ...trackPageErrors(provider)];
  await provider.getByRole('heading', { name: 'Autorizar acesso ao RD Station CRM' }).waitFor();

  // The attack: the colleague's link, opened in another tab of her browser (her cookie).
  // A link in the chat page, opened in a new tab as any link with target=_blank.
  await page.evaluate((href) => {
    const link = document.createElement('a');
    link.href = href;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = 'Ver proposta';
    document.body.prepend(link);
  }, callback.toString());
  const tabOpened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Ver proposta' }).click();
  const tab = await tabOpened;
  await tab.waitForURL((url) => url.searchParams.has('window_proof'));
  await tab
    .getByText(
      'Este login foi iniciado em outra janela ou navegador. Feche esta janela e inicie o login novamente pelo painel.',
    )
    .waitFor();
  expect(new URL(tab.url()).searchParams.get('window_proof')).toBe('');
  await screenshot(tab, 'csrf-other-tab-refused');
  await tab.close();
  // Her panel is still waiting for her own window: nothing of Otávio reached it.
  await panel.getByText('Conclua a autenticação na janela que foi aberta.').waitFor();

  // Her own sign-in, in her own window, still goes on; it asks who she is before anything.
  await provider
    .getByRole('radio', { name: `${BETA.users.renata.name} (${BETA.users.renata.email})` })
    .check();
  const providerClosed = provider.waitForEvent('close');
  const popupClosed = popup.waitForEvent('close');
  await provider.getByRole('button', { name: 'Autorizar' }).click();
  await provider.getByText(BETA.users.otavio.email).waitFor();
  await confirmCrmUserInWindow(provider, BETA.users.renata, 'csrf-carla');
  await providerClosed;
  await popupClosed;
  await panel.getByText(`Olá, ${BETA.users.renata.name}!`).waitFor();
  // Otávio's own sign-in was never completed by anyone.
  expect((await callApi(stack, otavio, 'GET', '/api/rdstation/auth/status')).json).toMatchObject({
    authenticated: false,
  });
  expect(windowErrors).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});
