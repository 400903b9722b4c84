import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type FrameLocator,
  type Locator,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../tools/scripts/chromium';
import { sharedBrowserEndpoint } from './stack';

// The system Chromium (Debian's package) and its flags: one list for the journeys and the benches.
export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** Fails early, with the fix, when the system has no Chromium. */
export function chromiumInstalled(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium não encontrado em ${CHROMIUM_PATH} (apt-get install -y chromium).`);
  }
}

/**
 * The worker's Chromium (support/worldServer.ts), launched once for all its journey files: a
 * file's `browser.close()` closes the contexts it opened and disconnects, as a launch of its own
 * would have left nothing behind.
 */
export async function launchBrowser(): Promise<Browser> {
  chromiumInstalled();
  const browser = await chromium.connect(await sharedBrowserEndpoint());
  connected.add(browser);
  browser.on('disconnected', () => connected.delete(browser));
  return browser;
}

/** The browsers this journey file launched (and has not closed). */
const connected = new Set<Browser>();

/** The contexts (a page opened with `newPage` is one) open now in this file's browsers. */
export function openContexts(): Set<BrowserContext> {
  return new Set([...connected].flatMap((browser) => browser.contexts()));
}

/** Closes the contexts opened since `before` was taken (support/worldFirst.ts, after each test). */
export async function closeContextsSince(before: Set<BrowserContext>): Promise<void> {
  const opened = [...openContexts()].filter((context) => !before.has(context));
  await Promise.all(opened.map((context) => context.close()));
}

/** Screenshots are kept as test artifacts under test-results/e2e. */
export const ARTIFACTS_DIR = path.resolve(__dirname, '../../../../test-results/e2e');

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits for `locator` to show; when it does not, the journey fails with what the page showed
 * instead: a screenshot (`<name>-failed.png`) and the text of `frame` (the panel) in the error.
 */
export async function waitShown(
  page: Page,
  name: string,
  locator: Locator,
  frame: FrameLocator,
  timeout: number,
): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    const file = await screenshot(page, `${name}-failed`).catch(() => 'sem captura');
    const shown = await frame
      .locator('main, [role="alert"], h1, h2, p')
      .allInnerTexts()
      .then((texts) => texts.join(' | '))
      .catch(() => '(o painel não respondeu)');
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\nO painel mostrava: ${shown}\n(${file})`,
      { cause: error },
    );
  }
}

/** Collects uncaught page errors, so a journey fails on an unhandled rejection too. */
export function trackPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}
