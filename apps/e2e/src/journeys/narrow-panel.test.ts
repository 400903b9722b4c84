import type { Browser, Frame, Page } from 'playwright-core';
import { ACME, ANA, SECURITY_PASSWORD, callApi, signIn } from '@e2e/support/apiSetup';
import { launchBrowser, trackPageErrors } from '@e2e/support/browser';
import { generalTabLoaded } from '@e2e/support/dealTabs';
import { eventually } from '@e2e/support/eventually';
import { HostSim } from '@e2e/support/hostSim';
import {
  horizontalOverflow,
  layoutSlips,
  PANEL_WIDTHS,
  screenshotOf,
  setModalSize,
  setPanelWidth,
  settled,
} from '@e2e/support/narrow';
import { startE2eStack, type Stack } from '@e2e/support/stack';

/**
 * Hosts give a plugin a drawer of about 320–420 px. Every screen of the route
 * table, in the panel or in the host's modal, at 320, 380 and 420 px and at host-sim's expanded
 * width: nothing scrolls or sticks out sideways (with and without a vertical scrollbar), no text
 * runs into other text, each confirmation open over the panel or a form included, and each is
 * saved as `narrow-<screen>-<width>.png` to be looked at.
 */

const SHORT = 900;
const LONG_NOTE =
  'Reunião de alinhamento com a Mariana: a equipe de compras pediu o cronograma de implantação ' +
  'detalhado por semana, com os treinamentos dos vendedores e a migração da base de clientes ' +
  'antigos. Ficou combinado enviar a proposta revisada até sexta-feira, com o desconto aprovado.';
const TALL = 2400;

let stack: Stack;
let browser: Browser;
let page: Page;
let sim: HostSim;
let errors: Error[];
/** Everything that stuck out, per screen and width: the last test expects it empty. */
const overflow: Record<string, string[]> = {};
const screens = new Set<string>();

beforeAll(async () => {
  stack = await startE2eStack();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1600, height: SHORT } });
  page.setDefaultTimeout(15_000);
  errors = trackPageErrors(page);
  sim = new HostSim(page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function frameOf(selector: string): Promise<Frame> {
  const frame = await (await page.locator(selector).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`sem frame em ${selector}`);
  return frame;
}

/** The host page and the frame under check at rest (the page animation, the grid's transition). */
const settle = async (frameSelector: string) => settled(page, await frameOf(frameSelector));

/** One screen in the side panel at every width: checked short (scrollbar) and tall, saved tall. */
async function checkPanel(screen: string): Promise<void> {
  screens.add(screen);
  for (const width of PANEL_WIDTHS) {
    await setPanelWidth(page, width);
    await page.setViewportSize({ width: 1600, height: SHORT });
    await settle('iframe[title="Painel CRM"]');
    const short = await layoutSlips(await frameOf('iframe[title="Painel CRM"]'));
    await page.setViewportSize({ width: 1600, height: TALL });
    await settle('iframe[title="Painel CRM"]');
    const tall = await layoutSlips(await frameOf('iframe[title="Painel CRM"]'));
    overflow[`${screen} @${width}`] = [...new Set([...short, ...tall])];
    await screenshotOf(page.locator('iframe[title="Painel CRM"]'), `narrow-${screen}-${width}`);
  }
  await setPanelWidth(page, 420);
  await page.setViewportSize({ width: 1600, height: SHORT });
}

/** One form in the host's modal at every width, tall enough to show it whole. */
async function checkModal(screen: string): Promise<void> {
  screens.add(screen);
  await page.setViewportSize({ width: 1600, height: TALL });
  for (const width of PANEL_WIDTHS) {
    await setModalSize(page, width, 700);
    await settle('iframe.modal-frame');
    const short = await layoutSlips(await frameOf('iframe.modal-frame'));
    await setModalSize(page, width, TALL - 200);
    await settle('iframe.modal-frame');
    const tall = await layoutSlips(await frameOf('iframe.modal-frame'));
    overflow[`${screen} @${width}`] = [...new Set([...short, ...tall])];
    await screenshotOf(page.locator('iframe.modal-frame'), `narrow-${screen}-${width}`);
  }
  await setModalSize(page, 420, 700);
  await page.setViewportSize({ width: 1600, height: SHORT });
}

async function closeModal(): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
  await page.locator('iframe.modal-frame').waitFor({ state: 'detached' });
}

