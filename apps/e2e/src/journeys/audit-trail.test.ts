import { ACME, ANA, BRUNO, acceptTerms, callApi, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { generalTabLoaded, pickDeal } from '@e2e/support/dealTabs';
import { eventually } from '@e2e/support/eventually';
import { openHostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';
import { NO_OVERFLOW, shootModal } from '@e2e/support/panelShots';

// An admin changes a deal's stage from the panel, then answers from the
// credentials manager's history who changed it, from which chat, and when. An attendant cannot.

// The api's reference data (the CRM users among it) kept 1 ms instead of 60 s: every write is made
// as after a minute idle, when the api no longer holds the attendant's name in that cache.
const world = journeyWorld(readyAnaWithMariana, { CRM_CACHE_TTL_MS: '1' });

const deal = ACME.deals.implantacao;
const stages = ACME.pipelines.vendas.stages;
const readDeal = async () =>
  (
    (await callApi(world.stack, ANA, 'GET', `/api/rdstation/deals/${deal.id}`)).json.data as {
      data: Record<string, unknown>;
    }
  ).data;

test('an admin moves a deal to another stage, and the history says who, when, from which chat, and the stage names before → after', async () => {
  const { sim, page, errors } = await openHostSim(world.browser, world.stack, 'user-ana');
  await sim.openAttendance('Mariana Costa');
  const panel = sim.panel;
  await panel.getByRole('combobox', { name: /Negociação/ }).fill('Implantação CRM');
  await panel.getByRole('option', { name: deal.name }).click();
  await generalTabLoaded(panel);
  const before = String((await readDeal()).stage_id);
  expect(before).toBe(stages[3]?.id);

  await panel.getByRole('combobox', { name: /Etapa do funil/ }).click();
  await panel.getByRole('option', { name: 'Negociação' }).click();
  await eventually(async () => (await readDeal()).stage_id, stages[4]?.id);

  await panel.getByRole('button', { name: 'Gerenciar Integração' }).click();
  await sim.modal.getByRole('tab', { name: 'Histórico de alterações' }).click();
  const history = sim.modal.getByRole('region', { name: 'Histórico de alterações' });
  const entry = history
    .getByRole('listitem')
    // Names as the api recorded them at the write ('Proposta enviada' is stages[3]).
    .filter({ hasText: 'Etapa do funil: Proposta enviada → Negociação' })
    // The entry's item holds its fields' items: the outer one is the entry.
    .first();
  await entry.waitFor();
  // The ids stay at hand: on hover of each name.
  expect(await entry.getByTitle(`ID: ${before}`).innerText()).toBe('Proposta enviada');
  expect(await entry.getByTitle(`ID: ${stages[4]?.id}`).innerText()).toBe('Negociação');
  await entry.getByText(ACME.users.ana.name).waitFor();
  await entry.getByText('Identidade verificada').waitFor();
  // The record by the name it had at the write (the CRM's answer), its id on hover.
  const record = entry.getByTitle(`ID: ${deal.id}`);
  expect(await record.innerText()).toBe(deal.name);
  expect(await record.locator('xpath=..').innerText()).toBe(`Alteração · Negociação ${deal.name}`);
  await entry.getByText('Atendimento com Mariana Costa · Canal WhatsApp Comercial').waitFor();
  const when = await entry.locator('strong').first().innerText();
  expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await screenshot(page, 'audit-trail-history');

  // The person filter: Ana by her name, from the people of the trail; the list is asked for her
  // host user id.
  const person = history.getByRole('combobox', { name: 'Pessoa' });
  await person.click();
  await sim.modal.getByRole('option', { name: new RegExp(ACME.users.ana.name) }).click();
  expect(await person.inputValue()).toBe(ACME.users.ana.name);
  const filtered = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/audit' && url.searchParams.has('person');
  });
  await history.getByRole('button', { name: 'Filtrar' }).click();
  const asked = new URL((await filtered).url());
  expect(Object.fromEntries(asked.searchParams)).toEqual({ person: ANA.userId, limit: '50' });
  await history
    .getByRole('listitem')
    .filter({ hasText: 'Etapa do funil: Proposta enviada → Negociação' })
    .first()
    .waitFor();
  await screenshot(page, 'audit-trail-history-by-person');

  // The period as a person in Brazil types it, in a browser whose language is English (where a
  // native date input reads mm/dd/yyyy): dd/mm/aaaa, a day that is not one refused in the field
  // with what was typed kept, and the day typed is the day the api is asked for.
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  const from = history.getByRole('textbox', { name: 'De' });
  expect(await from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
  await from.pressSequentially('31022026');
  await history.getByRole('button', { name: 'Filtrar' }).click();
  await history.getByText('Data inválida. Use o formato dd/mm/aaaa.').waitFor();
  expect(await from.inputValue()).toBe('31/02/2026');
  await screenshot(page, 'audit-trail-history-invalid-date');
  await from.fill('');
  await from.pressSequentially('01012020');
  const byPeriod = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/audit' && url.searchParams.has('from');
  });
  await history.getByRole('button', { name: 'Filtrar' }).click();
  expect(Object.fromEntries(new URL((await byPeriod).url()).searchParams)).toEqual({
    person: ANA.userId,
    from: '2020-01-01',
    limit: '50',
  });
  await history
    .getByRole('listitem')
    .filter({ hasText: 'Etapa do funil: Proposta enviada → Negociação' })
    .first()
    .waitFor();
  // The host's narrow modal widths: nothing sticks out sideways.
  expect(await shootModal(page, 'audit-trail-history')).toEqual(NO_OVERFLOW);
  expect(errors).toEqual([]);
});

