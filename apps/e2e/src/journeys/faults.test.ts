import type { Browser, FrameLocator, Locator, Page, Request } from 'playwright-core';
import {
  ACME,
  ANA,
  BRUNO,
  acceptTerms,
  callApi,
  signIn,
  readyAnaWithMariana,
} from '@e2e/support/apiSetup';
import { launchBrowser, screenshot, trackPageErrors } from '@e2e/support/browser';
import { SandboxAdmin, startFaultsStack, type CrmTap } from '@e2e/support/faults';
import { HostSim } from '@e2e/support/hostSim';
import type { Stack } from '@e2e/support/stack';

// The texts a person sees: PRODUCT.md §8, and the api's own answers (apps/api/README.md).
const NOTES_ERROR = 'Erro ao carregar notas. Tente novamente.';
const TASKS_ERROR = 'Erro ao carregar tarefas. Tente novamente.';
const CRM_WAITING = 'Aguardando o RD Station CRM…';
const PRODUCTS_ERROR = 'Erro ao carregar produtos. Tente novamente.';
const NOTE_CREATE_ERROR = 'Erro ao criar nota. Tente novamente.';
const NOTE_CREATED = 'Nota criada com sucesso!';
const CRM_UNAVAILABLE =
  'O RD Station CRM está indisponível no momento. Tente novamente em instantes.';
const CRM_RATE_LIMITED =
  'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.';

const DEAL = ACME.deals.implantacao;
const NOTE_TEXT = 'Cliente confirmou interesse no Plano Pro para 5 usuários.';
const TASK_TEXT = 'Ligar para a Mariana sobre a proposta';
const PRODUCT_TEXT = ACME.products.planoPro.name;
const CRM = {
  notes: `/crm/v2/deals/${DEAL.id}/notes`,
  tasks: '/crm/v2/tasks',
  products: `/crm/v2/deals/${DEAL.id}/products`,
};
const API = {
  notes: `/api/rdstation/deals/${DEAL.id}/notes`,
  tasks: '/api/rdstation/tasks',
  products: `/api/rdstation/deals/${DEAL.id}/products`,
};

let stack: Stack;
let tap: CrmTap;
let admin: SandboxAdmin;
let browser: Browser;

beforeAll(async () => {
  ({ stack, tap } = await startFaultsStack());
  admin = new SandboxAdmin(stack);
  await readyAnaWithMariana(stack);
  // Bruno (same tenant) has his own CRM token: the rate-limit case spends his minute, not Ana's.
  await acceptTerms(stack, BRUNO);
  await signIn(stack, BRUNO, ACME.users.bruno.email);
  // Mariana's chat opens straight on this deal (the last one selected for her).
  const saved = await callApi(
    stack,
    ANA,
    'POST',
    `/api/rdstation/contact/${ACME.contact.id}/last-deal`,
    { dealId: DEAL.id },
  );
  expect(saved.status).toBe(200);
  browser = await launchBrowser();
});

