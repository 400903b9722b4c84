import type { Page, Response } from 'playwright-core';
import { acceptTermsInPanel, recordBodies, signInFromPanel } from '@e2e/support/accessFlow';
import {
  ACME,
  ANA,
  BETA,
  CARLA,
  SECURITY_PASSWORD,
  callApi,
  readyTenant,
} from '@e2e/support/apiSetup';
import { screenshot } from '@e2e/support/browser';
import { eventually } from '@e2e/support/eventually';
import { HostSim, openHostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';

// Who the caller is comes from the host's signature (tenant-acme) or from the CRM
// sign-in in this very browser (tenant-beta, whose host signs nothing) — never from a header.
const world = journeyWorld((stack) => readyTenant(stack, ANA));

const hostSim = (usuario: string) => openHostSim(world.browser, world.stack, usuario);

/** Every answer the api gave to the page, by path. */
function recordAnswers(page: Page): { path: string; status: number }[] {
  const answers: { path: string; status: number }[] = [];
  const apiOrigin = `localhost:${world.stack.ports.api}`;
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.host === apiOrigin) answers.push({ path: url.pathname, status: response.status() });
  });
  return answers;
}

/** Rewrites only x-user-id on every api request of the page: what a curious attendant can do. */
async function forgeUserId(page: Page, userId: string): Promise<void> {
  await page.context().route(`http://localhost:${world.stack.ports.api}/**`, async (route) => {
    const headers = { ...route.request().headers() };
    if (headers['x-user-id']) headers['x-user-id'] = userId;
    await route.continue({ headers });
  });
}

const crmData = (answers: { path: string; status: number }[]) =>
  answers.filter(
    (answer) =>
      answer.status < 300 &&
      /^\/api\/rdstation\/(deals|contacts|contact-mapping|user|pipelines|users|sources|custom-fields)/.test(
        answer.path,
      ),
  );

test('a host that signs nothing: the CRM sign-in in this browser earns the session, and only here', async () => {
  const { sim, page, errors } = await hostSim(CARLA.userId);
  const panel = sim.panel;
  await page.getByText('Host não assina a identidade').waitFor();
  await acceptTermsInPanel(page, panel, 'identity-carla');
  await panel.getByRole('button', { name: 'Configurar Agora' }).click();
  const form = sim.modal.getByRole('form', { name: 'Credenciais do RD Station CRM' });
  // Whom the operator handed tenant-beta's setup code (printed once by the stack's start).
  await form
    .getByRole('textbox', { name: 'Código de configuração' })
    .fill(world.stack.setupCodes['tenant-beta'] ?? '');
  await form.getByRole('textbox', { name: 'Client ID' }).fill(BETA.clientId);
  await form.getByLabel('Client Secret').fill(BETA.clientSecret);
  await form
    .getByRole('textbox', { name: 'Domínio do Chat' })
    .fill(`http://localhost:${world.stack.ports['host-sim']}`);
  await form.getByLabel('Senha de segurança').fill(SECURITY_PASSWORD);
  await form.getByLabel('Confirmar senha').fill(SECURITY_PASSWORD);
  await screenshot(page, 'identity-carla-setup-code');
  await form.getByRole('button', { name: 'Salvar Credenciais' }).click();
  await panel.getByRole('heading', { name: 'Bem-vindo!' }).waitFor();
  // Saved, but not the tenant's until they sign in: another session of Carla sees none.
  expect(
    (await callApi(world.stack, CARLA, 'GET', '/api/rdstation/credentials/status')).json,
  ).toMatchObject({ configured: false });

  // RD's token names nobody and this host signs nothing: Carla says who she is in the CRM, in
  // the sign-in window, before anything is bound; the panel's picker asks nothing afterwards.
  const chosen = recordBodies(page, 'POST', '/api/rdstation/auth/crm-user');
  const popupErrors = await signInFromPanel(page, panel, BETA.users.renata, 'identity-carla', {
    confirmInWindow: true,
  });
  await panel.getByText(`Olá, ${BETA.users.renata.name}!`).waitFor();
  await panel.getByText(BETA.name).waitFor();
  expect(chosen).toEqual([]);
  await panel.getByText('Nenhum contato selecionado').waitFor();
  expect(
    (await callApi(world.stack, CARLA, 'GET', '/api/rdstation/credentials/status')).json,
  ).toMatchObject({ configured: true });
  // The same user id from this test process reaches no CRM session: it was earned in Chromium.
  expect(
    (await callApi(world.stack, CARLA, 'GET', '/api/rdstation/auth/status')).json,
  ).toMatchObject({
    authenticated: false,
  });
  await screenshot(page, 'identity-carla-home');

  // Another browser (a new context) under the same id starts over: terms, then the sign-in.
  const other = await hostSim(CARLA.userId);
  await other.sim.panel.getByRole('heading', { name: 'Olá', exact: true }).waitFor();
  await acceptTermsInPanel(other.page, other.sim.panel, 'identity-carla-other');
  await other.sim.panel.getByRole('heading', { name: 'Bem-vindo!' }).waitFor();
  expect(await other.sim.panel.getByText(`Olá, ${BETA.users.renata.name}!`).count()).toBe(0);
  await screenshot(other.page, 'identity-carla-other-browser');

  // The first browser is still signed in, and is still Renata: nothing asked again.
  await page.reload();
  await sim.panel.getByText(`Olá, ${BETA.users.renata.name}!`).waitFor();
  expect(await sim.panel.getByText('Quem é você no RD Station CRM?').count()).toBe(0);
  expect(errors).toEqual([]);
  expect(popupErrors).toEqual([]);
  expect(other.errors).toEqual([]);
  await other.page.close();
  await page.close();
});

test('changing only x-user-id in the panel gets nothing', async () => {
  // Ana's own panel works.
  const own = await hostSim(ANA.userId);
  await own.sim.panel.getByText(`Olá, ${ACME.users.ana.name}!`).waitFor();
  await own.page.close();

  // The same panel with every request claiming to be Bruno: the host signs Ana, so no session.
  const forged = await world.browser.newPage({ viewport: { width: 1280, height: 1100 } });
  const answers = recordAnswers(forged);
  await forgeUserId(forged, 'user-bruno');
  const forgedSim = new HostSim(forged, world.stack);
  await forgedSim.open(ANA.userId);
  await eventually(
    async () => answers.some((answer) => answer.path === '/api/session' && answer.status === 401),
    true,
  );
  // The guards learn nothing (every read is refused): the panel says the identity was refused,
  // before and instead of any terms.
  await forgedSim.panel
    .getByText(
      'A identidade enviada pela plataforma de atendimento é inválida ou expirou. Recarregue o painel.',
    )
    .waitFor();
  expect(await forgedSim.panel.getByRole('heading', { name: 'Olá', exact: true }).count()).toBe(0);
  await screenshot(forged, 'identity-forged-user-id');
  expect(crmData(answers)).toEqual([]);
  // Without a session the panel's reads never even leave; whatever reached the api was refused.
  expect(
    answers.filter((answer) => answer.path.startsWith('/api/rdstation/') && answer.status < 400),
  ).toEqual([]);
  expect(await forgedSim.panel.getByText(`Olá, ${ACME.users.ana.name}!`).count()).toBe(0);
  await forged.close();
});