test('the overflow check can fail: a wide box in a narrow page', async () => {
  const probe = await browser.newPage({ viewport: { width: 320, height: 400 } });
  await probe.setContent(
    '<!doctype html><html lang="pt-BR"><body><div style="width:400px">largo</div>' +
      '<div style="overflow-x:auto;width:100px"><span style="display:inline-block;width:300px">x</span></div></body></html>',
  );
  const found = await horizontalOverflow(probe);
  expect(found.some((line) => line.startsWith('a página rola'))).toBe(true);
  expect(found.some((line) => line.includes('rola na horizontal ('))).toBe(true);
  await probe.close();
});

test('the layout check can fail: text over text, a cut placeholder, the main action first, in the page and in an open dialog', async () => {
  const probe = await browser.newPage({ viewport: { width: 320, height: 400 } });
  await probe.setContent(
    '<!doctype html><html lang="pt-BR"><body style="font:14px sans-serif">' +
      '<div style="display:flex;width:200px"><span style="flex:0 0 60px;min-width:0;white-space:nowrap">R$ 4.320,00 (economia)</span><span>Sem desconto</span></div>' +
      '<input style="width:90px" placeholder="Selecione uma ou mais opções">' +
      '<span data-placeholder style="display:block;width:90px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Selecione uma opção</span>' +
      '<div style="display:flex;flex-direction:column"><button>Criar Negociação</button><button>Cancelar</button></div>' +
      '<div role="dialog" style="position:absolute;top:0;left:0">Sobre a página</div>' +
      // An open confirmation is checked on its own: text over its own text, its action first.
      '<div role="alertdialog" style="position:absolute;top:200px;left:0;width:200px;background:#fff">' +
      '<div style="display:flex"><span style="flex:0 0 40px;min-width:0;white-space:nowrap">Excluir produto</span><span>Remover?</span></div>' +
      '<div style="display:flex"><button>Excluir</button><button>Cancelar</button></div>' +
      '</div>' +
      '</body></html>',
  );
  const found = await layoutSlips(probe);
  expect(found).toEqual([
    '"R$ 4.320,00 (economia)" sobrepõe "Sem desconto"',
    '"Excluir produto" sobrepõe "Remover?"',
    expect.stringMatching(
      /^o placeholder "Selecione uma ou mais opções" não cabe \(\d+ > \d+ px\)$/,
    ),
    expect.stringMatching(/^o placeholder "Selecione uma opção" não cabe \(\d+ > 90 px\)$/),
    '"Criar Negociação" vem antes de "Cancelar"',
    '"Excluir" vem antes de "Cancelar"',
  ]);
  await probe.close();
});

test('terms, credentials and sign-in screens', async () => {
  await sim.open(ANA.userId);
  await sim.panel.getByRole('button', { name: 'Começar' }).waitFor();
  await checkPanel('terms-acceptance');

  await sim.panel.getByRole('checkbox', { name: /Estou de acordo com os termos de uso/ }).check();
  await sim.panel
    .getByRole('checkbox', { name: 'Os dados salvos no CRM tiveram consentimento do contato' })
    .check();
  await sim.panel.getByRole('button', { name: 'Começar' }).click();
  await sim.panel.getByRole('heading', { name: 'Configuração Necessária' }).waitFor();
  await checkPanel('credentials-setup');

  await sim.panel.getByRole('button', { name: 'Configurar Agora' }).click();
  await sim.modal.getByRole('button', { name: 'Salvar Credenciais' }).click();
  await sim.modal.getByText('Client ID é obrigatório').waitFor();
  await checkModal('credentials-setup-modal');
  await sim.modal.getByRole('textbox', { name: /Client ID/ }).fill(ACME.clientId);
  await sim.modal.getByLabel(/Client Secret/).fill(ACME.clientSecret);
  await sim.modal
    .getByRole('textbox', { name: /Domínio do Chat/ })
    .fill(`http://localhost:${stack.ports['host-sim']}`);
  await sim.modal.getByLabel(/^Senha de segurança/).fill(SECURITY_PASSWORD);
  await sim.modal.getByLabel(/^Confirmar senha/).fill(SECURITY_PASSWORD);
  await sim.modal.getByRole('button', { name: 'Salvar Credenciais' }).click();
  await page.locator('iframe.modal-frame').waitFor({ state: 'detached' });
  await sim.panel.getByRole('heading', { name: 'Bem-vindo!' }).waitFor();
  await checkPanel('rdstation-login-prompt');

  await sim.panel.getByRole('button', { name: 'Gerenciar Integração' }).click();
  await sim.modal.getByRole('button', { name: 'Desativar Integração' }).waitFor();
  await checkModal('credentials-manager-modal');
  const modal = await frameOf('iframe.modal-frame');
  const url = new URL(modal.url());
  url.pathname = '/remove-integration-modal';
  await modal.goto(url.toString());
  await sim.modal.getByLabel(/^Senha de segurança/).waitFor();
  await checkModal('remove-integration-modal');
  await closeModal();
});

