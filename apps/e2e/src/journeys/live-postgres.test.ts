// Two api processes on one PostgreSQL database. Bruno's panel is served by api
// process B, Ana's by process A; a change Ana makes through A shows in Bruno's panel within 2 s,
// without a reload: the change travels A → PostgreSQL NOTIFY → B → Bruno's stream.
import { ACME } from '@e2e/support/apiSetup';
import { openHostSim } from '@e2e/support/hostSim';
import {
  chooseStage,
  msUntilStage,
  openDeal,
  readyAnaAndBruno,
  stageShown,
} from '@e2e/support/live';
import { openHostSimOnApi, twoApisWorld } from '@e2e/support/twoApis';

const world = twoApisWorld(readyAnaAndBruno);
const deal = ACME.deals.implantacao;

test('a panel on api process B sees, within 2 s, a change made by a panel on api process A (one PostgreSQL)', async () => {
  const ana = await openHostSim(world.browser, world.stack, 'user-ana');
  const bruno = await openHostSimOnApi(
    world.browser,
    world.stack,
    'user-bruno',
    world.secondApiUrl,
  );
  // Each panel talks to its own api process only: the api ports the panel's frames called (the
  // host page around it is host-sim's own business).
  const apiPorts = [String(world.stack.ports.api), new URL(world.secondApiUrl).port];
  const brunoPorts = new Set<string>();
  const anaPorts = new Set<string>();
  const shell = new URL(world.stack.url('shell')).port;
  const track = (page: typeof ana.page, ports: Set<string>) =>
    page.on('request', (request) => {
      const { port } = new URL(request.url());
      const fromPanel = new URL(request.frame().url()).port === shell;
      if (fromPanel && apiPorts.includes(port)) ports.add(port);
    });
  track(ana.page, anaPorts);
  track(bruno.page, brunoPorts);
  await openDeal(ana.sim, deal.name);
  await openDeal(bruno.sim, deal.name);
  expect(await stageShown(bruno.sim)).toBe('Proposta enviada');

  const clicked = Date.now();
  await chooseStage(ana.sim, 'Negociação');
  const aToB = await msUntilStage(bruno.sim, 'Negociação', clicked);
  expect(aToB).toBeLessThan(2_000);
  await bruno.sim.panel.getByText(`Atualizado por ${ACME.users.ana.name} agora`).waitFor();
  console.log(`live (PostgreSQL): processo A → painel no processo B ${aToB} ms`);

  expect([...brunoPorts]).toEqual([apiPorts[1]]);
  expect([...anaPorts]).toEqual([apiPorts[0]]);
  expect(ana.errors).toEqual([]);
  expect(bruno.errors).toEqual([]);
  await ana.page.close();
  await bruno.page.close();
});