test('an attendant gets no history: the api refuses it in pt-BR', async () => {
  await acceptTerms(world.stack, BRUNO);
  for (const path of ['/api/audit', '/api/audit.csv', '/api/audit/people']) {
    const refused = await callApi(world.stack, BRUNO, 'GET', path);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      message: 'Apenas administradores podem ver o histórico de alterações.',
      code: 'admin_required',
    });
  }
});

test("a product changed after the api let go of the names is recorded under Ana's name, its prices in R$", async () => {
  const { sim, page, errors } = await openHostSim(world.browser, world.stack, 'user-ana');
  await sim.openAttendance('Mariana Costa');
  await pickDeal(sim, deal.name);
  const panel = sim.panel;
  await panel.getByRole('tab', { name: 'Produtos e Serviços' }).click();
  const tab = panel.getByRole('region', { name: 'Produtos e Serviços' });
  const item = tab.getByRole('article', { name: ACME.products.planoPro.name });
  await item.getByRole('button', { name: 'Editar' }).click();
  const edit = sim.modal.getByRole('form', { name: 'Editar Produto' });
  const price = edit.getByRole('textbox', { name: /^Preço Unitário \(R\$\)/ });
  await eventually(async () => (await price.inputValue()) !== '', true);
  await price.fill('');
  await price.pressSequentially('49,90');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await page.locator('iframe.modal-frame').waitFor({ state: 'detached' });
  await tab.getByText('Produto atualizado com sucesso!').waitFor();

  await panel.getByRole('button', { name: 'Gerenciar Integração' }).click();
  await sim.modal.getByRole('tab', { name: 'Histórico de alterações' }).click();
  const history = sim.modal.getByRole('region', { name: 'Histórico de alterações' });
  const entry = history
    .getByRole('listitem')
    .filter({ hasText: /Preço Unitário \(R\$\): R\$\s[\d.]+,\d{2} → R\$\s49,90/ })
    .first();
  await entry.waitFor();
  await entry.getByText(ACME.users.ana.name).waitFor();
  expect(await entry.getByText(ANA.userId, { exact: true }).count()).toBe(0);
  await screenshot(page, 'audit-trail-product-by-name');

  // The person filter offers Ana by her name only: never her host id as a name.
  await history.getByRole('combobox', { name: 'Pessoa' }).click();
  const people = await sim.modal.getByRole('listbox').getByRole('option').allInnerTexts();
  expect(people.some((text) => text.startsWith(ACME.users.ana.name))).toBe(true);
  expect(people.filter((text) => text.startsWith(ANA.userId))).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});
