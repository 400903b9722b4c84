import type { Locator, Page } from 'playwright-core';
import { recordBodies } from '@e2e/support/accessFlow';
import { ACME, ANA, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { dateInputValue, pickDeal } from '@e2e/support/dealTabs';
import { eventually } from '@e2e/support/eventually';
import { type HostSim, openHostSim } from '@e2e/support/hostSim';
import { NO_OVERFLOW, shootModal, shootPanel } from '@e2e/support/panelShots';
import { journeyWorld } from '@e2e/support/journeyWorld';

/**
 * Every form that ends with success says so in the panel, in the area it was
 * opened from, the same way (a status banner that stays until closed), the form closing as soon as
 * the save is done. Point 8: the deal form's owner starts as the signed-in user and can be
 * removed, so 'Responsável é obrigatório' is reachable.
 */

const world = journeyWorld(readyAnaWithMariana);
let sim: HostSim;
let page: Page;
let errors: Error[];

const deal = ACME.deals.implantacao;

beforeAll(async () => {
  ({ sim, page, errors } = await openHostSim(world.browser, world.stack, ANA.userId));
  await sim.openAttendance('Mariana Costa');
  await pickDeal(sim, deal.name);
});

afterAll(() => {
  // The page closes with the browser (journeyWorld).
  expect(errors).toEqual([]);
});

const modalClosed = () => page.locator('iframe.modal-frame').waitFor({ state: 'detached' });

/** The success banner of `area` (a region of the panel) reads `text`, and stays. */
async function panelSays(area: Locator, text: string): Promise<void> {
  const banner = area.getByRole('status').filter({ hasText: text });
  await banner.waitFor();
  await page.waitForTimeout(2_000);
  expect(await banner.isVisible()).toBe(true);
}

test("'Nota criada com sucesso!' shows in the Notas tab once the form has closed", async () => {
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
  const tab = sim.panel.getByRole('region', { name: 'Notas' });
  await tab.getByRole('button', { name: 'Adicionar Nota' }).click();
  const form = sim.modal.getByRole('form', { name: 'Adicionar Nota' });
  const text = 'Mariana confirmou a reunião de implantação para terça-feira.';
  await form.getByRole('textbox', { name: /Conteúdo da nota/ }).fill(text);
  expect(await shootModal(page, 'success-alerts-note-form')).toEqual(NO_OVERFLOW);
  await form.getByRole('button', { name: 'Salvar Nota' }).click();
  await modalClosed();
  await panelSays(tab, 'Nota criada com sucesso!');
  await tab.getByRole('listitem').filter({ hasText: text }).waitFor();
  await screenshot(page, 'success-alerts-note');
  expect(await shootPanel(page, 'success-alerts-notes-tab')).toEqual(NO_OVERFLOW);
});

test("'Tarefa criada com sucesso!' and 'Produto adicionado com sucesso!' the same way", async () => {
  await sim.panel.getByRole('tab', { name: 'Tarefas' }).click();
  const tasks = sim.panel.getByRole('region', { name: 'Tarefas' });
  await tasks.getByRole('button', { name: 'Adicionar', exact: true }).click();
  const task = sim.modal.getByRole('form', { name: 'Criar Tarefa' });
  await task.getByRole('textbox', { name: /^Título/ }).fill('Ligar para confirmar a reunião');
  await task.getByRole('textbox', { name: /^Descrição/ }).fill('Confirmar horário e local.');
  await task.getByRole('combobox', { name: /^Tipo/ }).selectOption({ label: 'Ligação' });
  const [y, m, d] = dateInputValue(3).split('-');
  await task.getByLabel(/^Data de Vencimento/).fill(`${d}/${m}/${y}`);
  await task.getByRole('button', { name: 'Criar Tarefa' }).click();
  await modalClosed();
  await panelSays(tasks, 'Tarefa criada com sucesso!');
  expect(await shootPanel(page, 'success-alerts-tasks-tab')).toEqual(NO_OVERFLOW);

  await sim.panel.getByRole('tab', { name: 'Produtos e Serviços' }).click();
  const products = sim.panel.getByRole('region', { name: 'Produtos e Serviços' });
  await products.getByRole('button', { name: 'Adicionar Produto' }).click();
  const product = sim.modal.getByRole('form', { name: 'Adicionar Produto' });
  await product.getByRole('combobox', { name: /^Produto/ }).click();
  await sim.modal.getByRole('listbox').getByRole('option').first().click();
  await product.getByRole('button', { name: 'Adicionar Produto' }).click();
  await modalClosed();
  await panelSays(products, 'Produto adicionado com sucesso!');
  expect(await shootPanel(page, 'success-alerts-products-tab')).toEqual(NO_OVERFLOW);
});

test("'Criar Negociação': the owner can be removed, 'Responsável é obrigatório', then the panel says it was created", async () => {
  await sim.panel.getByRole('button', { name: 'Criar Negociação' }).click();
  const form = sim.modal.getByRole('form', { name: 'Criar Negociação' });
  const owner = form.getByRole('combobox', { name: /Responsável/ });
  await form.getByRole('textbox', { name: /Nome da negociação/ }).fill('Suporte premium - Costa');
  await form.getByRole('combobox', { name: /Funil de vendas/ }).click();
  await sim.modal.getByRole('option', { name: ACME.pipelines.vendas.name }).click();
  await form.getByRole('combobox', { name: /Etapa do funil/ }).click();
  await sim.modal.getByRole('listbox').getByRole('option').first().click();
  // The signed-in user starts as the owner.
  await eventually(() => owner.inputValue(), ACME.users.ana.name);
  await form.getByRole('button', { name: 'Remover' }).click();
  const posts = recordBodies(page, 'POST', '/api/rdstation/deals');
  await form.getByRole('button', { name: 'Criar Negociação' }).click();
  await form.getByText('Responsável é obrigatório').waitFor();
  expect(posts).toEqual([]);
  expect(await shootModal(page, 'success-alerts-deal-owner-required')).toEqual(NO_OVERFLOW);

  await owner.click();
  await sim.modal.getByRole('option', { name: new RegExp(ACME.users.bruno.name) }).click();
  await form.getByRole('button', { name: 'Criar Negociação' }).click();
  await modalClosed();
  await panelSays(
    sim.panel.locator('[data-remote="deal/DealToolbar"]'),
    'Negociação criada com sucesso!',
  );
  expect(posts).toEqual([
    expect.objectContaining({ name: 'Suporte premium - Costa', owner_id: ACME.users.bruno.id }),
  ]);
  await screenshot(page, 'success-alerts-deal');
  expect(await shootPanel(page, 'success-alerts-deal-created')).toEqual(NO_OVERFLOW);
});
