// A Novus user id or origin that is wrong is said, never silent, in host-sim's Novus mode:
// - a Novus page whose origin the panel does not allow: a card naming it and where to allow it,
//   and the report of what the panel saw reaches the tenant (pre-session);
// - an allow-listed origin that is not the page's (`novusOrigem=outra`): said at once, both
//   origins named, instead of 'Aguardando o sistema de atendimento…' for ever;
// - a getInfoUser reply the defaults do not read (`novusUsuario=codigo`): the missing-user card
//   names the plugin URL's `hostUserIdField`; with it the panel works, and the diagnostics view
//   shows the reply.
import { type Page } from 'playwright-core';
import { ANA, callApi, readyAnaWithMariana } from '@e2e/support/apiSetup';
import { screenshot, trackPageErrors } from '@e2e/support/browser';
import { eventually } from '@e2e/support/eventually';
import { HostSim, openHostSim } from '@e2e/support/hostSim';
import { journeyWorld } from '@e2e/support/journeyWorld';

const world = journeyWorld(readyAnaWithMariana);

interface Report {
  hostOrigin: string | null;
  origins: { parameter: string | null; referrer: string | null; ancestor: string | null };
  userInfo: { reply: unknown } | null;
}
interface Diagnostics {
  report: Report | null;
  preSessionReport: Report | null;
  missing: string[];
}

const diagnostics = async () =>
  (await callApi(world.stack, ANA, 'GET', '/api/novus/diagnostics')).json.data as Diagnostics;

/** The origin the pre-session report says the panel talks to ('ausente': no report yet). */
const preSessionHostOrigin = async () => {
  const report = (await diagnostics()).preSessionReport;
  return report ? report.hostOrigin : 'ausente';
};

/** Ana in host-sim's Novus mode, with the given knobs (host-sim README, 'Novus knobs'). */
const openNovus = (knobs: Record<string, string>) =>
  openHostSim(world.browser, world.stack, ANA.userId, undefined, 'novus', knobs);

const hostSimOrigin = () => new URL(world.stack.url('host-sim')).origin;
const otherLoopback = () => {
  const url = new URL(world.stack.url('host-sim'));
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
};

const WAITING = 'Aguardando o sistema de atendimento…';

/** 'Não foi possível identificar você' with its text, in sight within `timeout`. */
async function identityCard(sim: HostSim, text: string, timeout: number): Promise<void> {
  await sim.panel.getByRole('heading', { name: 'Não foi possível identificar você' }).waitFor({
    timeout,
  });
  await sim.panel.getByText(text, { exact: true }).waitFor({ timeout: 1_000 });
}

/** Some time past the 5 s after which a waiting host request shows 'Aguardando…'. */
async function pastTheWait(page: Page): Promise<void> {
  await page.waitForTimeout(6_000);
}

test('a Novus page whose origin the panel does not allow is named, with where to allow it, and reported', async () => {
  // The operator's runtime-config.json lists no origin of this Novus page in hostOrigins.
  const page = await world.browser.newPage({ viewport: { width: 1280, height: 1100 } });
  const errors = trackPageErrors(page);
  const allowed = [hostSimOrigin(), otherLoopback()];
  await page.route('**/runtime-config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { hostOrigins: string[] };
    await route.fulfill({
      response,
      json: { ...config, hostOrigins: config.hostOrigins.filter((o) => !allowed.includes(o)) },
    });
  });
  const sim = new HostSim(page, world.stack);
  await sim.open(ANA.userId, 'novus');

  const seen = hostSimOrigin();
  const text = `O painel foi aberto pelo Novus em ${seen}, origem que não está entre as origens permitidas do painel. Peça a quem instalou o painel para incluir a origem da página do Novus em hostOrigins, no runtime-config.json do painel, e confira o parâmetro hostOrigin da URL do plugin no cadastro do Novus.`;
  // Once the panel has loaded, with no wait for a user who cannot come (Guard.test: nothing is
  // asked first); the time covers a loaded machine's page load.
  await identityCard(sim, text, 10_000);
  await screenshot(page, 'novus-identity-origin-not-allowed');
  // Nothing is posted to an origin the panel does not trust: host-sim saw no plugin register.
  expect(await page.locator('.panel').getAttribute('data-plugin-id')).toBeNull();

  // The tenant's admins learn it (the pre-session slot: the panel has no session).
  await eventually(preSessionHostOrigin, null);
  const read = await diagnostics();
  expect(read.preSessionReport?.origins).toEqual({
    parameter: seen,
    referrer: seen,
    ancestor: seen,
  });
  expect(read.missing).toContain(
    `A origem da página do Novus (${seen}) não está entre as origens permitidas do painel (hostOrigins): o painel não fala com ela.`,
  );
  expect(errors).toEqual([]);
  await page.close();
});

