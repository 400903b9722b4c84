import type { Locator } from 'playwright-core';
import { recordBodies } from '@e2e/support/accessFlow';
import { ACME, ANA, callApi, readyTenant } from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { openHostSim } from '@e2e/support/hostSim';
import { setPanelWidth } from '@e2e/support/narrow';
import { NO_OVERFLOW, shootPanel } from '@e2e/support/panelShots';
import { journeyWorld } from '@e2e/support/journeyWorld';

/**
 * A chat whose phone is already on a CRM contact (João Pereira's
 * +55 21 99876-5432 is Rafael Souza's '21998765432'). The linking page leads with that contact,
 * in sight without scrolling in a 380 px drawer; 'Criar e vincular contato' asks first, naming
 * the contact, so one click never makes a second contact with the same phone.
 */

const RAFAEL = ACME.contactWithoutCountryCode;
const MARIANA = ACME.contact;
/** A laptop's browser window (768 px screen less the browser's own bars). */
const LAPTOP = { width: 1280, height: 680 };

const world = journeyWorld((stack) => readyTenant(stack, ANA));

/** The CRM contacts named exactly `name`. */
async function crmContactsNamed(name: string): Promise<{ id: string; name: string }[]> {
  const filter = encodeURIComponent(`name:~"${name}"`);
  const result = await callApi(world.stack, ANA, 'GET', `/api/rdstation/contacts?filter=${filter}`);
  const page = result.json.data as { data: { id: string; name: string }[] };
  return page.data.filter((contact) => contact.name === name);
}

/** Whole inside the frame's window as it opened (nothing scrolled) and not covered. */
function inSightWithoutScrolling(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const scrolled = [document.scrollingElement, ...document.querySelectorAll('*')].some(
      (el) => el !== null && (el.scrollTop > 0 || el.scrollLeft > 0),
    );
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return (
      !scrolled &&
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      top !== null &&
      node.contains(top)
    );
  });
}

test('João Pereira’s chat leads with Rafael Souza; creating anyway asks first, and he can be linked from there', async () => {
  const { sim, page, errors } = await openHostSim(world.browser, world.stack, ANA.userId, LAPTOP);
  await setPanelWidth(page, 380);
  await sim.openAttendance('João Pereira');
  const panel = sim.panel;

  const suggestions = panel.getByRole('list', { name: 'Contatos sugeridos' });
  const first = suggestions.getByRole('listitem').first();
  await first.getByText(RAFAEL.name).waitFor();
  await first.getByText('Mesmo telefone').waitFor();
  const linkRafael = first.getByRole('button', { name: `Vincular ${RAFAEL.name}` });
  expect(await inSightWithoutScrolling(linkRafael)).toBe(true);
  // The page leads with it: above the chat contact's own details and the other ways to link.
  const matchTop = (await first.boundingBox())?.y ?? Infinity;
  const chatContactTop = (await panel.getByLabel('Contato do chat').first().boundingBox())?.y;
  expect(matchTop).toBeLessThan(chatContactTop ?? -Infinity);
  await screenshot(page, 'duplicate-contacts-leads-with-match');
  expect(await shootPanel(page, 'duplicate-contacts-linking')).toEqual(NO_OVERFLOW);

  const creates = recordBodies(page, 'POST', '/api/rdstation/contacts/with-mapping');
  await panel.getByRole('tab', { name: 'Criar contato' }).click();
  const form = panel.getByRole('form', { name: 'Novo contato' });
  await form.getByRole('button', { name: 'Criar e vincular contato' }).click();
  const dialog = panel.getByRole('alertdialog');
  await dialog
    .getByText(`Já existe um contato com este telefone: ${RAFAEL.name}. Criar mesmo assim?`)
    .waitFor();
  await dialog.getByRole('button', { name: 'Criar mesmo assim' }).waitFor();
  expect(creates).toEqual([]);
  expect(await shootPanel(page, 'duplicate-contacts-confirm')).toEqual(NO_OVERFLOW);

  await dialog.getByRole('button', { name: `Vincular ${RAFAEL.name}` }).click();
  await panel.getByRole('link', { name: new RegExp(RAFAEL.name) }).waitFor();
  const mapping = await callApi(
    world.stack,
    ANA,
    'GET',
    '/api/rdstation/contact-mapping/contato-joao',
  );
  expect(mapping.json.data).toEqual({
    mapped: true,
    rdstationContactId: RAFAEL.id,
    lastDealId: null,
  });
  expect(creates).toEqual([]);
  expect(await crmContactsNamed('João Pereira')).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});

test('Mariana Costa’s chat: the question can be dismissed, and only ‘Criar mesmo assim’ creates the second contact', async () => {
  const { sim, page, errors } = await openHostSim(world.browser, world.stack, ANA.userId, LAPTOP);
  await sim.openAttendance('Mariana Costa');
  const panel = sim.panel;
  await panel
    .getByRole('list', { name: 'Contatos sugeridos' })
    .getByRole('button', { name: `Vincular ${MARIANA.name}` })
    .waitFor();
  const creates = recordBodies(page, 'POST', '/api/rdstation/contacts/with-mapping');
  await panel.getByRole('tab', { name: 'Criar contato' }).click();
  const form = panel.getByRole('form', { name: 'Novo contato' });
  const submit = form.getByRole('button', { name: 'Criar e vincular contato' });
  const dialog = panel.getByRole('alertdialog');
  const question = `Já existe um contato com este telefone: ${MARIANA.name}. Criar mesmo assim?`;

  await submit.click();
  await dialog.getByText(question).waitFor();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(creates).toEqual([]);

  await submit.click();
  await dialog.getByText(question).waitFor();
  await dialog.getByRole('button', { name: 'Criar mesmo assim' }).click();
  await panel.getByRole('link', { name: new RegExp(MARIANA.name) }).waitFor();
  expect(creates).toEqual([
    {
      contact: {
        name: MARIANA.name,
        phones: [{ phone: MARIANA.phone, type: 'cellphone' }],
      },
      contactId: 'contato-mariana',
    },
  ]);
  const named = await crmContactsNamed(MARIANA.name);
  expect(named).toHaveLength(2);
  const mapping = await callApi(
    world.stack,
    ANA,
    'GET',
    '/api/rdstation/contact-mapping/contato-mariana',
  );
  const created = named.find((contact) => contact.id !== MARIANA.id);
  expect(mapping.json.data).toEqual({
    mapped: true,
    rdstationContactId: created?.id,
    lastDealId: null,
  });
  expect(errors).toEqual([]);
  await page.close();
});
