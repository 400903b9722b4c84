// The panel through each of host-sim's integrations (the spec's global object, our postMessage
// protocol, Novus's plugin protocol): what a host does to a panel, journey by journey. The whole
// suite runs in any one mode with E2E_HOST_MODE (support/hostSim.ts); this file runs every mode.
import { ACME, ANA, callApi, readyAnaWithMariana, SECURITY_PASSWORD } from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { crmData, dateInputValue, openDealPicker, pickDeal } from '@e2e/support/dealTabs';
import { HOST_MODES, type HostMode, type HostSim, openHostSim } from '@e2e/support/hostSim';
import { eventually } from '@e2e/support/eventually';
import { journeyWorld } from '@e2e/support/journeyWorld';

const world = journeyWorld(readyAnaWithMariana);

/** Mariana's chat in host-sim's page data (its attendance id and WhatsApp channel). */
const MARIANA_ATTENDANCE = { id: 'at-1001', chat: 'canal-whatsapp-acme' };

/** A price per mode, so each mode's product entry is its own in the shared history. */
const PRICE_BY_MODE: Record<HostMode, string> = {
  global: '49,90',
  postMessage: '59,90',
  novus: '69,90',
};

/** A note written from the notes tab through the host's modal; the tab, once it says so. */
async function addNote(sim: HostSim, text: string) {
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
  const notes = sim.panel.getByRole('region', { name: 'Notas' });
  await notes.getByRole('button', { name: 'Adicionar Nota' }).click();
  const form = sim.modal.getByRole('form', { name: 'Adicionar Nota' });
  await form.getByRole('textbox', { name: /Conteúdo da nota/ }).fill(text);
  await form.getByRole('button', { name: 'Salvar Nota' }).click();
  await sim.modalClosed();
  await notes.getByText('Nota criada com sucesso!').waitFor();
  return notes;
}

const open = (mode: HostMode) =>
  openHostSim(world.browser, world.stack, ANA.userId, { width: 1280, height: 1100 }, mode);

/** Host-sim in `mode` with Mariana's chat open and `dealName` chosen in the panel. */
async function openOnMarianasDeal(mode: HostMode, dealName: string) {
  const opened = await open(mode);
  await opened.sim.openAttendance('Mariana Costa');
  await pickDeal(opened.sim, dealName);
  return { ...opened, panel: opened.sim.panel, modal: opened.sim.modal };
}

