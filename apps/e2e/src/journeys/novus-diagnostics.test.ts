// A Novus install that explains itself, in host-sim's Novus mode, as a real Novus runs it: the
// host signs nothing, so Carla (tenant-beta) opens the credentials manager's 'Diagnóstico do
// Novus' with the security password. She saves a deliberately wrong field mapping in the view,
// sees there what the panel then misses, fixes it in the view, and the view itself shows the
// phone understood: at once (the api reads what the host sent again under the mapping in force),
// and from the panel's own report once it reloads. Also: a message from another origin is
// reported, the modal page registers nothing, and a slow host shows 'Aguardando o sistema de
// atendimento…' instead of failing.
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { acceptTermsInPanel } from '@e2e/support/accessFlow';
import {
  ANA,
  BETA,
  CARLA,
  SECURITY_PASSWORD,
  callApi,
  readyAnaWithMariana,
  readyTenant,
} from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { eventually } from '@e2e/support/eventually';
import { type HostSim, openHostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';

const world = journeyWorld(async (stack) => {
  await readyAnaWithMariana(stack);
  await readyTenant(stack, CARLA, BETA, BETA.users.renata.email);
});

/** Ricardo Nunes's phone in host-sim (tenant-beta): the attendance sends it as `numero`. */
const RICARDO_PHONE = '+5531991234567';
const PHONE_MISSING =
  'Telefone do contato não encontrado (campos tentados: telefoneCelular): sem ele o painel não sugere contatos pelo telefone.';

type Diagnostics = {
  report: {
    understood: { phone: string | null };
    lastEvent: unknown;
    unexpected: { origin: string }[];
  } | null;
};

/** Carla's tenant's diagnostics, read as the view reads them: with the security password. */
const diagnostics = async () =>
  (
    await callApi(world.stack, CARLA, 'GET', '/api/novus/diagnostics', undefined, {
      'x-security-password': SECURITY_PASSWORD,
    })
  ).json.data as Diagnostics;

/** The panel's report of Ricardo's chat, once it says `phone` of him. */
const reportedRicardo = (phone: string | null) =>
  eventually(async () => {
    const report = (await diagnostics()).report;
    return (
      JSON.stringify(report?.lastEvent ?? null).includes(RICARDO_PHONE) &&
      report?.understood.phone === phone
    );
  }, true);

/** 'Gerenciar Integração' → 'Diagnóstico do Novus', unlocked with the security password. */
async function openDiagnostics(sim: HostSim): Promise<FrameLocator> {
  await sim.panel.getByRole('button', { name: 'Gerenciar Integração' }).click();
  const modal = sim.modal;
  await modal.getByRole('tab', { name: 'Diagnóstico do Novus' }).click();
  await modal.getByLabel('Senha de segurança').fill(SECURITY_PASSWORD);
  await modal.getByRole('button', { name: 'Ver diagnóstico' }).click();
  await modal.getByRole('region', { name: 'O que falta' }).waitFor();
  return modal;
}

async function closeDiagnostics(sim: HostSim): Promise<void> {
  await sim.modal.getByRole('button', { name: 'Fechar' }).last().click();
  await sim.modalClosed();
}

const phoneRowOf = (view: FrameLocator) =>
  view
    .getByRole('region', { name: 'O que o painel entendeu' })
    .getByRole('row', { name: /^Telefone do contato/ });

/** The phone's row of 'O que o painel entendeu': by the panel when it reported, and now. */
const phoneRow = (view: FrameLocator): Promise<string[]> =>
  phoneRowOf(view).getByRole('cell').allInnerTexts();

/** A screenshot of the view scrolled to show 'O que falta' down to the phone's row. */
async function shootView(view: FrameLocator, page: Page, name: string): Promise<void> {
  await phoneRowOf(view).evaluate((row) => row.scrollIntoView({ block: 'end' }));
  await screenshot(page, name);
}

async function saveMapping(view: FrameLocator, edit: (form: Locator) => Promise<void>) {
  const form = view.getByRole('form', { name: 'Mapeamento de campos' });
  await edit(form);
  await form.getByRole('button', { name: 'Salvar mapeamento' }).click();
  await form.getByText('Mapeamento salvo. Recarregue o painel no Novus para aplicá-lo.').waitFor();
}

test('a wrong mapping saved in the view shows there with what it breaks, and the fix saved there shows at once and after the panel reloads', async () => {
  const { sim, page, errors } = await openHostSim(
    world.browser,
    world.stack,
    CARLA.userId,
    undefined,
    'novus',
    { origemExtra: '1' },
  );
  const panel = sim.panel;
  await acceptTermsInPanel(page, panel, 'novus-diagnostics');
  await panel.getByRole('heading', { name: 'Bem-vindo!' }).waitFor();

  // Ricardo's chat, read with the default names: his phone is understood.
  await sim.openAttendance('Ricardo Nunes');
  await reportedRicardo(RICARDO_PHONE);
  // A page of another origin posts a Novus-like callback to the panel: not acted on, reported.
  await page.getByRole('button', { name: 'Mensagem de outra origem' }).click();
  await eventually(async () => ((await diagnostics()).report?.unexpected.length ?? 0) > 0, true);
  await expect(panel.getByText('Intruso').count()).resolves.toBe(0);

  // The admin saves a wrong name for the phone, in the view: the view says at once what it breaks.
  let view = await openDiagnostics(sim);
  await saveMapping(view, async (form) => {
    await form.getByRole('textbox', { name: 'Telefone do contato' }).fill('telefoneCelular');
  });
  const missing = view.getByRole('region', { name: 'O que falta' });
  await missing.getByText(PHONE_MISSING).waitFor();
  expect(await phoneRow(view)).toEqual([
    RICARDO_PHONE,
    'não encontrado (campos tentados: telefoneCelular)',
  ]);
  await closeDiagnostics(sim);

  // The panel, reloaded, reads with it: Ricardo's phone is lost, and the view shows the panel's
  // own report saying so beside the payload that holds it.
  await sim.reloadPanel();
  await sim.openAttendance('Ricardo Nunes');
  await reportedRicardo(null);
  view = await openDiagnostics(sim);
  await view.getByRole('region', { name: 'O que falta' }).getByText(PHONE_MISSING).waitFor();
  expect(await phoneRow(view)).toEqual([
    'não encontrado',
    'não encontrado (campos tentados: telefoneCelular)',
  ]);
  await view
    .getByRole('region', { name: 'O que o Novus enviou' })
    .getByText(`"numero": "${RICARDO_PHONE}"`, { exact: false })
    .waitFor();
  const other = new URL(world.stack.url('host-sim'));
  other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  await view
    .getByRole('region', { name: 'Mensagens de origem inesperada' })
    .getByText(other.origin, { exact: false })
    .waitFor();
  await shootView(view, page, 'novus-diagnostics-wrong-mapping');

  // The fix, in the view: the default names back. The view shows the phone understood at once
  // and no phone line under 'O que falta', and says the panel's report predates the mapping.
  await saveMapping(view, (form) =>
    form.getByRole('button', { name: 'Restaurar padrões' }).click(),
  );
  await eventually(
    async () => (await phoneRow(view)).join(' | '),
    `não encontrado | ${RICARDO_PHONE}`,
  );
  expect(await missing.innerText()).not.toContain('Telefone do contato');
  await view.getByText(/^Este relato é anterior ao mapeamento salvo em /).waitFor();
  await shootView(view, page, 'novus-diagnostics-fixed');
  await closeDiagnostics(sim);
  // The modal page registered nothing: a strict host-sim refuses and counts a modal's initialize.
  expect(await page.getByTestId('refused-count').textContent()).toBe('0');

  // The panel reloads and reports again: the view shows its own report with the phone.
  await sim.reloadPanel();
  await sim.openAttendance('Ricardo Nunes');
  await reportedRicardo(RICARDO_PHONE);
  view = await openDiagnostics(sim);
  expect(await phoneRow(view)).toEqual([RICARDO_PHONE, RICARDO_PHONE]);
  expect(await view.getByRole('region', { name: 'O que falta' }).innerText()).not.toContain(
    'Telefone do contato',
  );
  expect(await view.getByText(/^Este relato é anterior ao mapeamento/).count()).toBe(0);
  await shootView(view, page, 'novus-diagnostics-applied');
  await closeDiagnostics(sim);
  expect(errors).toEqual([]);
  await page.close();
});

test("a host that takes long shows 'Aguardando o sistema de atendimento…', then the panel works", async () => {
  const { sim, page, errors } = await openHostSim(
    world.browser,
    world.stack,
    ANA.userId,
    undefined,
    'novus',
    { novusDemoraMs: '7000' },
  );
  await sim.openAttendance('Mariana Costa');
  await sim.panel.getByText('Aguardando o sistema de atendimento…').waitFor({ timeout: 15_000 });
  await screenshot(page, 'novus-waiting');
  await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor({ timeout: 30_000 });
  await sim.panel.getByText('Aguardando o sistema de atendimento…').waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
  await page.close();
});
