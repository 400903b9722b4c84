import type { Browser, Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { ACME, ANA, CARLA, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { acceptTermsInPanel, recordBodies } from '@e2e/support/accessFlow';
import { launchBrowser, screenshot } from '@e2e/support/browser';
import { pickDeal } from '@e2e/support/dealTabs';
import { type HostSim, openHostSim } from '@e2e/support/hostSim';
import { startE2eStack, type Stack } from '@e2e/support/stack';

/**
 * A field left empty and then left for the submit button shows its message on
 * blur, i.e. on the mouse-down. That message must not push the button from under the pointer
 * before the mouse-up, or the click is lost. Every form: one click on its submit from a blurred
 * field is one click on the button, so the whole form is checked (every message shows) at once.
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

const CLICKS = '__firstClickJourneyClicks';

async function frameOf(page: Page, selector: string): Promise<Frame> {
  const frame = await (await page.locator(selector).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`sem frame em ${selector}`);
  return frame;
}

/** Records the text of every button the browser dispatches a click to, inside `frame`. */
async function recordButtonClicks(frame: Frame): Promise<() => Promise<string[]>> {
  await frame.evaluate((key) => {
    const seen: string[] = [];
    Reflect.set(window, key, seen);
    document.addEventListener(
      'click',
      (event) => {
        const button = event.target instanceof Element ? event.target.closest('button') : null;
        if (button) seen.push((button.textContent ?? '').trim());
      },
      true,
    );
  }, CLICKS);
  return async () =>
    frame.evaluate((key) => {
      const seen: unknown = Reflect.get(window, key);
      return Array.isArray(seen) ? seen.map(String) : [];
    }, CLICKS);
}

/**
 * Focus `field`, then one click on `submit`: the click reaches the button (once), and every
 * message in `messages` shows — the form was submitted, not only the blurred field checked.
 */
async function oneClickFromBlurredField(
  frame: Frame,
  scope: FrameLocator,
  field: Locator,
  submit: Locator,
  messages: string[],
): Promise<void> {
  const clicks = await recordButtonClicks(frame);
  await field.focus();
  await submit.click();
  for (const message of messages) {
    await scope.getByText(message, { exact: true }).first().waitFor({ timeout: 3_000 });
  }
  expect(await clicks()).toEqual([(await submit.innerText()).trim()]);
}

const openAs = (usuario: string) =>
  openHostSim(browser, stack, usuario, { width: 1280, height: 900 });

test("'Salvar Credenciais': one click from the blurred 'Client ID' checks the whole form", async () => {
  const { sim, page, errors } = await openAs(CARLA.userId);
  // tenant-beta's host signs nothing: the terms belong to this browser's session.
  await acceptTermsInPanel(page, sim.panel, 'first-click-carla');
  await sim.panel.getByRole('button', { name: 'Configurar Agora' }).click();
  const submit = sim.modal.getByRole('button', { name: 'Salvar Credenciais' });
  await submit.waitFor();
  const posts = recordBodies(page, 'POST', '/api/rdstation/credentials');
  await oneClickFromBlurredField(
    await frameOf(page, 'iframe.modal-frame'),
    sim.modal,
    sim.modal.getByRole('textbox', { name: /Client ID/ }),
    submit,
    [
      // tenant-beta's host signs nothing: the operator's setup code comes first.
      'Informe o código de configuração que o responsável pelo painel forneceu para esta empresa.',
      'Client ID é obrigatório',
      'Client Secret é obrigatório',
      'Domínio do Chat é obrigatório',
      'Senha de segurança é obrigatória',
    ],
  );
  await screenshot(page, 'first-click-credentials');
  expect(posts).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});

describe('Ana, in Mariana Costa’s chat', () => {
  let sim: HostSim;
  let page: Page;
  let errors: Error[];

  beforeAll(async () => {
    ({ sim, page, errors } = await openAs(ANA.userId));
    await sim.openAttendance('Mariana Costa');
    await pickDeal(sim, ACME.deals.implantacao.name);
  });

  afterAll(async () => {
    expect(errors).toEqual([]);
    await page.close();
  });

  const modalFrame = () => frameOf(page, 'iframe.modal-frame');
  const modalClosed = () => page.locator('iframe.modal-frame').waitFor({ state: 'detached' });
  const closeModal = async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
    await modalClosed();
  };

  test("'Criar Negociação': one click from the blurred name checks the whole form", async () => {
    await sim.panel.getByRole('button', { name: 'Criar Negociação' }).click();
    const form = sim.modal.getByRole('form', { name: 'Criar Negociação' });
    await form.waitFor();
    const posts = recordBodies(page, 'POST', '/api/rdstation/deals');
    await oneClickFromBlurredField(
      await modalFrame(),
      sim.modal,
      form.getByRole('textbox', { name: /Nome da negociação/ }),
      form.getByRole('button', { name: 'Criar Negociação' }),
      ['Nome da negociação é obrigatório', 'Funil de vendas é obrigatório'],
    );
    await screenshot(page, 'first-click-deal-create');
    expect(posts).toEqual([]);
    await closeModal();
  });

  test("'Salvar Alterações' of the contact: one click from the emptied, blurred name", async () => {
    await sim.panel.getByRole('button', { name: 'Editar contato' }).click();
    const name = sim.modal.getByRole('textbox', { name: /Nome/ });
    await name.waitFor();
    await name.fill('');
    const puts = recordBodies(page, 'PUT', `/api/rdstation/contacts/${ACME.contact.id}`);
    await oneClickFromBlurredField(
      await modalFrame(),
      sim.modal,
      name,
      sim.modal.getByRole('button', { name: 'Salvar Alterações' }),
      ['Nome do contato é obrigatório'],
    );
    expect(puts).toEqual([]);
    await closeModal();
  });

  test("'Salvar Nota': one click from the blurred, empty content", async () => {
    await sim.panel.getByRole('tab', { name: 'Notas' }).click();
    await sim.panel.getByRole('button', { name: 'Adicionar Nota' }).click();
    const form = sim.modal.getByRole('form', { name: 'Adicionar Nota' });
    await form.waitFor();
    const posts = recordBodies(
      page,
      'POST',
      `/api/rdstation/deals/${ACME.deals.implantacao.id}/notes`,
    );
    await oneClickFromBlurredField(
      await modalFrame(),
      sim.modal,
      form.getByRole('textbox', { name: /Conteúdo da nota/ }),
      form.getByRole('button', { name: 'Salvar Nota' }),
      ['O conteúdo da nota é obrigatório'],
    );
    expect(posts).toEqual([]);
    await closeModal();
  });

  test("'Criar Tarefa': one click from the blurred title checks the whole form", async () => {
    await sim.panel.getByRole('tab', { name: 'Tarefas' }).click();
    await sim.panel.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const form = sim.modal.getByRole('form', { name: 'Criar Tarefa' });
    await form.waitFor({ timeout: 15_000 });
    const posts = recordBodies(page, 'POST', '/api/rdstation/tasks');
    await oneClickFromBlurredField(
      await modalFrame(),
      sim.modal,
      form.getByRole('textbox', { name: /^Título/ }),
      form.getByRole('button', { name: 'Criar Tarefa' }),
      [
        'O título é obrigatório',
        'A descrição é obrigatória e deve ter no mínimo 3 caracteres',
        'O tipo é obrigatório',
        'A data de vencimento é obrigatória',
      ],
    );
    await screenshot(page, 'first-click-task');
    expect(posts).toEqual([]);
    await closeModal();
  });

  test("'Adicionar Produto': one click from a blurred quantity of 0", async () => {
    await sim.panel.getByRole('tab', { name: 'Produtos e Serviços' }).click();
    await sim.panel.getByRole('button', { name: 'Adicionar Produto' }).click();
    const form = sim.modal.getByRole('form', { name: 'Adicionar Produto' });
    await form.waitFor();
    await form.getByRole('combobox', { name: /Produto/ }).click({ timeout: 15_000 });
    await sim.modal.getByRole('listbox').getByRole('option').first().click();
    const quantity = form.getByRole('textbox', { name: /Quantidade/ });
    await quantity.fill('0');
    const posts = recordBodies(
      page,
      'POST',
      `/api/rdstation/deals/${ACME.deals.implantacao.id}/products`,
    );
    await oneClickFromBlurredField(
      await modalFrame(),
      sim.modal,
      quantity,
      form.getByRole('button', { name: 'Adicionar Produto' }),
      ['Quantidade deve ser no mínimo 1'],
    );
    expect(posts).toEqual([]);
    await closeModal();
  });

  test("'Criar e vincular contato': one click from the emptied, blurred name", async () => {
    await sim.openAttendance('João Pereira');
    await sim.panel.getByRole('tab', { name: 'Criar contato' }).click();
    const form = sim.panel.getByRole('form', { name: 'Novo contato' });
    const name = form.getByRole('textbox', { name: /^Nome/ });
    await name.fill('');
    const posts = recordBodies(page, 'POST', '/api/rdstation/contacts/with-mapping');
    await oneClickFromBlurredField(
      await frameOf(page, 'iframe[title="Painel CRM"]'),
      sim.panel,
      name,
      form.getByRole('button', { name: 'Criar e vincular contato' }),
      ['Nome é obrigatório'],
    );
    expect(posts).toEqual([]);
  });
});
