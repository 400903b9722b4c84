import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, screenshot, trackPageErrors } from '../support/browser';
import { startE2eStack, type Stack } from '../support/stack';

const FRONTENDS = [
  'shell',
  'deal',
  'notes',
  'tasks',
  'products',
  'contacts',
  'credentials',
] as const;

/** A string only React DOM's client bundle carries (the root container's internal key). */
const REACT_DOM_MARK = '__reactContainer$';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startE2eStack([...FRONTENDS]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function openPanel(): Promise<{ page: Page; scripts: Response[]; errors: Error[] }> {
  const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
  const errors = trackPageErrors(page);
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(stack.url('shell'));
  await page.getByText('Nenhum contato selecionado').waitFor();
  return { page, scripts, errors };
}

test('the shell renders every remote from the runtime manifest', async () => {
  const { page, errors } = await openPanel();
  await page.getByText('Selecione ou crie uma negociação para ver seus dados.').waitFor();
  await page.getByRole('button', { name: /Filtro de negociações/ }).waitFor();
  await page.getByRole('button', { name: 'Criar Negociação' }).waitFor();
  await screenshot(page, 'federation-main-panel');

  await page.getByRole('tab', { name: 'Notas' }).click();
  await page.getByText('Nenhuma nota cadastrada').waitFor();
  await page.getByRole('tab', { name: 'Tarefas' }).click();
  await page.getByText('Nenhuma tarefa encontrada').waitFor();
  await page.getByRole('tab', { name: 'Produtos e Serviços' }).click();
  await page.getByText('Nenhum produto encontrado').waitFor();

  await page.goto(`${stack.url('shell')}/credentials-setup`);
  await page.getByRole('heading', { name: 'Configuração Necessária' }).waitFor();
  await page.getByRole('button', { name: 'Configurar Agora' }).waitFor();
  await screenshot(page, 'federation-credentials');
  expect(errors).toEqual([]);
  await page.close();
});

test('React DOM is downloaded exactly once, from the shell', async () => {
  const { page, scripts } = await openPanel();
  await page.getByRole('tab', { name: 'Notas' }).click();
  await page.getByText('Nenhuma nota cadastrada').waitFor();
  const remoteOrigins = new Set(scripts.map((r) => new URL(r.url()).port));
  // Remotes did load code of their own...
  expect(remoteOrigins.has(String(stack.ports.notes))).toBe(true);
  expect(remoteOrigins.has(String(stack.ports.contacts))).toBe(true);
  // ...but React DOM came once, and from the shell.
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
    const { page, errors } = await openPanel();
    await page.getByRole('tab', { name: 'Notas' }).click();
    const area = page.getByRole('region', { name: 'Notas' });
    await area.getByText('Não foi possível carregar este módulo.').waitFor();
    await area.getByRole('button', { name: 'Tentar novamente' }).waitFor();
    // The rest of the panel keeps working.
    await page.getByText('Nenhum contato selecionado').waitFor();
    await page.getByRole('tab', { name: 'Tarefas' }).click();
    await page.getByText('Nenhuma tarefa encontrada').waitFor();
    await page.getByRole('tab', { name: 'Notas' }).click();
    await screenshot(page, 'federation-remote-down');

    await stack.startService('notes');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await area.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByText('Nenhuma nota cadastrada').waitFor();
    expect(navigations).toEqual([]); // no page reload
    expect(errors).toEqual([]);
    await page.close();
  } finally {
    if (!stack.isRunning('notes')) await stack.startService('notes');
  }
});
