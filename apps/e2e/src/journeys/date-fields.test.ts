import type { Browser } from 'playwright-core';
import { ACME, ANA, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { recordBodies } from '@e2e/support/accessFlow';
import { launchBrowser, screenshot, trackPageErrors } from '@e2e/support/browser';
import { pickDeal } from '@e2e/support/dealTabs';
import { eventually } from '@e2e/support/eventually';
import { HostSim } from '@e2e/support/hostSim';
import { startE2eStack, type Stack } from '@e2e/support/stack';

/**
 * A native date input follows the browser's language (mm/dd/yyyy in an
 * English Chromium). In a browser set to en-US, the task form's due date still shows and accepts
 * dd/mm/yyyy, and the day typed is the day the CRM gets.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startE2eStack();
  await readyAnaWithMariana(stack);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

test("an en-US browser: 'Data de Vencimento' reads and takes dd/mm/yyyy", async () => {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 1000 },
  });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const sim = new HostSim(page, stack);
  await sim.open(ANA.userId);
  await sim.openAttendance('Mariana Costa');
  await pickDeal(sim, ACME.deals.implantacao.name);
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');

  await sim.panel.getByRole('tab', { name: 'Tarefas' }).click();
  await sim.panel.getByRole('button', { name: 'Adicionar', exact: true }).click();
  const form = sim.modal.getByRole('form', { name: 'Criar Tarefa' });
  await form.waitFor();
  const due = form.getByRole('textbox', { name: /^Data de Vencimento/ });
  expect(await due.getAttribute('placeholder')).toBe('dd/mm/aaaa');

  await form.getByRole('textbox', { name: /^Título/ }).fill('Visita técnica');
  await form.getByRole('textbox', { name: /^Descrição/ }).fill('Levar o contrato impresso.');
  await form.getByRole('combobox', { name: /^Tipo/ }).selectOption({ label: 'Visita' });
  // A day that cannot be read the other way round (there is no 13th month).
  await due.pressSequentially('31/02/2031');
  expect(await due.inputValue()).toBe('31/02/2031');
  await form.getByRole('button', { name: 'Criar Tarefa' }).click();
  await sim.modal.getByText('A data de vencimento é obrigatória').waitFor();

  await due.fill('');
  await due.pressSequentially('13032031');
  expect(await due.inputValue()).toBe('13/03/2031');
  await screenshot(page, 'date-fields-task-en-US');
  const posts = recordBodies(page, 'POST', '/api/rdstation/tasks');
  await form.getByRole('button', { name: 'Criar Tarefa' }).click();
  await page.locator('iframe.modal-frame').waitFor({ state: 'detached' });

  expect(posts).toHaveLength(1);
  const sent = posts[0] as { due_date: string };
  const day = new Date(sent.due_date);
  expect([day.getDate(), day.getMonth() + 1, day.getFullYear()]).toEqual([13, 3, 2031]);
  const card = sim.panel.getByRole('article', { name: 'Visita técnica' });
  await card.getByText('13/03/2031').waitFor();

  // Editing shows the stored day back as dd/mm/yyyy.
  await card.getByRole('button', { name: 'Editar' }).click();
  const edit = sim.modal.getByRole('form', { name: 'Salvar Alterações' });
  await edit.getByRole('textbox', { name: /^Título/ }).waitFor({ timeout: 15_000 });
  const editDue = edit.getByRole('textbox', { name: /^Data de Vencimento/ });
  await eventually(() => editDue.inputValue(), '13/03/2031');
  expect(errors).toEqual([]);
  await context.close();
});
