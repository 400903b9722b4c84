import type { Browser } from 'playwright-core';
import {
  recordScripts,
  scriptsSettled,
  type DownloadSummary,
} from '../../../../tools/scripts/bundleBytes';
import { HostSim } from './hostSim';
import type { Stack } from './stack';

const FRONTENDS = [
  'shell',
  'deal',
  'notes',
  'tasks',
  'products',
  'contacts',
  'credentials',
] as const;

/**
 * The JS a browser that never saw the panel downloads to show the main panel: host-sim, Ana
 * signed in, Mariana's linked chat opened, its 'Geral' tab on screen, every lazy load over.
 * Shared by the size budget (journeys/bundle-budget.test.ts) and the bench (bench/bundle-size.js).
 */
export async function measureMainPanel(browser: Browser, stack: Stack): Promise<DownloadSummary> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  try {
    const page = await context.newPage();
    const ports = Object.fromEntries(FRONTENDS.map((name) => [String(stack.ports[name]), name]));
    const recorder = recordScripts(page, ports);
    const sim = new HostSim(page, stack);
    await sim.open();
    await sim.openAttendance('Mariana Costa');
    await sim.panel.getByRole('combobox', { name: /Negociação/ }).waitFor({ timeout: 30000 });
    await sim.panel.getByText('Costa & Filhos Comércio Ltda').waitFor({ timeout: 30000 });
    await scriptsSettled(recorder);
    return await recorder.summary();
  } finally {
    await context.close();
  }
}
