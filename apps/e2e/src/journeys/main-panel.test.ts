import type { Browser } from 'playwright-core';
import { acceptTermsInPanel, recordBodies, signInFromPanel } from '@e2e/support/accessFlow';
import {
  ACME,
  ANA,
  BETA,
  BRUNO,
  CARLA,
  acceptTerms,
  callApi,
  linkContact,
  readyTenant,
  readyAnaWithMariana,
  signIn,
} from '@e2e/support/apiSetup';
import { launchBrowser, screenshot } from '@e2e/support/browser';
import { generalTabLoaded } from '@e2e/support/dealTabs';
import { eventually } from '@e2e/support/eventually';
import { SandboxAdmin } from '@e2e/support/faults';
import { type HostSim, openHostSim } from '@e2e/support/hostSim';
import { startE2eStack, type Stack } from '@e2e/support/stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startE2eStack();
  await readyAnaWithMariana(stack);
  await readyTenant(stack, CARLA, BETA, BETA.users.renata.email);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const hostSim = (usuario = 'user-ana') => openHostSim(browser, stack, usuario);

async function choose(sim: HostSim, label: RegExp, option: string | RegExp) {
  await sim.panel.getByRole('combobox', { name: label }).click();
  await sim.panel.getByRole('option', { name: option }).click();
}

const dealId = ACME.deals.implantacao.id;
const readDeal = async () =>
  (
    (await callApi(stack, ANA, 'GET', `/api/rdstation/deals/${dealId}`)).json.data as {
      data: Record<string, unknown>;
    }
  ).data;

test('a linked chat: pick the deal, move it to another pipeline and stage, mark it lost', async () => {
  const { sim, page, errors } = await hostSim();
  await sim.openAttendance('Mariana Costa');
  const panel = sim.panel;
  await panel.getByText('Costa & Filhos Comércio Ltda').waitFor();

  await panel.getByRole('combobox', { name: /Negociação/ }).fill('Implantação CRM');
  await panel.getByRole('option', { name: ACME.deals.implantacao.name }).click();
  await generalTabLoaded(panel);

  // The move names the new pipeline's first stage (RD takes no null stage), and shows it.
  await choose(sim, /Funil de vendas/, 'Pós-venda');
  await eventually(
    async () => {
      const { pipeline_id, stage_id } = await readDeal();
      return { pipeline_id, stage_id };
    },
    { pipeline_id: ACME.pipelines.posVenda.id, stage_id: ACME.pipelines.posVenda.stages[0]?.id },
  );
  await panel
    .getByRole('combobox', { name: /Etapa do funil/ })
    .filter({ hasText: ACME.pipelines.posVenda.stages[0]?.name ?? '' })
    .waitFor();
  await choose(sim, /Etapa do funil/, 'Implantação');
  await eventually(async () => (await readDeal()).stage_id, ACME.pipelines.posVenda.stages[1]?.id);

  // 'Remover' on the source keeps it and says why: RD's API documents no null source.
  await panel.getByRole('button', { name: 'Remover', exact: true }).click();
  await panel
    .getByText('A API do RD Station CRM não prevê remover a fonte; escolha outra.')
    .waitFor();
  expect((await readDeal()).source_id).toBe(ACME.sources.indicacao.id);
  await screenshot(page, 'main-panel-source-kept');

  await panel.getByRole('button', { name: 'Marcar como perdida' }).click();
  const dialog = panel.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Marcar como perdida' }).click();
  await dialog.getByText('Selecione um motivo de perda antes de confirmar.').waitFor();
  await dialog.getByRole('combobox', { name: /Motivo da perda/ }).click();
  await dialog.getByRole('option', { name: 'Preço alto' }).click();
  await dialog.getByRole('button', { name: 'Marcar como perdida' }).click();
  await panel.getByText('Venda marcada como perdida com sucesso!').waitFor();
  await panel.getByText('Venda Perdida').waitFor();
  expect(await readDeal()).toMatchObject({
    status: 'lost',
    lost_reason_id: ACME.lostReasons.precoAlto.id,
  });
  await screenshot(page, 'main-panel-deal-lost');
  expect(errors).toEqual([]);
  await page.close();
});

