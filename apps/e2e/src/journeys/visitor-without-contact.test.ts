import type { Page } from 'playwright-core';
import { recordBodies } from '@e2e/support/accessFlow';
import { ANA, callApi, readyTenant } from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { openHostSim } from '@e2e/support/hostSim';
import { NO_OVERFLOW, shootPanel } from '@e2e/support/panelShots';
import { journeyWorld } from '@e2e/support/journeyWorld';

/**
 * A chat without a contact. The panel says one thing for it, whether the
 * attendant came from home or from the linking page of another chat: the spec's 'Nenhum contato
 * selecionado', and why. When the host does give the visitor's name or phone (a contact without
 * an id), the panel offers to create the CRM contact and links it to that attendance.
 */

const TITLE = 'Nenhum contato selecionado';
const WHY = 'Este atendimento não tem um contato no chat: sem nome nem telefone para vincular.';

/**
 * host-sim has no such visitor: a webchat whose pre-chat form gave a name and a phone, which the
 * host passes as a contact without an id. The page's own data gets one more attendance.
 */
const NAMED_VISITOR = {
  tenant: 'tenant-acme',
  attendance: {
    atendimentoId: 'at-1904',
    canalId: 'canal-webchat-acme',
    descricao: 'Visitante que preencheu o formulário do site',
    contato: { id: '', nome: 'Carlos Mendes', nomeSecundario: null, numero: '+55 11 93456-7890' },
  },
};

/**
 * Adds the visitor to host-sim's page data (its JSON config element) once the page is parsed and
 * before its script reads it. (Serving a rewritten page instead would make Chromium treat it as
 * a public page and block its panel frame on localhost.)
 */
async function withNamedVisitor(page: Page): Promise<void> {
  await page.addInitScript((visitor) => {
    document.addEventListener('readystatechange', () => {
      const element = document.getElementById('host-sim-config');
      if (document.readyState !== 'interactive' || !element?.textContent) return;
      const config = JSON.parse(element.textContent) as { attendances: unknown[] };
      config.attendances.push(visitor);
      element.textContent = JSON.stringify(config);
    });
  }, NAMED_VISITOR);
}

const world = journeyWorld((stack) => readyTenant(stack, ANA));

test('a chat without a contact reads the same from home and after the linking page', async () => {
  const { sim, page, errors } = await openHostSim(world.browser, world.stack, ANA.userId);
  const panel = sim.panel;
  await panel.getByText(TITLE).waitFor();
  await panel.getByText('Abra um atendimento no chat para ver o contato dele no CRM.').waitFor();

  await sim.openAttendance('Visitante sem contato');
  await panel.getByText(WHY).waitFor();
  await panel.getByText(TITLE).waitFor();
  await screenshot(page, 'visitor-from-home');
  expect(await shootPanel(page, 'visitor-home')).toEqual(NO_OVERFLOW);

  await sim.openAttendance('João Pereira');
  await panel.getByRole('region', { name: 'Sugestões' }).waitFor();
  await sim.openAttendance('Visitante sem contato');
  await panel.getByText(WHY).waitFor();
  await panel.getByText(TITLE).waitFor();
  expect(
    await panel.getByText('Este atendimento não tem um contato', { exact: true }).count(),
  ).toBe(0);
  await screenshot(page, 'visitor-after-linking-page');
  expect(await shootPanel(page, 'visitor-contact-linking')).toEqual(NO_OVERFLOW);
  expect(errors).toEqual([]);
  await page.close();
});

test('a visitor the host names (no contact id): create the CRM contact and link it to the attendance', async () => {
  const { sim, page: simPage, errors } = await openHostSim(world.browser, world.stack, ANA.userId);
  // Opened again with the host's data patched: the queue now has the named visitor.
  await withNamedVisitor(simPage);

  await sim.open(ANA.userId);
  const panel = sim.panel;
  await sim.openAttendance('Carlos Mendes');

  const form = panel.getByRole('form', { name: 'Novo contato' });
  await panel.getByRole('tab', { name: 'Criar contato' }).click();
  expect(await form.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe('Carlos Mendes');
  expect(await form.getByRole('textbox', { name: /Telefone/ }).inputValue()).toBe(
    '+55 11 93456-7890',
  );
  expect(await shootPanel(simPage, 'visitor-named-contact-linking')).toEqual(NO_OVERFLOW);
  const creates = recordBodies(simPage, 'POST', '/api/rdstation/contacts/with-mapping');
  await form.getByRole('button', { name: 'Criar e vincular contato' }).click();
  await panel.getByRole('link', { name: /Carlos Mendes/ }).waitFor();
  expect(creates).toEqual([
    {
      contact: {
        name: 'Carlos Mendes',
        phones: [{ phone: '+55 11 93456-7890', type: 'cellphone' }],
      },
      contactId: 'atendimento:at-1904',
    },
  ]);
  const mapping = await callApi(
    world.stack,
    ANA,
    'GET',
    `/api/rdstation/contact-mapping/${encodeURIComponent('atendimento:at-1904')}`,
  );
  expect(mapping.json.data).toMatchObject({ mapped: true });
  await screenshot(simPage, 'visitor-named-linked');
  expect(await shootPanel(simPage, 'visitor-named-home')).toEqual(NO_OVERFLOW);
  expect(errors).toEqual([]);
  await simPage.close();
});
