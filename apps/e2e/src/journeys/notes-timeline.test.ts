import type { Browser } from 'playwright-core';
import { ACME, ANA, callApi, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { launchBrowser, screenshot, trackPageErrors } from '@e2e/support/browser';
import { pickDeal } from '@e2e/support/dealTabs';
import { HostSim } from '@e2e/support/hostSim';
import { startE2eStack, type Stack } from '@e2e/support/stack';

// How notes read in the timeline.
let stack: Stack;
let browser: Browser;

const deal = ACME.deals.treinamento;
const REMOVED =
  'O conteúdo desta nota foi removido por segurança: ela continha apenas elementos não permitidos.';
// An import of three chat messages, longer than the 200-character preview.
const IMPORTED = [
  'Mariana Costa - 05/03/2026 09:07\nOlá! Gostaria de saber se a proposta já inclui o treinamento da equipe inteira.',
  'Você - 05/03/2026 09:12\nInclui sim, são duas turmas de quatro horas cada, em datas a combinar.',
  'Mariana Costa - 05/03/2026 09:15\nPerfeito, obrigada!',
].join('\n\n');

beforeAll(async () => {
  stack = await startE2eStack();
  await readyAnaWithMariana(stack);
  for (const description of [
    IMPORTED,
    '<script>window.__xss=1</script><iframe src="x"></iframe>',
  ]) {
    const created = await callApi(stack, ANA, 'POST', `/api/rdstation/deals/${deal.id}/notes`, {
      description,
      user_id: ACME.users.ana.id,
    });
    expect(created.status).toBe(201);
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

test('an imported multi-message note keeps its line breaks in the preview; a note left empty by sanitising says so', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
  const errors = trackPageErrors(page);
  const sim = new HostSim(page, stack);
  await sim.open('user-ana');
  await sim.openAttendance('Mariana Costa');
  await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
  await pickDeal(sim, deal.name);
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();

  const preview = sim.panel.getByText(/^Mariana Costa - 05\/03\/2026 09:07/);
  await preview.waitFor();
  const shown = await preview.innerText();
  // Line by line, as imported: the sender line, the message, a blank line, the next sender.
  expect(shown.split('\n').slice(0, 4)).toEqual([
    'Mariana Costa - 05/03/2026 09:07',
    'Olá! Gostaria de saber se a proposta já inclui o treinamento da equipe inteira.',
    '',
    'Você - 05/03/2026 09:12',
  ]);
  expect(shown.endsWith('...')).toBe(true);
  await sim.panel.getByText(REMOVED).waitFor();
  await screenshot(page, 'notes-timeline-line-breaks-and-removed');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(errors).toEqual([]);
  await page.close();
});
