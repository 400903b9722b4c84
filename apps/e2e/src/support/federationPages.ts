import type { Locator, Page } from 'playwright-core';
import type { RemoteName } from '@crm-panel/contracts';
import { ACME } from './apiSetup';
import { pickDeal } from './dealTabs';
import type { HostSim } from './hostSim';

// What the federation journeys (skew-matrix, shared-versions, remote-overrides) do alike: a
// remote deployed somewhere else for one page, and Mariana's notes area opened to see what it got.

/**
 * This page's runtime-config.json names `remotes` at other entries (and, with `contracts`, the
 * contract each was built for), as an operator's hand-written deployment would: the rest of the
 * file is what the shell's server answers.
 */
export async function deployForThisPage(
  page: Page,
  remotes: Partial<Record<RemoteName, string>>,
  contracts: Partial<Record<RemoteName, string>> = {},
): Promise<void> {
  await page.route('**/runtime-config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as {
      remotes: Record<string, string>;
      contracts: Record<string, string>;
    };
    await route.fulfill({
      response,
      json: {
        ...config,
        remotes: { ...config.remotes, ...remotes },
        contracts: { ...config.contracts, ...contracts },
      },
    });
  });
}

/**
 * host-sim open with Mariana's chat, her deal picked and its 'Notas' tab chosen: the notes area
 * (whatever it shows: the notes, or its error).
 */
export async function openMarianaNotes(sim: HostSim): Promise<Locator> {
  await sim.open();
  await sim.openAttendance('Mariana Costa');
  await pickDeal(sim, ACME.deals.implantacao.name);
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
  return sim.panel.getByRole('region', { name: 'Notas' });
}
