import type { Frame, FrameLocator, Page } from 'playwright-core';
import type { CallResult } from './apiSetup';
import type { HostSim } from './hostSim';

/** What the journeys expect to read, formatted here rather than by the product's own code. */
const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const brl = (value: number): string => BRL.format(value);

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'dd/mm/yyyy HH:mm' in the local zone (the browser runs in the same zone as the test). */
export function localDateTime(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The `<input type="date">` value of the local day `days` from today. */
export function dateInputValue(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The CRM record (or list) inside the api's v2 envelope: `{ data: { data } }`. */
export function crmData<T>(result: CallResult): T {
  if (result.status !== 200) throw new Error(`api ${result.status} ${JSON.stringify(result.json)}`);
  return (result.json.data as { data: T }).data;
}

/**
 * Picks the deal in the panel's deal picker, as Ana would. The panel remembers the chat's last
 * deal: when it opens with this deal already chosen, that choice is kept (unless `again`); with
 * another one, 'Alterar' reopens the picker.
 */
export async function pickDeal(sim: HostSim, dealName: string, again = false): Promise<void> {
  const panel = sim.panel;
  const picker = panel.getByRole('combobox', { name: /Negociação/ });
  const chosen = panel.getByRole('group', { name: /Negociação/ });
  await picker.or(chosen).first().waitFor();
  if (await chosen.isVisible()) {
    // The chosen deal says 'Carregando...' until it answers: its name decides, not that.
    await chosen.filter({ hasNotText: 'Carregando...' }).waitFor();
    if (!again && (await chosen.innerText()).includes(dealName)) {
      await panel.getByRole('tablist', { name: 'Dados da negociação' }).waitFor();
      return;
    }
    await chosen.getByRole('button', { name: 'Alterar' }).click();
  }
  await picker.click();
  await picker.fill(dealName.slice(0, 15));
  await panel.getByRole('option', { name: dealName }).click();
  await panel.getByRole('tablist', { name: 'Dados da negociação' }).waitFor();
}

/** The deal picker opened on its list, whether the chat had a deal chosen ('Alterar') or not. */
export async function openDealPicker(panel: FrameLocator): Promise<void> {
  const chosen = panel.getByRole('group', { name: /Negociação/ });
  const picker = panel.getByRole('combobox', { name: /Negociação/ });
  await picker.or(chosen).first().waitFor();
  if (await chosen.isVisible()) await chosen.getByRole('button', { name: 'Alterar' }).click();
  await picker.click();
}

/**
 * The 'Geral' tab with its deal's fields in. The card shows before the deal answers (fields
 * disabled, 'Carregando...'); its rating shows only with the deal.
 */
export async function generalTabLoaded(panel: FrameLocator): Promise<void> {
  await panel.getByRole('heading', { name: 'Dados da negociação' }).waitFor();
  await panel.getByRole('radiogroup', { name: 'Avaliação' }).waitFor();
}

const MARK = '__dealTabsJourneyMark';

/**
 * Watches the side panel for any reload: a navigation of the panel frame or the host page, or the
 * panel's window losing a mark set now. Returns a reader of what happened since.
 */
export async function watchPanelReloads(page: Page): Promise<() => Promise<string[]>> {
  const handle = await page.locator('iframe[title="Painel CRM"]').elementHandle();
  const frame: Frame | null = handle ? await handle.contentFrame() : null;
  if (!frame) throw new Error('o painel não foi encontrado');
  const navigations: string[] = [];
  page.on('framenavigated', (navigated) => {
    if (navigated === frame || navigated === page.mainFrame()) navigations.push(navigated.url());
  });
  await frame.evaluate((mark) => {
    Reflect.set(window, mark, true);
  }, MARK);
  return async () => {
    const kept = await frame.evaluate((mark) => Reflect.get(window, mark) === true, MARK);
    return kept ? navigations : [...navigations, 'o painel perdeu a marca (recarregado)'];
  };
}