describe.each(HOST_MODES)('host-sim in %s mode', (mode) => {
  test('a chat opened, another opened, the first focused again, then closed', async () => {
    const { sim, page, errors } = await open(mode);
    const marianaLink = sim.panel.getByRole('link', { name: /Mariana Costa/ });

    await sim.openAttendance('Mariana Costa');
    await marianaLink.waitFor();
    await sim.panel.getByText('Costa & Filhos Comércio Ltda').waitFor();

    // João's chat is not linked: the panel offers the CRM contact with his phone number.
    await sim.openAttendance('João Pereira');
    await sim.panel
      .getByRole('list', { name: 'Contatos sugeridos' })
      .getByText(ACME.contactWithoutCountryCode.name)
      .waitFor();

    // Back to Mariana's chat, still open in the host: her panel, not João's linking page.
    await sim.openAttendance('Mariana Costa');
    await marianaLink.waitFor();
    await sim.panel.getByText('Costa & Filhos Comércio Ltda').waitFor();
    await screenshot(page, `host-modes-${mode}-focus-back`);

    await sim.closeAttendance();
    await sim.panel.getByText('Nenhum contato selecionado').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a panel loaded after the chat was opened shows that chat', async () => {
    const { sim, page, errors } = await open(mode);
    await sim.openAttendance('Mariana Costa');
    await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();

    await sim.reloadPanel();
    await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
    await sim.panel.getByText('Costa & Filhos Comércio Ltda').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the deal picker opens on the chat contact's own deals", async () => {
    const { sim, page, errors } = await open(mode);
    const panel = sim.panel;
    await sim.openAttendance('Mariana Costa');
    await panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
    await panel.getByRole('button', { name: 'Negociações com esse contato' }).waitFor();
    await openDealPicker(panel);
    const listed = await panel
      .getByRole('option')
      .first()
      .waitFor()
      .then(() => panel.getByRole('listbox').getByRole('option').allInnerTexts());
    const names = listed.map((text) => text.split('\n')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        ACME.deals.implantacao.name,
        ACME.deals.treinamento.name,
        ACME.deals.licencas.name,
      ]),
    );
    expect(names).not.toContain(ACME.deals.perdida.name);
    await screenshot(page, `host-modes-${mode}-picker`);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('Escape closes a form from anywhere inside it, asking first when something was typed', async () => {
    const { sim, page, errors, panel, modal } = await openOnMarianasDeal(
      mode,
      ACME.deals.implantacao.name,
    );
    await panel.getByRole('tab', { name: 'Notas' }).click();
    const notes = panel.getByRole('region', { name: 'Notas' });

    // Nothing typed: Escape in the text closes at once.
    await notes.getByRole('button', { name: 'Adicionar Nota' }).click();
    const text = modal
      .getByRole('form', { name: 'Adicionar Nota' })
      .getByRole('textbox', { name: /Conteúdo da nota/ });
    await text.click();
    await text.press('Escape');
    await sim.modalClosed();

    // Something typed: Escape asks; 'Continuar editando' keeps it; 'Descartar' closes.
    await notes.getByRole('button', { name: 'Adicionar Nota' }).click();
    await text.fill('Rascunho que não vai ser salvo.');
    await text.press('Escape');
    const ask = modal.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await ask.waitFor();
    await screenshot(page, `host-modes-${mode}-escape-asks`);
    await ask.getByRole('button', { name: 'Continuar editando' }).click();
    expect(await text.inputValue()).toBe('Rascunho que não vai ser salvo.');
    await text.press('Escape');
    await ask.getByRole('button', { name: 'Descartar' }).click();
    await sim.modalClosed();
    expect(await notes.getByText('Rascunho que não vai ser salvo.').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('each form opens in the host modal and its result reaches the panel', async () => {
    const deal = ACME.deals.implantacao;
    const startedAt = Date.now() - 1000;
    const { sim, page, errors, panel, modal } = await openOnMarianasDeal(mode, deal.name);

    // A note.
    const noteText = `Nota pelo modo ${mode}.`;
    const notes = await addNote(sim, noteText);
    await notes.getByText(noteText).waitFor();

    // A task.
    const taskName = `Ligar para a Mariana (${mode})`;
    await panel.getByRole('tab', { name: 'Tarefas' }).click();
    const tasks = panel.getByRole('region', { name: 'Tarefas' });
    await tasks.getByRole('button', { name: 'Adicionar' }).click();
    const taskForm = modal.getByRole('form', { name: 'Criar Tarefa' });
    await taskForm.getByRole('textbox', { name: /^Título/ }).fill(taskName);
    await taskForm.getByRole('textbox', { name: /^Descrição/ }).fill('Confirmar a implantação.');
    await taskForm.getByRole('combobox', { name: /^Tipo/ }).selectOption({ label: 'Ligação' });
    const [y, m, d] = dateInputValue(3).split('-');
    await taskForm.getByLabel(/^Data de Vencimento/).fill(`${d}/${m}/${y}`);
    await taskForm.getByRole('button', { name: 'Criar Tarefa' }).click();
    await sim.modalClosed();
    await tasks.getByText('Tarefa criada com sucesso!').waitFor();
    await tasks.getByRole('article', { name: taskName }).waitFor();

    // The contact, edited from its header.
    const contactName = `Mariana Costa (${mode})`;
    await panel.getByRole('button', { name: 'Editar contato' }).click();
    const contactForm = modal.getByRole('form', { name: 'Editar Contato' });
    await contactForm.getByRole('textbox', { name: /Nome/ }).fill(contactName);
    await contactForm.getByRole('button', { name: 'Salvar Alterações' }).click();
    await sim.modalClosed();
    await panel
      .getByRole('link', { name: new RegExp(contactName.replace(/[()]/g, '\\$&')) })
      .waitFor();

    // A deal, which becomes the chat's selected deal.
    const dealName = `Renovação (${mode})`;
    await panel.getByRole('button', { name: 'Criar Negociação' }).click();
    const dealForm = modal.getByRole('form', { name: 'Criar Negociação' });
    await dealForm.getByRole('textbox', { name: /Nome da negociação/ }).fill(dealName);
    await dealForm.getByRole('combobox', { name: /Funil de vendas/ }).click();
    await modal.getByRole('option', { name: ACME.pipelines.vendas.name }).click();
    await dealForm.getByRole('combobox', { name: /Etapa do funil/ }).click();
    await modal.getByRole('listbox').getByRole('option').first().click();
    await dealForm.getByRole('button', { name: 'Criar Negociação' }).click();
    await sim.modalClosed();
    await panel
      .locator('[data-remote="deal/DealToolbar"]')
      .getByText('Negociação criada com sucesso!')
      .waitFor();
    await panel
      .getByRole('group', { name: /Negociação/ })
      .getByText(dealName)
      .waitFor();
    await screenshot(page, `host-modes-${mode}-forms`);

    // What the panel showed is what the CRM holds, written as Ana.
    const notesInCrm = crmData<{ description: string; user_id: string }[]>(
      await callApi(world.stack, ANA, 'GET', `/api/rdstation/deals/${deal.id}/notes`),
    );
    expect(notesInCrm).toContainEqual(
      expect.objectContaining({ description: noteText, user_id: ACME.users.ana.id }),
    );

    // Each write of a form is recorded under the chat the panel showed when it opened the form,
    // whatever the host tells (or does not tell) the form's own document.
    const trail = crmData<
      { at: string; attendanceId: string | null; chatId: string | null; record: { type: string } }[]
    >(await callApi(world.stack, ANA, 'GET', '/api/audit?limit=200'));
    const written = trail.filter((entry) => Date.parse(entry.at) >= startedAt);
    expect(written.map((entry) => entry.record.type)).toEqual(
      expect.arrayContaining(['note', 'task', 'contact', 'deal']),
    );
    for (const entry of written)
      expect([entry.record.type, entry.attendanceId, entry.chatId]).toEqual([
        entry.record.type,
        MARIANA_ATTENDANCE.id,
        MARIANA_ATTENDANCE.chat,
      ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a note and a product written in Mariana's chat read in the history by her name, the channel, the deal and R$", async () => {
    const deal = ACME.deals.implantacao;
    const product = ACME.products.treinamento;
    const price = PRICE_BY_MODE[mode];
    const { sim, page, errors, panel, modal } = await openOnMarianasDeal(mode, deal.name);

    const noteText = `Proposta enviada pelo modo ${mode}.`;
    await addNote(sim, noteText);

    await panel.getByRole('tab', { name: 'Produtos e Serviços' }).click();
    const tab = panel.getByRole('region', { name: 'Produtos e Serviços' });
    await tab.getByRole('button', { name: 'Adicionar Produto' }).click();
    const add = modal.getByRole('form', { name: 'Adicionar Produto' });
    const select = add.getByRole('combobox', { name: /^Produto/ });
    await select.click();
    await select.fill('treinamento online');
    await modal
      .getByRole('option', { name: new RegExp(`^${product.name} - R\\$\\s890,00`) })
      .click();
    const priceBox = add.getByRole('textbox', { name: /^Preço Unitário \(R\$\)/ });
    await eventually(async () => priceBox.inputValue(), '890,00');
    await priceBox.fill('');
    await priceBox.pressSequentially(price);
    await add.getByRole('button', { name: 'Adicionar Produto' }).click();
    await sim.modalClosed();
    await tab.getByText('Produto adicionado com sucesso!').waitFor();

    await panel.getByRole('button', { name: 'Gerenciar Integração' }).click();
    await modal.getByRole('tab', { name: 'Histórico de alterações' }).click();
    const history = modal.getByRole('region', { name: 'Histórico de alterações' });
    const entries = history.getByRole('list', { name: 'Histórico de alterações' });
    const password = history.getByLabel('Senha de segurança');
    await entries.or(password).first().waitFor();
    // A host that signs nothing (Novus): the history asks for the integration's password first.
    if (await password.isVisible()) {
      await password.fill(SECURITY_PASSWORD);
      await history.getByRole('button', { name: 'Ver histórico' }).click();
    }
    const where = 'Atendimento com Mariana Costa · Canal WhatsApp Comercial';

    const noteEntry = entries.locator(':scope > li').filter({ hasText: noteText });
    await noteEntry.waitFor();
    expect(await noteEntry.getByText('Criação ·').innerText()).toBe(
      `Criação · Nota · Negociação ${deal.name}`,
    );
    expect(await noteEntry.getByText(where).innerText()).toBe(where);
    expect(await noteEntry.getByTitle('ID: at-1001').innerText()).toBe(
      'Atendimento com Mariana Costa',
    );
    expect(await noteEntry.getByTitle('ID: canal-whatsapp-acme').innerText()).toBe(
      'Canal WhatsApp Comercial',
    );
    expect(await noteEntry.getByTitle(`ID: ${deal.id}`).innerText()).toBe(deal.name);

    const productEntry = entries.locator(':scope > li').filter({
      hasText: new RegExp(`Preço Unitário \\(R\\$\\): — → R\\$\\s${price}`),
    });
    await productEntry.waitFor();
    expect(await productEntry.getByText('Criação ·').innerText()).toBe(
      `Criação · Produto da negociação ${product.name} · Negociação ${deal.name}`,
    );
    expect(await productEntry.getByText(where).innerText()).toBe(where);
    expect(await productEntry.getByText(/^Produto: /).innerText()).toBe(
      `Produto: — → ${product.name}`,
    );
    expect(await productEntry.getByTitle(`ID: ${product.id}`).innerText()).toBe(product.name);
    await noteEntry.scrollIntoViewIfNeeded();
    await screenshot(page, `host-modes-${mode}-history-names`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
