import type { Page } from 'playwright-core';
import { ACME, ANA, BRUNO, acceptTerms, linkContact, readyTenant, signIn } from './apiSetup';
import { generalTabLoaded } from './dealTabs';
import type { HostSim } from './hostSim';
import type { Stack } from './stack';

/** Ana's tenant with Mariana's chat linked, and Bruno, a second attendant, signed in too. */
export async function readyAnaAndBruno(stack: Stack) {
  await readyTenant(stack, ANA);
  await linkContact(stack, ANA, 'contato-mariana', ACME.contact.id);
  await acceptTerms(stack, BRUNO);
  await signIn(stack, BRUNO, ACME.users.bruno.email);
}

/** Mariana's chat open with `dealName` chosen, its general tab on screen. */
export async function openDeal(sim: HostSim, dealName: string) {
  await sim.openAttendance('Mariana Costa');
  const panel = sim.panel;
  const picker = panel.getByRole('combobox', { name: /Negociação/ });
  const general = panel.getByRole('heading', { name: 'Dados da negociação' });
  // The tenant's last deal of this contact may already be chosen (another attendant chose it).
  await picker.or(general).first().waitFor();
  if (await picker.isVisible()) {
    await picker.fill(dealName.slice(0, 15));
    await panel.getByRole('option', { name: dealName }).click();
  }
  await generalTabLoaded(panel);
  await panel.getByText(dealName, { exact: true }).first().waitFor();
}

/** A change "in the CRM itself": the sandbox applies it and fires its webhook (README, Webhooks). */
export async function changeInCrm(stack: Stack, body: Record<string, unknown>) {
  const response = await fetch(`http://127.0.0.1:${stack.ports['crm-sandbox']}/__admin/change`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: ACME.id, ...body }),
  });
  if (response.status !== 200)
    throw new Error(`change: ${response.status} ${await response.text()}`);
}

/** The stage the panel's stage select shows. */
export async function stageShown(sim: HostSim): Promise<string> {
  const text = await sim.panel.getByRole('combobox', { name: /Etapa do funil/ }).innerText();
  return text.trim();
}

/** Milliseconds until the stage combobox of `sim`'s panel reads `stage` (polled every 20 ms). */
export async function msUntilStage(sim: HostSim, stage: string, since: number, timeoutMs = 10_000) {
  const deadline = since + timeoutMs;
  while ((await stageShown(sim)) !== stage) {
    if (Date.now() > deadline) throw new Error(`etapa ainda '${await stageShown(sim)}'`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - since;
}

/** Picks `stage` in the panel's stage select, as the attendant does. */
export async function chooseStage(sim: HostSim, stage: string) {
  await sim.panel.getByRole('combobox', { name: /Etapa do funil/ }).click();
  await sim.panel.getByRole('option', { name: stage, exact: true }).click();
}

export type { Page };
