import { readyAnaWithMariana } from '@e2e/support/apiSetup';
import {
  EXPOSED_MODULE_BUDGET,
  FEDERATION_RUNTIME_COPIES_BUDGET,
  MAIN_PANEL_BUDGET,
  REMOTE_ENTRY_BUDGET,
  SHELL_STARTUP_BUDGET,
} from '@e2e/support/bundleBudgets';
import { measureMainPanel } from '@e2e/support/mainPanelBytes';
import { journeyWorld } from '@e2e/support/journeyWorld';
import { entryPointSizes } from '../../../../tools/scripts/bundleBytes';

// Bytes are deterministic for a build: these budgets hold exactly, with no timing involved.
const world = journeyWorld(readyAnaWithMariana);

/** Every figure over its budget, as 'name: figure > budget' lines (empty when all hold). */
function overBudget(figures: Record<string, number>, budgets: Record<string, number>): string[] {
  return Object.entries(figures).flatMap(([name, bytes]) => {
    const budget = budgets[name];
    if (budget === undefined) return [`${name}: ${bytes} B has no budget`];
    return bytes > budget ? [`${name}: ${bytes} B > ${budget} B`] : [];
  });
}

test('the main panel downloads no more JS, and no more federation runtimes, than its budgets', async () => {
  const main = await measureMainPanel(world.browser, world.stack);
  expect(
    overBudget(
      { 'main panel': main.totalGz, 'shell start-up': main.byAppGz.shell ?? 0 },
      { 'main panel': MAIN_PANEL_BUDGET, 'shell start-up': SHELL_STARTUP_BUDGET },
    ),
  ).toEqual([]);
  expect(main.federationRuntimeCopies).toBeLessThanOrEqual(FEDERATION_RUNTIME_COPIES_BUDGET);
  expect(main.reactDomCopies).toBe(1);
});

test('every remote entry and exposed module stays within its budget', () => {
  const { remoteEntries, exposed } = entryPointSizes();
  expect(overBudget(remoteEntries, REMOTE_ENTRY_BUDGET)).toEqual([]);
  expect(overBudget(exposed, EXPOSED_MODULE_BUDGET)).toEqual([]);
});
