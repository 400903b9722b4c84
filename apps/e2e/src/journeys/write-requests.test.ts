import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ACME, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { dateInputValue, generalTabLoaded, pickDeal } from '@e2e/support/dealTabs';
import { openHostSim, type HostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';

// One request per write: each write journey done in the panel, with what it
// sent to the api and what the api sent to the CRM from the click to the panel at rest. Counts
// are deterministic, so they are asserted exactly; `npm run bench -- write-requests` runs this
// file and shows the same figures (WRITE_REQUESTS_OUT names the file they are written to).

const world = journeyWorld(readyAnaWithMariana);
const deal = ACME.deals.implantacao;

interface Counted {
  /** `METHOD /path?query` of each request the page sent to the api, in order. */
  panelToApi: string[];
  /** `METHOD /path` → count, of what reached the CRM sandbox. */
  apiToCrm: Record<string, number>;
}

const results: Record<string, Counted> = {};

afterAll(() => {
  const out = process.env.WRITE_REQUESTS_OUT;
  if (!out) return;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
});

type CrmStats = { requests: number; byPath: Record<string, number> };

async function crmStats(): Promise<CrmStats> {
  const answer = await fetch(`http://127.0.0.1:${world.stack.ports['crm-sandbox']}/__admin/stats`);
  return (await answer.json()) as CrmStats;
}

/** Requests from every frame of the page (panel and host modal) to the api, and when they end. */
function watchApi(page: Page) {
  const apiPort = String(world.stack.ports.api);
  // The live stream (GET /api/events) stays open for the page's life: it is no write's request.
  const counted = (url: URL, method: string) =>
    url.port === apiPort && method !== 'OPTIONS' && url.pathname !== '/api/events';
  const sent: string[] = [];
  let inFlight = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!counted(url, request.method())) return;
    sent.push(`${request.method()} ${url.pathname}${url.search}`);
    inFlight += 1;
  });
  const done = (request: { url(): string; method(): string }) => {
    if (counted(new URL(request.url()), request.method())) inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  /** Resolves once no api request has been in flight for `calmMs`. */
  const atRest = async (calmMs = 600) => {
    const deadline = Date.now() + 20_000;
    let calmSince = Date.now();
    while (Date.now() - calmSince < calmMs) {
      if (inFlight > 0) calmSince = Date.now();
      if (Date.now() > deadline) throw new Error(`${inFlight} pedidos à api sem resposta`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return { sent, atRest };
}

/** Ana on one of Mariana's deals, the panel at rest; `count` measures one write. */
async function panelOnDeal(tab?: string, onDeal: { name: string } = deal) {
  const { sim, page, errors } = await openHostSim(world.browser, world.stack, 'user-ana');
  const api = watchApi(page);
  await sim.openAttendance('Mariana Costa');
  await pickDeal(sim, onDeal.name);
  if (tab) await sim.panel.getByRole('tab', { name: tab }).click();
  await api.atRest();
  const count = async (name: string, write: () => Promise<void>): Promise<Counted> => {
    // A person takes seconds to fill a form: what the page does meanwhile (a form earning its
    // session) is done before the click that writes.
    await api.atRest();
    const firstSent = api.sent.length;
    const before = await crmStats();
    await write();
    await api.atRest();
    const after = await crmStats();
    const apiToCrm: Record<string, number> = {};
    for (const [key, total] of Object.entries(after.byPath)) {
      const added = total - (before.byPath[key] ?? 0);
      if (added > 0) apiToCrm[key] = added;
    }
    const counted = { panelToApi: api.sent.slice(firstSent), apiToCrm };
    results[name] = counted;
    return counted;
  };
  return { sim, page, errors, count };
}

async function choose(sim: HostSim, label: RegExp, option: string | RegExp) {
  await sim.panel.getByRole('combobox', { name: label }).click();
  await sim.panel.getByRole('option', { name: option }).click();
}

const dealPath = `/api/rdstation/deals/${deal.id}`;
/** dd/mm/yyyy, `days` from today, as the date field takes it. */
const dateInput = (days: number) => dateInputValue(days).split('-').reverse().join('/');
const crmDealPath = `/crm/v2/deals/${deal.id}`;

test('a field (the stage): one PUT to the api, one to the CRM', async () => {
  const { sim, page, errors, count } = await panelOnDeal();
  const counted = await count('field', async () => {
    // No alert for a field (spec): the count waits for the panel to be at rest.
    await choose(sim, /Etapa do funil/, 'Fechamento');
  });
  expect(counted).toEqual({
    panelToApi: [`PUT ${dealPath}`],
    apiToCrm: { [`PUT ${crmDealPath}`]: 1 },
  });
  expect(errors).toEqual([]);
  await page.close();
});

test("a field after the deal was chosen again through 'Alterar': still one PUT, no list", async () => {
  const { sim, page, errors, count } = await panelOnDeal();
  // The picker's list is read to choose from; once chosen, nobody sees it, so no write re-reads it.
  await pickDeal(sim, deal.name, true);
  await generalTabLoaded(sim.panel);
  const counted = await count('field after Alterar', async () => {
    await choose(sim, /Etapa do funil/, 'Proposta enviada');
  });
  expect(counted).toEqual({
    panelToApi: [`PUT ${dealPath}`],
    apiToCrm: { [`PUT ${crmDealPath}`]: 1 },
  });
  expect(errors).toEqual([]);
  await page.close();
});

test('the status (won): one PUT to the api, one to the CRM', async () => {
  const { sim, page, errors, count } = await panelOnDeal();
  const counted = await count('status', async () => {
    await sim.panel.getByRole('button', { name: 'Marcar como ganha' }).click();
    await sim.panel
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Marcar como ganha' })
      .click();
    await sim.panel.getByText('Venda marcada como ganha com sucesso!').waitFor();
  });
  expect(counted).toEqual({
    panelToApi: [`PUT ${dealPath}`],
    apiToCrm: { [`PUT ${crmDealPath}`]: 1 },
  });
  expect(errors).toEqual([]);
  await page.close();
});

test('the contact on the deal (removed): one PUT to the api, one to the CRM', async () => {
  // A deal with another contact besides Mariana: what stays is a list RD documents.
  const shared = ACME.deals.treinamento;
  const { sim, page, errors, count } = await panelOnDeal(undefined, shared);
  const counted = await count('contact', async () => {
    await sim.panel.getByRole('button', { name: 'Remover contato da negociação' }).click();
    await sim.panel.getByText('Contato removido da negociação com sucesso!').waitFor();
  });
  // The deal's contact_ids without Mariana: the deal is the answer, nothing is read again.
  expect(counted).toEqual({
    panelToApi: [`PUT /api/rdstation/deals/${shared.id}`],
    apiToCrm: { [`PUT /crm/v2/deals/${shared.id}`]: 1 },
  });
  expect(errors).toEqual([]);
  await page.close();
});

test("the deal's last contact: nothing sent, and the panel says why", async () => {
  const { sim, page, errors, count } = await panelOnDeal();
  const counted = await count('last contact', async () => {
    await sim.panel.getByRole('button', { name: 'Remover contato da negociação' }).click();
    await sim.panel
      .getByText(
        'A API do RD Station CRM não prevê tirar o último contato da negociação; vincule outro antes.',
      )
      .waitFor();
  });
  expect(counted).toEqual({ panelToApi: [], apiToCrm: {} });
  expect(errors).toEqual([]);
  await page.close();
});

test('a note (host modal): its POST; the answer goes on the timeline', async () => {
  const { sim, page, errors, count } = await panelOnDeal('Notas');
  const tab = sim.panel.getByRole('region', { name: 'Notas' });
  // Opening the form (its page, its session) is not the write: the count starts at 'Salvar Nota'.
  await tab.getByRole('button', { name: 'Adicionar Nota' }).click();
  const form = sim.modal.getByRole('form', { name: 'Adicionar Nota' });
  await form.getByRole('textbox', { name: /Conteúdo da nota/ }).fill('Contagem de pedidos.');
  const counted = await count('note', async () => {
    await form.getByRole('button', { name: 'Salvar Nota' }).click();
    await tab.getByText('Nota criada com sucesso!').waitFor();
    await tab.getByText('Contagem de pedidos.').waitFor();
  });
  expect(counted).toEqual({
    panelToApi: [`POST ${dealPath}/notes`],
    apiToCrm: { [`POST ${crmDealPath}/notes`]: 1 },
  });
  expect(errors).toEqual([]);
  await page.close();
});

test('a task (host modal): its POST; the answer takes its place in the list', async () => {
  const { sim, page, errors, count } = await panelOnDeal('Tarefas');
  const tab = sim.panel.getByRole('region', { name: 'Tarefas' });
  await tab.getByRole('list', { name: 'Tarefas abertas' }).waitFor();
  await tab.getByRole('button', { name: 'Adicionar' }).click();
  const form = sim.modal.getByRole('form', { name: 'Criar Tarefa' });
  await form.getByRole('textbox', { name: /^Título/ }).fill('Contar pedidos');
  await form.getByRole('textbox', { name: /^Descrição/ }).fill('Uma tarefa, um pedido.');
  await form.getByRole('combobox', { name: /^Tipo/ }).selectOption({ label: 'E-mail' });
  await form.getByLabel(/^Data de Vencimento/).fill(dateInput(3));
  const counted = await count('task', async () => {
    await form.getByRole('button', { name: 'Criar Tarefa' }).click();
    await tab.getByText('Tarefa criada com sucesso!').waitFor();
    await tab.getByRole('article', { name: 'Contar pedidos' }).waitFor();
  });
  expect(counted).toEqual({
    panelToApi: ['POST /api/rdstation/tasks'],
    apiToCrm: { 'POST /crm/v2/tasks': 1 },
  });
  expect(errors).toEqual([]);
  await page.close();
});

test('a product (host modal): its POST, then the deal, whose total the CRM recomputes', async () => {
  const { sim, page, errors, count } = await panelOnDeal('Produtos e Serviços');
  const tab = sim.panel.getByRole('region', { name: 'Produtos e Serviços' });
  await tab.getByRole('list', { name: 'Produtos da negociação' }).waitFor();
  const product = ACME.products.treinamento;
  await tab.getByRole('button', { name: 'Adicionar Produto' }).click();
  const form = sim.modal.getByRole('form', { name: 'Adicionar Produto' });
  const select = form.getByRole('combobox', { name: /^Produto/ });
  await select.click();
  await select.fill('treinamento online');
  await sim.modal.getByRole('option', { name: new RegExp(`^${product.name}`) }).click();
  await form.getByRole('textbox', { name: /^Quantidade/ }).fill('2');
  const counted = await count('product', async () => {
    await form.getByRole('button', { name: 'Adicionar Produto' }).click();
    await tab.getByText('Produto adicionado com sucesso!').waitFor();
  });
  expect(counted).toEqual({
    panelToApi: [`POST ${dealPath}/products`, `GET ${dealPath}`],
    apiToCrm: { [`POST ${crmDealPath}/products`]: 1, [`GET ${crmDealPath}`]: 1 },
  });
  expect(errors).toEqual([]);
  await page.close();
});