afterEach(async () => {
  await admin?.heal();
  if (stack && !stack.isRunning('api')) await stack.startService('api');
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface OpenPanel {
  page: Page;
  sim: HostSim;
  panel: FrameLocator;
  errors: Error[];
  /** Every request the panel sent to the api, in order. */
  apiRequests: Request[];
  /** Frame navigations after the panel was ready (a reload would show here). */
  navigations: string[];
  /** Resolves once no panel → api request has been in flight for a moment. */
  quiet: () => Promise<void>;
}

/** Mariana's chat, its deal's 'Geral' tab loaded and every request of it answered. */
async function openMariana(usuario = 'user-ana'): Promise<OpenPanel> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
  const errors = trackPageErrors(page);
  const apiRequests: Request[] = [];
  const inFlight = new Set<Request>();
  // The live stream (GET /api/events) stays open for the page's life: no read to wait for or count.
  const isApi = (request: Request) => {
    const url = new URL(request.url());
    return url.port === String(stack.ports.api) && url.pathname !== '/api/events';
  };
  page.on('request', (request) => {
    if (!isApi(request)) return;
    apiRequests.push(request);
    inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const quiet = async () => {
    const deadline = Date.now() + 15_000;
    let calmSince = Date.now();
    while (Date.now() - calmSince < 400) {
      if (inFlight.size > 0) calmSince = Date.now();
      if (Date.now() > deadline) throw new Error(`${inFlight.size} pedidos ao api sem resposta`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const sim = new HostSim(page, stack);
  await sim.open(usuario);
  await sim.openAttendance('Mariana Costa');
  const panel = sim.panel;
  await panel.getByRole('heading', { name: 'Dados da negociação' }).waitFor();
  await panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
  await quiet();
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  return { page, sim, panel, errors, apiRequests, navigations, quiet };
}

/** The panel's GETs of one api path (query left out), from index `since` of the log on. */
function apiGets(requests: Request[], pathname: string, since = 0): Request[] {
  return requests
    .slice(since)
    .filter((r) => r.method() === 'GET' && new URL(r.url()).pathname === pathname);
}

const statuses = (calls: { status: number }[]) => calls.map((call) => call.status);

async function textareaValue(form: Locator): Promise<string> {
  return form.getByRole('textbox', { name: /Conteúdo da nota/ }).inputValue();
}

describe('the CRM answering 500', () => {
  const tabs = [
    { tab: 'Notas', key: 'notes', error: NOTES_ERROR },
    { tab: 'Produtos e Serviços', key: 'products', error: PRODUCTS_ERROR },
  ] as const;

  test('each tab of the deal shows its pt-BR error with "Tentar novamente", the panel stays, and the retry works once the CRM is back', async () => {
    const { page, panel, errors } = await openMariana();
    await admin.force(500, 1000);

    for (const { tab, key, error } of tabs) {
      await panel.getByRole('tab', { name: tab }).click();
      const area = panel.getByRole('region', { name: tab });
      await area.getByText(error).waitFor({ timeout: 15_000 });
      await area.getByRole('button', { name: 'Tentar novamente' }).waitFor();
      await screenshot(page, `faults-crm-500-${key}`);
    }
    // Not a blank panel: the contact loaded before the outage stays on screen.
    await panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();

    await admin.heal();
    const products = panel.getByRole('region', { name: 'Produtos e Serviços' });
    await products.getByRole('button', { name: 'Tentar novamente' }).click();
    await products.getByText(PRODUCT_TEXT).first().waitFor();
    // The other tabs load again as soon as they are shown, and the deal never left.
    await panel.getByRole('tab', { name: 'Notas' }).click();
    await panel.getByRole('region', { name: 'Notas' }).getByText(NOTE_TEXT).waitFor();
    await panel.getByRole('tab', { name: 'Geral' }).click();
    await panel.getByRole('heading', { name: 'Dados da negociação' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  test('no request storm: a failed read costs the CRM at most 3 requests (the api retries; the panel must not multiply them)', async () => {
    const { panel, page, apiRequests, errors } = await openMariana();
    const apiMark = apiRequests.length;
    const tapMark = tap.calls.length;
    await admin.force(500, 1000);
    await panel.getByRole('tab', { name: 'Notas' }).click();
    await panel.getByRole('region', { name: 'Notas' }).getByText(NOTES_ERROR).waitFor();

    const panelReads = apiGets(apiRequests, API.notes, apiMark).length;
    const crmReads = tap.to('GET', CRM.notes, tapMark);
    expect(crmReads.length).toBeGreaterThanOrEqual(1);
    expect(statuses(crmReads).every((status) => status === 500)).toBe(true);
    expect(errors).toEqual([]);
    expect(panelReads).toBeGreaterThanOrEqual(1);
    expect(panelReads).toBeLessThanOrEqual(3);
    // The api already tries a failed GET 3 times (apps/api/README.md, "CRM client").
    expect(crmReads.length).toBeLessThanOrEqual(3);
    await page.close();
  });
});

describe('the CRM answering 429 with Retry-After', () => {
  test('a short Retry-After: the api waits it out and the notes show, each read sent once by the panel', async () => {
    const { panel, page, apiRequests, errors } = await openMariana();
    const apiMark = apiRequests.length;
    const tapMark = tap.calls.length;
    await admin.force(429, 2); // the sandbox sends Retry-After: 1 with each
    const started = Date.now();
    await panel.getByRole('tab', { name: 'Notas' }).click();
    await panel.getByRole('region', { name: 'Notas' }).getByText(NOTE_TEXT).waitFor();
    const waited = Date.now() - started;
    await screenshot(page, 'faults-crm-429-waited');

    expect(statuses(tap.to('GET', CRM.notes, tapMark))).toEqual([429, 429, 200]);
    expect(apiGets(apiRequests, API.notes, apiMark)).toHaveLength(1);
    expect(waited).toBeGreaterThanOrEqual(2_000); // Retry-After: 1, twice
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the CRM hanging past 10 s', () => {
  test('the tab shows its pt-BR error within 12 s (not after the panel retried the 10 s timeout twice), and the retry works once the CRM answers', async () => {
    const { panel, page, errors } = await openMariana();
    const tapMark = tap.calls.length;
    await admin.setKnobs({ latencyMs: 12_000 });
    const started = Date.now();
    await panel.getByRole('tab', { name: 'Tarefas' }).click();
    const area = panel.getByRole('region', { name: 'Tarefas' });
    await area.getByText(TASKS_ERROR).waitFor({ timeout: 13_000 });
    expect(Date.now() - started).toBeLessThanOrEqual(13_000);
    await screenshot(page, 'faults-crm-timeout');
    expect(tap.to('GET', CRM.tasks, tapMark)).toHaveLength(1);

    await admin.heal();
    await area.getByRole('button', { name: 'Tentar novamente' }).click();
    await area.getByText(TASK_TEXT).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the api restarted in the middle of a session', () => {
  test('nothing is lost and the panel recovers without a reload', async () => {
    const { panel, page, errors, navigations } = await openMariana();
    await panel.getByRole('tab', { name: 'Notas' }).click();
    const notes = panel.getByRole('region', { name: 'Notas' });
    await notes.getByText(NOTE_TEXT).waitFor();

    await stack.stopService('api');
    await notes.getByRole('button', { name: 'Atualizar' }).click();
    await notes.getByText(NOTES_ERROR).waitFor({ timeout: 15_000 });
    await panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
    await screenshot(page, 'faults-api-down');

    await stack.startService('api');
    // Two ways back, both without a reload: 'Tentar novamente', or the live stream reconnecting
    // first, whose `resync` re-reads every query (libs/api-client, LiveUpdatesProvider) and takes
    // the button away with the error. Which comes first is a race on the stream's backoff (a
    // loaded run lost it: the click waited 30 s for a button already gone). Either way the note
    // must show.
    const retry = notes.getByRole('button', { name: 'Tentar novamente' });
    const note = notes.getByText(NOTE_TEXT);
    await retry.or(note).first().waitFor();
    if (await retry.isVisible()) await retry.click({ timeout: 5_000 }).catch(() => undefined);
    await note.waitFor();
    // A read never made before the restart: the CRM session itself survived.
    await panel.getByRole('tab', { name: 'Tarefas' }).click();
    await panel.getByRole('region', { name: 'Tarefas' }).getByText(TASK_TEXT).waitFor();
    await screenshot(page, 'faults-api-restarted');
    expect(navigations).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();

    // What the restarted api read back from its SQLite file.
    const read = async (path: string) => (await callApi(stack, ANA, 'GET', path)).json;
    expect(await read('/api/rdstation/credentials/status')).toMatchObject({ configured: true });
    expect(await read('/api/rdstation/terms/status')).toEqual({ accepted: true });
    expect(await read('/api/rdstation/auth/status')).toEqual({
      authenticated: true,
      userId: ANA.userId,
      method: 'oauth',
      crmUserRequired: false,
      crmUserSource: 'host-signed-email',
    });
    expect(await read('/api/rdstation/contact-mapping/contato-mariana')).toEqual({
      data: { mapped: true, rdstationContactId: ACME.contact.id, lastDealId: DEAL.id },
    });
    expect(await read(`/api/rdstation/contact/${ACME.contact.id}/last-deal`)).toEqual({
      dealId: DEAL.id,
    });
  });
});

describe('a note whose save fails', () => {
  test('keeps its text through a CRM 500 and an api outage, then saves exactly once', async () => {
    const { panel, page, sim, errors, quiet } = await openMariana();
    await panel.getByRole('tab', { name: 'Notas' }).click();
    const notes = panel.getByRole('region', { name: 'Notas' });
    await notes.getByText(NOTE_TEXT).waitFor();
    await notes.getByRole('button', { name: 'Adicionar Nota' }).click();
    const form = sim.modal.getByRole('form', { name: 'Adicionar Nota' });
    const text = `Retorno combinado por telefone: enviar contrato até sexta (${Date.now()}).`;
    await form.getByRole('textbox', { name: /Conteúdo da nota/ }).fill(text);
    await quiet();
    const tapMark = tap.calls.length;

    // 1. The CRM refuses the write: the api's message, the text untouched, the write not retried.
    await admin.force(500, 1);
    await form.getByRole('button', { name: 'Salvar Nota' }).click();
    await form.getByText(CRM_UNAVAILABLE).waitFor();
    expect(await textareaValue(form)).toBe(text);
    expect(statuses(tap.to('POST', CRM.notes, tapMark))).toEqual([500]);
    await screenshot(page, 'faults-note-save-crm-500');

    // 2. The api is down: the spec's fallback text, the text still there.
    await stack.stopService('api');
    await form.getByRole('button', { name: 'Salvar Nota' }).click();
    await form.getByText(NOTE_CREATE_ERROR).waitFor();
    expect(await textareaValue(form)).toBe(text);
    await screenshot(page, 'faults-note-save-api-down');

    // 3. Everything back: the same text saves, once.
    await stack.startService('api');
    await form.getByRole('button', { name: 'Salvar Nota' }).click();
    // The form closes once saved; the tab says so.
    await notes.getByText(NOTE_CREATED).waitFor();
    await notes.getByText(text).waitFor();
    expect(statuses(tap.to('POST', CRM.notes, tapMark))).toEqual([500, 201]);
    const stored = await callApi(stack, ANA, 'GET', `${API.notes}?limit=200`);
    const descriptions = (stored.json.data as { data: { description: string }[] }).data.map(
      (note) => note.description,
    );
    expect(descriptions.filter((description) => description === text)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Last in the file: RD's 120 a minute belongs to the CRM account (the tenant), so once it is spent
// the api holds every attendant of tenant-acme for the Retry-After (about a minute), as RD would.
describe('the CRM account’s rate limit spent', () => {
  test('a spent rate limit (Retry-After of about a minute): the panel says it waits for the CRM, and the api stops calling the CRM', async () => {
    const { panel, page, apiRequests, errors } = await openMariana('user-bruno');
    const apiMark = apiRequests.length;
    const tapMark = tap.calls.length;
    await admin.setKnobs({ rateLimitPerMinute: 1 });
    await panel.getByRole('tab', { name: 'Tarefas' }).click();
    // A spent budget is a wait, not an error: the panel asks again after Retry-After by itself.
    await panel.getByText(CRM_WAITING).waitFor({ timeout: 15_000 });
    await screenshot(page, 'faults-crm-429-rate-limit');

    // The api's own answer while the tenant is blocked: 429, pt-BR, no CRM call.
    const answer = await callApi(
      stack,
      BRUNO,
      'GET',
      `${API.tasks}?filter=${encodeURIComponent(`deal_id:"${DEAL.id}"`)}`,
    );
    expect(answer).toEqual({ status: 429, json: { message: CRM_RATE_LIMITED, code: 'crm_busy' } });

    const panelReads = apiGets(apiRequests, API.tasks, apiMark).length;
    expect(panelReads).toBeGreaterThanOrEqual(1);
    expect(panelReads).toBeLessThanOrEqual(3);
    // One 429 from the CRM; every later try is refused by the api before reaching it.
    expect(statuses(tap.to('GET', CRM.tasks, tapMark))).toEqual([429]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
