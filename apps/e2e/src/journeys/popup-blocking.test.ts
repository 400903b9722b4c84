import { chromium, type Browser, type Page } from 'playwright-core';
import { acceptTerms, ACME, ANA, callApi, configureTenant } from '@e2e/support/apiSetup';
import { CHROMIUM_ARGS, CHROMIUM_PATH, screenshot, trackPageErrors } from '@e2e/support/browser';
import { eventually } from '@e2e/support/eventually';
import { HOST_MODE, HostSim, WINDOWS_ALLOWED } from '@e2e/support/hostSim';
import { startE2eStack, type Stack } from '@e2e/support/stack';

/**
 * Chromium as people run it blocks a window a page opens by itself. Playwright
 * turns that blocker off by default; here it stays on. One click on 'Entrar com RD Station CRM'
 * must be enough: the auth window the click opened goes to the CRM's consent page itself.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startE2eStack();
  await acceptTerms(stack, ANA);
  await configureTenant(stack, ANA);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

test('the pop-up blocker is on: a window a page opens by itself is refused', async () => {
  const page = await browser.newPage();
  // Run by the page as it loads, with no click behind it (an evaluate counts as a gesture).
  const html =
    '<!doctype html><script>document.title = String(window.open("about:blank") === null)</script>';
  await page.goto(`data:text/html,${encodeURIComponent(html)}`);
  expect(await page.title()).toBe('true');
  await page.close();
});

test('one click signs in under the default pop-up blocking', async () => {
  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = trackPageErrors(page);
  const sim = new HostSim(page, stack);
  await sim.open(ANA.userId, HOST_MODE, WINDOWS_ALLOWED);
  const opened: string[] = [];
  page.context().on('page', (other) => opened.push(other.url()));

  const authWindowOpened = page.waitForEvent('popup');
  await sim.panel.getByRole('button', { name: 'Entrar com RD Station CRM' }).click();
  const authWindow = await authWindowOpened;
  // The same window, with no second click, reaches the CRM's consent page.
  await authWindow.waitForURL((url) => url.pathname === '/oauth/authorize', { timeout: 15_000 });
  await authWindow
    .getByRole('heading', { name: 'Autorizar acesso ao RD Station CRM' })
    .waitFor({ timeout: 15_000 });
  await screenshot(authWindow, 'popup-blocking-consent');
  expect(await authWindow.getByText(/Permita pop-ups/).count()).toBe(0);

  await authWindow
    .getByRole('radio', { name: `${ACME.users.ana.name} (${ACME.users.ana.email})` })
    .check();
  const closed = authWindow.waitForEvent('close', { timeout: 15_000 });
  await authWindow.getByRole('button', { name: 'Autorizar' }).click();
  await closed;

  await sim.panel.getByText('Nenhum contato selecionado').waitFor({ timeout: 15_000 });
  await eventually(
    async () => (await callApi(stack, ANA, 'GET', '/api/rdstation/auth/status')).json.authenticated,
    true,
  );
  expect(opened).toHaveLength(1);
  await screenshot(page, 'popup-blocking-signed-in');
  expect(errors).toEqual([]);
  await page.close();
});
