// A Novus install that explains itself, in host-sim's Novus mode: a deliberately wrong field
// mapping shows in the credentials manager's 'Diagnóstico do Novus' (what the host sent, what the
// panel understood, what is missing, a message from another origin), and fixing it there makes
// the panel work. Also: the modal page registers nothing, and a slow host shows 'Aguardando o
// sistema de atendimento…' instead of failing.
import { DEFAULT_NOVUS_MAPPING } from '@crm-panel/crm-model';
import { ACME, ANA, callApi, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { eventually } from '@e2e/support/eventually';
import { openHostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';

const world = journeyWorld(readyAnaWithMariana);

/** João Pereira's phone in host-sim (no CRM link; the CRM has a contact with it). */
const JOAO_PHONE = '+5521998765432';

type Diagnostics = {
  report: {
    understood: { phone: string | null; contactId: string | null };
    lastEvent?: unknown;
    unexpected: { origin: string }[];
  } | null;
  missing: string[];
};
/** Ana in host-sim's Novus mode, with the given knobs (host-sim README, 'Novus knobs'). */
const openNovus = (knobs: Record<string, string>) =>
  openHostSim(world.browser, world.stack, ANA.userId, undefined, 'novus', knobs);

const diagnostics = async () =>
  (await callApi(world.stack, ANA, 'GET', '/api/novus/diagnostics')).json.data as Diagnostics;

test('a wrong mapping shows in the diagnostics, and fixing it there makes the panel work', async () => {
  const wrong = {
    ...DEFAULT_NOVUS_MAPPING,
    contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone: ['telefoneCelular'] },
  };
  expect((await callApi(world.stack, ANA, 'PUT', '/api/novus/mapping', wrong)).status).toBe(200);

  const { sim, page, errors } = await openNovus({ origemExtra: '1' });
  const panel = sim.panel;

  // João's chat: the panel does not find his phone under the wrong name.
  await sim.openAttendance('João Pereira');
  // The panel's report of João's chat: his contact understood, his phone not.
  await eventually(async () => {
    const understood = (await diagnostics()).report?.understood;
    return understood?.contactId === 'contato-joao' && understood.phone === null;
  }, true);
  expect((await diagnostics()).missing).toContain(
    'Telefone do contato não encontrado (campos tentados: telefoneCelular): sem ele o painel não sugere contatos pelo telefone.',
  );

  // A page of another origin posts a Novus-like callback to the panel: not acted on, reported.
  await page.getByRole('button', { name: 'Mensagem de outra origem' }).click();
  await eventually(async () => ((await diagnostics()).report?.unexpected.length ?? 0) > 0, true);
  await expect(panel.getByText('Intruso').count()).resolves.toBe(0);

  // The admin opens the manager (a host modal) on Mariana's linked chat.
  await sim.openAttendance('Mariana Costa');
  await panel.getByRole('link', { name: /Mariana Costa/ }).waitFor();
  // The panel reports a second after the host's event; the view shows what was stored when it
  // opened, so it opens once Mariana's attendance is in the report.
  await eventually(
    async () =>
      JSON.stringify((await diagnostics()).report?.lastEvent ?? null).includes('+5511987654321'),
    true,
  );
  await panel.getByRole('button', { name: 'Gerenciar Integração' }).click();
  await sim.modal.getByRole('tab', { name: 'Diagnóstico do Novus' }).click();
  const missing = sim.modal.getByRole('region', { name: 'O que falta' });
  await missing
    .getByText(/Telefone do contato não encontrado \(campos tentados: telefoneCelular\)/)
    .waitFor();
  const stray = sim.modal.getByRole('region', { name: 'Mensagens de origem inesperada' });
  const other = new URL(world.stack.url('host-sim'));
  other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  await stray.getByText(other.origin, { exact: false }).waitFor();
  await sim.modal
    .getByRole('region', { name: 'O que o Novus enviou' })
    .getByText('"numero": "+5511987654321"', { exact: false })
    .waitFor();
  await screenshot(page, 'novus-diagnostics-wrong-mapping');

  // The fix: the default readings, saved from the view.
  const form = sim.modal.getByRole('form', { name: 'Mapeamento de campos' });
  await form.getByRole('button', { name: 'Restaurar padrões' }).click();
  await form.getByRole('button', { name: 'Salvar mapeamento' }).click();
  await form.getByText('Mapeamento salvo. Recarregue o painel no Novus para aplicá-lo.').waitFor();
  await screenshot(page, 'novus-diagnostics-fixed');
  await sim.modal.getByRole('button', { name: 'Fechar' }).last().click();
  await page.locator('iframe.modal-frame').waitFor({ state: 'detached' });
  // The modal page registered nothing: a strict host-sim refuses and counts a modal's initialize.
  expect(await page.getByTestId('refused-count').textContent()).toBe('0');

  await sim.reloadPanel();
  await sim.openAttendance('João Pereira');
  const suggestions = panel.getByRole('list', { name: 'Contatos sugeridos' });
  await suggestions.getByText('Mesmo telefone').first().waitFor();
  await suggestions.getByText(ACME.contactWithoutCountryCode.name).first().waitFor();
  await eventually(async () => (await diagnostics()).report?.understood.phone ?? null, JOAO_PHONE);
  expect(errors).toEqual([]);
  await page.close();
});

test("a host that takes long shows 'Aguardando o sistema de atendimento…', then the panel works", async () => {
  const { sim, page, errors } = await openNovus({ novusDemoraMs: '7000' });
  await sim.openAttendance('Mariana Costa');
  await sim.panel.getByText('Aguardando o sistema de atendimento…').waitFor({ timeout: 15_000 });
  await screenshot(page, 'novus-waiting');
  await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor({ timeout: 30_000 });
  await sim.panel.getByText('Aguardando o sistema de atendimento…').waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
  await page.close();
});
