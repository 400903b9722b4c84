// The deal picker's 'Todas as negociações' read to its end, whatever page size the CRM takes:
// RD documents page[size]'s default (20) and no maximum, so the CRM may refuse the api's 100 (the
// world's sandbox does, capped at SANDBOX_MAX_PAGE_SIZE) or answer fewer records than asked
// without an error (the sandbox's `pageSizeOverCap: 'clamp'`). Either way a person scrolling the
// list meets every one of the account's deals, once.
import { type FrameLocator, type Page } from 'playwright-core';
import { ACME, BRUNO, acceptTerms, readyAnaWithMariana, signIn } from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { openDealPicker } from '@e2e/support/dealTabs';
import { SandboxAdmin } from '@e2e/support/faults';
import { openHostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';

const world = journeyWorld(readyAnaWithMariana);

/** Mariana's chat, the picker on 'Todas as negociações', scrolled until it stops growing. */
async function scrollEveryDeal(page: Page, panel: FrameLocator, shot: string): Promise<string[]> {
  await panel.getByRole('button', { name: 'Negociações com esse contato' }).click();
  await panel.getByRole('menuitemradio', { name: 'Todas as negociações' }).click();
  await openDealPicker(panel);
  const listbox = panel.getByRole('listbox');
  const options = listbox.getByRole('option');
  await options.first().waitFor();
  // Scrolled to the bottom until a whole second goes by without a new option or a page loading.
  let count = 0;
  for (let quiet = 0; quiet < 10;) {
    await listbox.evaluate((list) => {
      const scroller = list.parentElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
    await page.waitForTimeout(100);
    const busy = (await listbox.getAttribute('aria-busy')) === 'true';
    const now = await options.count();
    quiet = busy || now !== count ? 0 : quiet + 1;
    count = now;
  }
  await options.last().scrollIntoViewIfNeeded();
  await screenshot(page, shot);
  return (await options.allInnerTexts()).map((text) => text.split('\n')[0] ?? '');
}

test("Ana scrolls 'Todas as negociações' to its end: every deal of the account, once", async () => {
  const { sim, page, errors } = await openHostSim(world.browser, world.stack, 'user-ana');
  await sim.openAttendance('Mariana Costa');
  const names = await scrollEveryDeal(page, sim.panel, 'long-lists-every-deal');
  expect(names).toHaveLength(ACME.counts.deals);
  expect(names).toEqual(expect.arrayContaining([ACME.deals.implantacao.name]));
  expect(errors).toEqual([]);
  await page.close();
});

test('a CRM that cuts pages short without an error: Bruno still meets every deal, once', async () => {
  const admin = new SandboxAdmin(world.stack);
  // The tenant asks the size its CRM took so far (the world's cap); from now on the CRM answers
  // fewer to it, with status 200: the largest step below that cap.
  const { maxPageSize } = await admin.knobs();
  const cut = [50, 25, 10].find((size) => maxPageSize === 0 || size < maxPageSize) ?? 10;
  await admin.setKnobs({ maxPageSize: cut, pageSizeOverCap: 'clamp' });
  await acceptTerms(world.stack, BRUNO);
  await signIn(world.stack, BRUNO, ACME.users.bruno.email);
  const { sim, page, errors } = await openHostSim(world.browser, world.stack, BRUNO.userId);
  await sim.openAttendance('Mariana Costa');
  const names = await scrollEveryDeal(page, sim.panel, `long-lists-every-deal-cut-to-${cut}`);
  expect(names).toHaveLength(ACME.counts.deals);
  expect(errors).toEqual([]);
  await page.close();
});
