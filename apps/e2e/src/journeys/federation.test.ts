import type { Browser, Page, Response } from 'playwright-core';
import { ACME, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { launchBrowser, screenshot, trackPageErrors } from '@e2e/support/browser';
import { tasksProductsAndIntegration } from '@e2e/support/everyRemote';
import { HostSim } from '@e2e/support/hostSim';
import { startE2eStack, type Stack } from '@e2e/support/stack';

/** A string only React DOM's client bundle carries (the root container's internal key). */
const REACT_DOM_MARK = '__reactContainer$';
const REMOTE_ERROR = 'Não foi possível carregar este módulo.';

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

async function openMariana(): Promise<{
  page: Page;
  sim: HostSim;
  scripts: Response[];
  errors: Error[];
}> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors = trackPageErrors(page);
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  const sim = new HostSim(page, stack);
  await sim.open();
  await sim.openAttendance('Mariana Costa');
  await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
  return { page, sim, scripts, errors };
}

test('the shell composes every remote, loaded from the runtime manifest', async () => {
  const { page, sim, errors } = await openMariana();
  const panel = sim.panel;
  // contacts: the header; deal: the picker and the general tab.
  await panel.getByRole('combobox', { name: /Negociação/ }).waitFor();
  await panel.getByRole('button', { name: 'Criar Negociação' }).waitFor();
  await panel.getByRole('combobox', { name: /Negociação/ }).fill('Implantação CRM');
  await panel.getByRole('option', { name: ACME.deals.implantacao.name }).click();
  await panel.getByRole('heading', { name: 'Dados da negociação' }).waitFor();
  // notes, tasks, products: the deal's tabs.
  await panel.getByRole('tab', { name: 'Notas' }).click();
  await panel.getByRole('button', { name: 'Adicionar Nota' }).waitFor();
  // tasks, products, and credentials: the integration manager, in the host's modal.
  await tasksProductsAndIntegration(sim);
  await screenshot(page, 'federation-main-panel');
  expect(await panel.getByText(REMOTE_ERROR).count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('React DOM is downloaded exactly once, from the shell', async () => {
  const { page, sim, scripts } = await openMariana();
  await sim.panel.getByRole('tab', { name: 'Notas' }).click();
  await sim.panel.getByRole('button', { name: 'Adicionar Nota' }).waitFor();
  const ports = new Set(scripts.map((r) => new URL(r.url()).port));
  for (const remote of ['notes', 'contacts', 'deal'] as const) {
    expect(ports.has(String(stack.ports[remote]))).toBe(true);
  }
  const withReactDom: string[] = [];
  for (const response of scripts) {
    if ((await response.text()).includes(REACT_DOM_MARK)) withReactDom.push(response.url());
  }
  expect(withReactDom).toHaveLength(1);
  expect(new URL(withReactDom[0] as string).port).toBe(String(stack.ports.shell));
  await page.close();
});

test('a remote that is down fails in its own area, and "Tentar novamente" loads it once it is back', async () => {
  await stack.stopService('notes');
  try {
    const { page, sim, errors } = await openMariana();
    const panel = sim.panel;
    await panel.getByRole('tab', { name: 'Notas' }).click();
    const area = panel.getByRole('region', { name: 'Notas' });
    await area.getByText(REMOTE_ERROR).waitFor();
    // The rest of the panel keeps working.
    await panel.getByRole('tab', { name: 'Tarefas' }).click();
    await panel.getByRole('button', { name: 'Adicionar' }).waitFor();
    await panel.getByRole('tab', { name: 'Notas' }).click();
    await area.getByText(REMOTE_ERROR).waitFor();
    await screenshot(page, 'federation-remote-down');

    await stack.startService('notes');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await area.getByRole('button', { name: 'Tentar novamente' }).click();
    await panel.getByRole('button', { name: 'Adicionar Nota' }).waitFor();
    expect(navigations).toEqual([]); // no reload of the page or the panel
    expect(errors).toEqual([]);
    await page.close();
  } finally {
    if (!stack.isRunning('notes')) await stack.startService('notes');
  }
});

test('each remote runs alone on its standalone page, with the federation runtime it brings', async () => {
  // A remote's containers take the federation runtime from the page (the shell provides it in
  // the panel); its standalone page loads its own federation-runtime.<hash>.js first.
  const remotes = ['deal', 'notes', 'tasks', 'products', 'contacts', 'credentials'] as const;
  for (const remote of remotes) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors = trackPageErrors(page);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(`http://127.0.0.1:${stack.ports[remote]}/`);
    await page.getByText(`Módulo ${remote} em execução isolada`).waitFor();
    expect(scripts.some((url) => /\/federation-runtime\.[0-9a-f]+\.js$/.test(url))).toBe(true);
    if (remote === 'deal') await screenshot(page, 'federation-standalone-deal');
    expect(errors).toEqual([]);
    await page.close();
  }
});