test('the main panel: no attendance, contact linking, each tab', async () => {
  await signIn(stack, ANA, ACME.users.ana.email);
  await eventually(
    async () => (await callApi(stack, ANA, 'GET', '/api/rdstation/auth/status')).json.authenticated,
    true,
  );
  await sim.open(ANA.userId);
  await sim.panel.getByText('Nenhum contato selecionado').waitFor();
  await checkPanel('home-sem-atendimento');

  await sim.openAttendance('Mariana Costa');
  const suggestions = sim.panel.getByRole('list', { name: 'Contatos sugeridos' });
  await suggestions.getByRole('button', { name: `Vincular ${ACME.contact.name}` }).waitFor();
  await checkPanel('contact-linking');
  await sim.panel.getByRole('tab', { name: 'Criar contato' }).click();
  await checkPanel('contact-linking-criar');

  await suggestions.getByRole('button', { name: `Vincular ${ACME.contact.name}` }).click();
  await sim.panel.getByRole('combobox', { name: /Negociação/ }).fill('Implantação CRM');
  await sim.panel.getByRole('option', { name: ACME.deals.implantacao.name }).click();
  await generalTabLoaded(sim.panel);
  await checkPanel('home-geral');

  const note = await callApi(
    stack,
    ANA,
    'POST',
    `/api/rdstation/deals/${ACME.deals.implantacao.id}/notes`,
    { description: LONG_NOTE, user_id: ACME.users.ana.id },
  );
  expect(note.status).toBeLessThan(300);
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
  await sim.panel.getByRole('button', { name: 'Ver mais' }).first().waitFor();
  await checkPanel('home-notas');
  await sim.panel.getByRole('tab', { name: 'Tarefas' }).click();
  await sim.panel.getByRole('button', { name: 'Adicionar', exact: true }).waitFor();
  await checkPanel('home-tarefas');
  await sim.panel.getByRole('tab', { name: 'Produtos e Serviços' }).click();
  await sim.panel.getByRole('list', { name: 'Produtos da negociação' }).waitFor();
  await checkPanel('home-produtos');
});

test('every form the main panel opens in the host modal', async () => {
  await sim.panel.getByRole('button', { name: 'Editar contato' }).click();
  await sim.modal.getByRole('textbox', { name: /Nome/ }).waitFor();
  await checkModal('contact-edit-modal');
  await closeModal();

  await sim.panel.getByRole('button', { name: 'Criar Negociação' }).click();
  await sim.modal.getByRole('form', { name: 'Criar Negociação' }).waitFor();
  await checkModal('deal-create-modal');
  await closeModal();

  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
  await sim.panel.getByRole('button', { name: 'Adicionar Nota' }).click();
  await sim.modal.getByRole('form', { name: 'Adicionar Nota' }).waitFor();
  await checkModal('note-create-modal');
  await sim.modal.getByRole('radio', { name: 'Importar do chat' }).check();
  await sim.modal.getByRole('list', { name: 'Mensagens do atendimento' }).waitFor();
  await checkModal('note-create-modal-importar');
  await closeModal();

  await sim.panel.getByRole('button', { name: 'Ver mais' }).first().click();
  await sim.modal.getByRole('article', { name: 'Conteúdo da nota' }).waitFor();
  await checkModal('note-view-modal');
  await closeModal();

  await sim.panel.getByRole('tab', { name: 'Tarefas' }).click();
  await sim.panel.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await sim.modal.getByRole('form', { name: 'Criar Tarefa' }).waitFor();
  await sim.modal
    .getByRole('button', { name: /Remover / })
    .first()
    .waitFor();
  await checkModal('task-create-modal');
  await closeModal();

  await sim.panel.getByRole('tab', { name: 'Produtos e Serviços' }).click();
  await sim.panel.getByRole('button', { name: 'Adicionar Produto' }).click();
  const product = sim.modal.getByRole('form', { name: 'Adicionar Produto' });
  await product.getByRole('combobox', { name: /Produto/ }).click();
  await sim.modal.getByRole('listbox').getByRole('option').first().click();
  await product.getByRole('combobox', { name: /Tipo de Desconto/ }).selectOption({ index: 2 });
  await product.getByRole('textbox', { name: /Valor do Desconto/ }).fill('10');
  await sim.modal.getByText('Valor Total Estimado').waitFor();
  await checkModal('product-create-modal');
  await closeModal();
});