test("an allowed origin that is not the Novus page's is said at once, naming both, never 'Aguardando…' for ever", async () => {
  const { sim, page, errors } = await openNovus({ novusOrigem: 'outra' });
  const novusPage = hostSimOrigin();
  const wrong = otherLoopback();
  const text = `A página do Novus que abriu o painel está em ${novusPage}, mas o painel fala com ${wrong} (parâmetro hostOrigin da URL do plugin): o navegador descarta as mensagens para outra origem. Corrija o parâmetro hostOrigin no cadastro do plugin no Novus para ${novusPage} (essa origem também precisa estar em hostOrigins, no runtime-config.json do painel).`;
  await identityCard(sim, text, 10_000);
  await screenshot(page, 'novus-identity-origin-not-the-page');
  // getInfoUser never answers (the browser dropped it): still no 'Aguardando…', the card stays.
  await pastTheWait(page);
  await expect(sim.panel.getByText(WAITING).count()).resolves.toBe(0);
  await sim.panel.getByText(text, { exact: true }).waitFor({ timeout: 1_000 });

  await eventually(preSessionHostOrigin, wrong);
  expect((await diagnostics()).missing).toContain(
    `A página que abriu o painel está em ${novusPage}, mas o painel fala com ${wrong} (parâmetro hostOrigin da URL do plugin): o navegador descarta as mensagens para outra origem.`,
  );
  expect(errors).toEqual([]);
  await page.close();
});

test('a user id the defaults do not read: the card names hostUserIdField, with it the panel works, and the view shows the reply', async () => {
  const { sim, page, errors } = await openNovus({ novusUsuario: 'codigo' });
  await identityCard(
    sim,
    'O Novus respondeu sem o id do usuário que o painel procura (campos recebidos: codigoAtendente, nome). Peça a um administrador para acrescentar à URL do plugin, no cadastro do Novus, o parâmetro hostUserIdField com o nome do campo, entre os recebidos, que identifica o atendente (ex.: &hostUserIdField=nomeDoCampo). Depois que alguém entrar, o campo "Id do usuário" pode ser salvo em Gerenciar Integração → Diagnóstico do Novus.',
    15_000,
  );
  await screenshot(page, 'novus-identity-missing-user');

  // The admin edits the plugin URL in Novus's registration: the panel reads the id there.
  await sim.reloadPanelWith({ hostUserIdField: 'codigoAtendente' });
  await sim.openAttendance('Mariana Costa');
  await sim.panel.getByRole('link', { name: /Mariana Costa/ }).waitFor({ timeout: 20_000 });

  // The diagnostics view shows the reply the defaults missed, and whose id the panel took.
  await eventually(
    async () =>
      JSON.stringify((await diagnostics()).report?.userInfo ?? null).includes('codigoAtendente'),
    true,
  );
  await sim.panel.getByRole('button', { name: 'Gerenciar Integração' }).click();
  await sim.modal.getByRole('tab', { name: 'Diagnóstico do Novus' }).click();
  const sent = sim.modal.getByRole('region', { name: 'O que o Novus enviou' });
  const reply = sent.getByText('"codigoAtendente": "user-ana"', { exact: false });
  await reply.waitFor();
  const understood = sim.modal.getByRole('region', { name: 'O que o painel entendeu' });
  await understood.getByText('user-ana', { exact: true }).first().waitFor();
  await reply.scrollIntoViewIfNeeded();
  await screenshot(page, 'novus-identity-view-reply');
  expect(errors).toEqual([]);
  await page.close();
});