test('an unlinked chat: link the CRM contact suggested by the phone number', async () => {
  const { sim, page, errors } = await hostSim();
  await sim.openAttendance('João Pereira');
  const panel = sim.panel;
  // João's +55 21 99876-5432 is stored in the CRM as '21998765432' on Rafael Souza.
  const suggestions = panel.getByRole('list', { name: 'Contatos sugeridos' });
  await suggestions.getByText(ACME.contactWithoutCountryCode.name).waitFor();
  await screenshot(page, 'contact-linking-suggestions');
  await suggestions
    .getByRole('button', { name: `Vincular ${ACME.contactWithoutCountryCode.name}` })
    .click();
  await panel
    .getByRole('link', { name: new RegExp(ACME.contactWithoutCountryCode.name) })
    .waitFor();
  const mapping = await callApi(stack, ANA, 'GET', '/api/rdstation/contact-mapping/contato-joao');
  expect(mapping.json.data).toEqual({
    mapped: true,
    rdstationContactId: ACME.contactWithoutCountryCode.id,
    lastDealId: null,
  });
  expect(errors).toEqual([]);
  await page.close();
});

test("a contact's company cannot be removed: the edit form says why and keeps it, and no null goes out", async () => {
  const { sim, page, errors } = await hostSim();
  const panel = sim.panel;
  const company = ACME.organization.name;
  await sim.openAttendance('Mariana Costa');
  await panel.getByText(company).waitFor();
  const sent = recordBodies(page, 'PUT', `/api/rdstation/contacts/${ACME.contact.id}`);
  await panel.getByRole('button', { name: 'Editar contato' }).click();
  const form = sim.modal.getByRole('form', { name: 'Editar Contato' });
  const organization = form.getByRole('combobox', { name: 'Organização' });
  await eventually(() => organization.inputValue(), company);

  // RD's update-contact documents no way to clear organization_id: said where it was asked.
  await form.getByRole('button', { name: 'Remover' }).click();
  await form
    .getByText('A API do RD Station CRM não prevê remover a organização do contato; escolha outra.')
    .waitFor();
  expect(await organization.inputValue()).toBe(company);
  await screenshot(page, 'main-contact-organization-kept');
  await form.getByRole('button', { name: 'Salvar Alterações' }).click();
  await sim.modalClosed();
  expect(sent).toEqual([{ name: ACME.contact.name }]);
  await panel.getByText(company).waitFor();
  expect(errors).toEqual([]);
  await page.close();
});

test('a chat without a CRM contact: create the contact, then a deal that becomes the selected one', async () => {
  const { sim, page, errors } = await hostSim('user-carla');
  const panel = sim.panel;
  // tenant-beta's host signs nothing: this browser earns its session by the CRM sign-in.
  await acceptTermsInPanel(page, panel, 'main-carla');
  await signInFromPanel(page, panel, BETA.users.renata, 'main-carla', {
    confirmInWindow: true,
  });
  await panel.getByText(`Olá, ${BETA.users.renata.name}!`).waitFor();
  await sim.openAttendance('Patrícia Lima');
  await panel.getByRole('tab', { name: 'Criar contato' }).click();
  const form = panel.getByRole('form', { name: 'Novo contato' });
  await form.getByRole('textbox', { name: /Nome/ }).fill('Patrícia Lima');
  await form.getByRole('textbox', { name: /E-mail/ }).fill('patricia.lima@example.com.br');
  await form.getByRole('textbox', { name: /Cargo/ }).fill('Compradora');
  await form.getByRole('button', { name: 'Criar e vincular contato' }).click();
  await panel.getByRole('link', { name: /Patrícia Lima/ }).waitFor();

  await panel.getByRole('button', { name: 'Criar Negociação' }).click();
  const modal = sim.modal;
  const create = modal.getByRole('form', { name: 'Criar Negociação' });
  await create
    .getByRole('textbox', { name: /Nome da negociação/ })
    .fill('Manutenção anual - Patrícia');
  await create.getByRole('combobox', { name: /Funil de vendas/ }).click();
  await modal.getByRole('option', { name: BETA.pipeline.name }).click();
  await create.getByRole('combobox', { name: /Etapa do funil/ }).click();
  await modal.getByRole('listbox').getByRole('option').first().click();
  await create.getByRole('button', { name: 'Criar Negociação' }).click();

  await panel.getByText('Manutenção anual - Patrícia').first().waitFor();
  await generalTabLoaded(panel);
  await screenshot(page, 'main-panel-created-deal');
  const deals = await callApi(
    stack,
    CARLA,
    'GET',
    `/api/rdstation/deals?filter=${encodeURIComponent('name:~"Manutenção anual - Patrícia"')}`,
  );
  const created = (deals.json.data as { data: { contact_ids: string[] }[] }).data[0];
  expect(created?.contact_ids).toHaveLength(1);
  expect(errors).toEqual([]);
  await page.close();
});