test('every confirmation open over the panel or a form', async () => {
  // The products tab is open: a product's removal.
  const products = sim.panel.getByRole('region', { name: 'Produtos e Serviços' });
  await products.getByRole('button', { name: 'Excluir' }).first().click();
  const removal = sim.panel.getByRole('alertdialog', { name: 'Excluir produto' });
  await removal.waitFor();
  await checkPanel('confirm-product-delete');
  await removal.getByRole('button', { name: 'Cancelar' }).click();

  await sim.panel.getByRole('tab', { name: 'Tarefas' }).click();
  const tasks = sim.panel.getByRole('region', { name: 'Tarefas' });
  await tasks.getByRole('button', { name: 'Concluir' }).first().click();
  const complete = sim.panel.getByRole('alertdialog', { name: 'Concluir tarefa' });
  await complete.waitFor();
  await checkPanel('confirm-task-complete');
  await complete.getByRole('button', { name: 'Cancelar' }).click();

  await sim.panel.getByRole('tab', { name: 'Geral' }).click();
  await generalTabLoaded(sim.panel);
  await sim.panel.getByRole('button', { name: 'Marcar como ganha' }).click();
  const won = sim.panel.getByRole('alertdialog', { name: 'Marcar venda como ganha' });
  await won.waitFor();
  await checkPanel('confirm-deal-won');
  await won.getByRole('button', { name: 'Cancelar' }).click();
  await sim.panel.getByRole('button', { name: 'Marcar como perdida' }).click();
  const lost = sim.panel.getByRole('alertdialog', { name: 'Marcar venda como perdida' });
  // Its longest state: the reason asked for under its field.
  await lost.getByRole('button', { name: 'Marcar como perdida' }).click();
  await lost.getByText('Selecione um motivo de perda antes de confirmar.').waitFor();
  await checkPanel('confirm-deal-lost');
  await lost.getByRole('button', { name: 'Cancelar' }).click();

  // A form with something typed, closed with Escape: 'Descartar alterações?' over the form.
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
  await sim.panel.getByRole('button', { name: 'Adicionar Nota' }).click();
  const note = sim.modal.getByRole('form', { name: 'Adicionar Nota' });
  await note.getByRole('textbox', { name: /Conteúdo da nota/ }).fill('Rascunho da nota.');
  await note.getByRole('textbox', { name: /Conteúdo da nota/ }).press('Escape');
  await sim.modal.getByRole('alertdialog', { name: 'Descartar alterações?' }).waitFor();
  await checkModal('confirm-discard-modal');
  await closeModal();
});

test('the pages opened in the panel: OAuth2 login and the manager', async () => {
  const panel = await frameOf('iframe[title="Painel CRM"]');
  await panel.goto(`${stack.url('shell')}/rdstation-login`);
  await sim.panel.getByRole('button', { name: 'Buscar Contatos' }).click();
  await sim.panel.getByRole('list', { name: 'Contatos' }).getByRole('listitem').first().waitFor();
  await checkPanel('rdstation-login');

  await panel.goto(`${stack.url('shell')}/credentials-manager`);
  await sim.panel.getByText('Conectado', { exact: true }).waitFor();
  await checkPanel('credentials-manager');

  // The history and its filters, with a refused date under its field.
  await sim.panel.getByRole('tab', { name: 'Histórico de alterações' }).click();
  const history = sim.panel.getByRole('region', { name: 'Histórico de alterações' });
  await history.getByRole('list', { name: 'Histórico de alterações' }).waitFor();
  await checkPanel('credentials-history');
  await history.getByRole('textbox', { name: 'De' }).pressSequentially('31022026');
  await history.getByRole('button', { name: 'Filtrar' }).click();
  await history.getByText('Data inválida. Use o formato dd/mm/aaaa.').waitFor();
  await checkPanel('credentials-history-invalid-date');
});

test('nothing stuck out sideways on any screen, at any width', () => {
  const found = Object.fromEntries(Object.entries(overflow).filter(([, lines]) => lines.length));
  expect(found).toEqual({});
  expect(screens.size).toBe(29);
  expect(errors).toEqual([]);
});