test("a busy CRM: the panel says 'Aguardando o RD Station CRM…', then shows the chat by itself", async () => {
  const admin = new SandboxAdmin(stack);
  // Bruno (another CRM user) changes the deal: the api drops the copy earlier tests left kept
  // for Ana's CRM user and reads it again for her (her own write would leave her the CRM's answer).
  const { name } = await readDeal();
  await acceptTerms(stack, BRUNO);
  await signIn(stack, BRUNO, ACME.users.bruno.email);
  expect(
    (await callApi(stack, BRUNO, 'PUT', `/api/rdstation/deals/${dealId}`, { name })).status,
  ).toBe(200);
  const { sim, page, errors } = await hostSim();
  // The CRM refuses the next 40 requests (429, Retry-After 1): the api waits out what it may,
  // then answers the panel that the CRM is busy, and the panel asks again by itself.
  await admin.force(429, 40);
  try {
    await sim.openAttendance('Mariana Costa');
    await sim.panel.getByText('Aguardando o RD Station CRM…').waitFor({ timeout: 30_000 });
    expect(await sim.panel.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'main-panel-crm-waiting');
    await eventually(() => sim.panel.getByText('Aguardando o RD Station CRM…').count(), 0, 60_000);
    // The deal's card shows its name where it said 'Carregando...'.
    await sim.panel.getByText(String(name), { exact: true }).first().waitFor();
    await screenshot(page, 'main-panel-crm-recovered');
    expect(await sim.panel.getByText('Limite de requisições ao RD Station CRM').count()).toBe(0);
  } finally {
    await admin.force(500, 0);
  }
  expect(errors).toEqual([]);
  await page.close();
}, 120_000);

test('switching chats quickly never shows another chat’s contact', async () => {
  await linkContact(stack, ANA, 'contato-joao', ACME.contactWithoutCountryCode.id);
  const { sim, page, errors } = await hostSim();
  const header = sim.panel.locator('[data-remote="contacts/ContactHeader"]');
  const names = { 'Mariana Costa': 'Mariana Costa', 'João Pereira': 'Rafael Souza' } as const;
  const order = [
    'Mariana Costa',
    'João Pereira',
    'Mariana Costa',
    'João Pereira',
    'Mariana Costa',
    'João Pereira',
  ] as const;
  for (const chat of order) {
    await sim.openAttendance(chat);
    const other = Object.values(names).find((n) => n !== names[chat]) as string;
    // Until the right contact shows, the header may be loading, but never the other chat's.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const text = (await header.count()) ? ((await header.textContent()) ?? '') : '';
      expect(text).not.toContain(other);
      if (text.includes(names[chat])) break;
      if (Date.now() > deadline) throw new Error(`${chat}: contact never shown (${text})`);
      await page.waitForTimeout(50);
    }
  }
  expect(errors).toEqual([]);
  await page.close();
});
