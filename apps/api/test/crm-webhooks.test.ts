// RD Station webhooks as signals. Registered with the tenant's token at
// sign-in (one per event, idempotent), received on a per-tenant secret URL (RD signs nothing),
// de-duplicated, answered at once, removed with the integration.
import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { CRM_WEBHOOK_EVENTS, WEBHOOK_NAME } from '@api/changes/crmWebhooks';
import { type RecordChange } from '@api/changes/recordChange';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  SECURITY_PASSWORD,
  call,
  configure,
  freshPeople,
  login,
  sessionHeaders,
  startHarness,
} from './support/harness';
import { freePort } from './support/postgres';
import { openSse } from './support/sseReader';

let sandbox: RunningSandbox;
let h: Harness;
let apiUrl: string;
let port: number;
let alice: Identity;
let beatriz: Identity;
let published: RecordChange[];
/** The api's clock runs ahead by this much (the echo window's test). */
let ahead = 0;

interface CrmWebhook {
  id: string;
  name: string;
  event_name: string;
  http_method: string;
  url: string;
  status: string;
}

/** The account's webhooks as RD lists them (GET /crm/v2/webhooks with a token of the account). */
async function crmWebhooks(): Promise<CrmWebhook[]> {
  const tokens = sandbox.issueTokens(ACCOUNT1.clientId, ACCOUNT1.users.ana.email);
  const response = await fetch(`${sandbox.url}/crm/v2/webhooks?page[size]=100`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  return ((await response.json()) as { data: CrmWebhook[] }).data;
}

const ours = async () =>
  (await crmWebhooks()).filter((hook) => hook.url.startsWith(`${apiUrl}/api/webhooks/rdstation/`));

const delivery = (overrides: Record<string, unknown> = {}) => ({
  event_name: 'crm_deal_updated',
  document: { id: ACCOUNT1.deals.implantacao.id, name: 'Implantação' },
  event_timestamp: '2026-11-26T10:00:00.000Z',
  transaction_uuid: 'f111b90-ec81-4353-8d52-ffd3b8df412d',
  ...overrides,
});

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  // Every sign-in checks the CRM's list again: idempotence comes from the list, not a memory.
  // Signals are matched at once here (no settle), so each test reads what was published right
  // after the delivery's answer; the settle itself is changes/crmSignals.test.ts's (fake timers).
  h = await startHarness({
    sharedSandbox: sandbox,
    api: {
      publicUrl: apiUrl,
      live: {
        webhookRecheckMs: 0,
        crmWebhooks: true,
        webhookEchoSettleMs: 0,
        // The rate's own test has an api of its own; here thousands of deliveries go through.
        webhookDeliveriesPerMinute: 100_000,
      },
      now: () => Date.now() + ahead,
    },
  });
  await h.api.listen({ port, host: '127.0.0.1' });
  h.api.changes.subscribe((change) => published.push(change));
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});
beforeEach(async () => {
  sandbox.reset();
  published = [];
  ({ alice, beatriz } = freshPeople());
  await configure(h.api, alice);
  await login(h, alice);
});

describe('RD Station webhooks', () => {
  it('registers one webhook per event at sign-in, and none again at the next sign-in', async () => {
    const hooks = await ours();
    expect(hooks.map((hook) => hook.event_name).sort()).toEqual([...CRM_WEBHOOK_EVENTS].sort());
    const url = hooks[0]?.url ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/rdstation\/[A-Za-z0-9_-]{43}$/);
    for (const hook of hooks)
      expect(hook).toMatchObject({
        name: WEBHOOK_NAME,
        http_method: 'POST',
        url,
        status: 'active',
      });

    const posts = () =>
      h.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/crm/v2/webhooks')).length;
    const before = posts();
    await login(h, { ...alice, userId: 'arthur' }, ACCOUNT1.users.ana.email);
    expect(posts()).toBe(before);
    expect((await ours()).map((hook) => hook.id).sort()).toEqual(
      hooks.map((hook) => hook.id).sort(),
    );
  });

  it('a change made in the CRM reaches the tenant’s open panels as an origin crm change', async () => {
    const stream = await openSse(`${apiUrl}/api/events`, await sessionHeaders(h.api, alice));
    await sandbox.change({
      account: ACCOUNT1.id,
      resource: 'deals',
      id: ACCOUNT1.deals.implantacao.id,
      data: { rating: 4 },
    });
    const [event] = await stream.waitForEvents(1);
    stream.close();
    const change = JSON.parse(event?.data ?? '{}') as RecordChange;
    expect(change).toMatchObject({
      systemKey: alice.systemKey,
      origin: 'crm',
      actor: null,
      record: {
        type: 'deal',
        id: ACCOUNT1.deals.implantacao.id,
        dealId: ACCOUNT1.deals.implantacao.id,
        contactId: null,
      },
      action: 'updated',
    });
    expect(event?.id).toBe(change.id);
    expect(change.id).toMatch(/^crm:/);
    const [sent] = sandbox.webhookDeliveries(ACCOUNT1.id);
    expect(sent?.state).toBe('delivered');
    expect(sent?.attempts[0]?.status).toBe(202);
  });

  it('publishes a delivery RD sends twice only once', async () => {
    const url = (await ours())[0]?.url ?? '';
    const path = new URL(url).pathname;
    for (let i = 0; i < 2; i += 1) {
      const answer = await call(h.api, 'POST', path, { as: null, body: delivery() });
      expect(answer).toMatchObject({ status: 202, json: { received: true } });
    }
    expect(published.map((change) => change.id)).toEqual([
      'crm:f111b90-ec81-4353-8d52-ffd3b8df412d',
    ]);
    expect(published[0]).toMatchObject({
      at: '2026-11-26T10:00:00.000Z',
      record: { type: 'deal' },
    });
  });

  it('remembers a delivery past hundreds of others and for a day: a genuine retry is never published again', async () => {
    const path = new URL((await ours())[0]?.url ?? '').pathname;
    const send = (uuid: string) =>
      call(h.api, 'POST', path, { as: null, body: delivery({ transaction_uuid: uuid }) });
    expect((await send('retentativa-genuina')).status).toBe(202);
    for (let batch = 0; batch < 3; batch += 1)
      await Promise.all(Array.from({ length: 100 }, (_, i) => send(`outra-${batch}-${i}`)));
    expect((await send('retentativa-genuina')).status).toBe(202);
    // RD's queue re-sends later, at a time it does not document: still the same delivery.
    ahead = 23 * 60 * 60_000;
    try {
      expect((await send('retentativa-genuina')).status).toBe(202);
    } finally {
      ahead = 0;
    }
    expect(published.filter((change) => change.id === 'crm:retentativa-genuina')).toHaveLength(1);
    expect(published).toHaveLength(1 + 300);
  });

  it('takes only bounded ids and small bodies, and never writes the receiver’s token in a log line', async () => {
    const url = (await ours())[0]?.url ?? '';
    const path = new URL(url).pathname;
    const token = path.split('/').pop() ?? '';
    expect(token).toHaveLength(43);
    const huge = await call(h.api, 'POST', path, {
      as: null,
      body: delivery({ document: { id: 'x'.repeat(200 * 1024) } }),
    });
    expect(huge).toMatchObject({
      status: 413,
      json: { message: 'O corpo da requisição é grande demais.' },
    });
    const longId = await call(h.api, 'POST', path, {
      as: null,
      body: delivery({ document: { id: 'x'.repeat(65) } }),
    });
    expect(longId.status).toBe(400);
    const longDeal = await call(h.api, 'POST', path, {
      as: null,
      body: delivery({
        event_name: 'crm_task_updated',
        document: { id: 't-1', deal_id: 'd'.repeat(65) },
      }),
    });
    expect(longDeal.status).toBe(400);
    expect((await call(h.api, 'POST', path, { as: null, body: delivery() })).status).toBe(202);
    expect(published).toHaveLength(1);
    // Every published change is ids only: a few hundred bytes.
    expect(Buffer.byteLength(JSON.stringify(published[0]))).toBeLessThan(1024);
    const logs = h.logs.join('\n');
    expect(logs).toContain('/api/webhooks/rdstation/[Redacted]');
    expect(logs).not.toContain(token);
  });

  it('maps tasks to their deal and contacts to themselves; ignores events the panel does not show', async () => {
    const path = new URL((await ours())[0]?.url ?? '').pathname;
    const send = (body: unknown) => call(h.api, 'POST', path, { as: null, body });
    await send(
      delivery({
        event_name: 'crm_task_updated',
        document: { id: 'task-9', deal_id: 'deal-3' },
        transaction_uuid: 't1',
      }),
    );
    await send(
      delivery({
        event_name: 'crm_contact_updated',
        document: { id: 'c-4' },
        transaction_uuid: 't2',
      }),
    );
    expect(
      (await send(delivery({ event_name: 'crm_source_updated', transaction_uuid: 't3' }))).status,
    ).toBe(202);
    expect(published.map((change) => change.record)).toEqual([
      { type: 'task', id: 'task-9', dealId: 'deal-3', contactId: null },
      { type: 'contact', id: 'c-4', dealId: null, contactId: 'c-4' },
    ]);
  });

  it("drops the CRM's echo of a panel write to the same record, and only within 10 s", async () => {
    const path = new URL((await ours())[0]?.url ?? '').pathname;
    const dealId = ACCOUNT1.deals.implantacao.id;
    const panelWrite: RecordChange = {
      id: 'p1',
      systemKey: alice.systemKey,
      origin: 'panel',
      actor: { userId: 'alice', verified: true, name: 'Alice', crmUserId: null },
      attendanceId: null,
      chatId: null,
      record: { type: 'dealProduct', id: 'dp-1', dealId, contactId: null },
      action: 'updated',
      fields: [],
      at: new Date().toISOString(),
    };
    h.api.changes.publish(panelWrite);
    await call(h.api, 'POST', path, { as: null, body: delivery({ transaction_uuid: 'e1' }) });
    ahead += 10_001;
    await call(h.api, 'POST', path, { as: null, body: delivery({ transaction_uuid: 'e2' }) });
    expect(published.map((change) => change.id)).toEqual(['p1', 'crm:e2']);
  });

  it('an echo is the signal with the updated_at the CRM answered the write with, once: a CRM change of the record within 10 s goes through', async () => {
    const path = new URL((await ours())[0]?.url ?? '').pathname;
    const dealId = ACCOUNT1.deals.implantacao.id;
    h.api.changes.publish({
      id: 'p2',
      systemKey: alice.systemKey,
      origin: 'panel',
      actor: { userId: 'alice', verified: true, name: 'Alice', crmUserId: null },
      attendanceId: null,
      chatId: null,
      record: { type: 'deal', id: dealId, dealId, contactId: null },
      action: 'updated',
      fields: [{ field: 'stage_id', before: 'etapa-1', after: 'etapa-2' }],
      crmUpdatedAt: '2026-11-26T10:00:00.000Z',
      at: new Date().toISOString(),
    });
    const as = (uuid: string, updatedAt: string) =>
      call(h.api, 'POST', path, {
        as: null,
        body: delivery({ transaction_uuid: uuid, document: { id: dealId, updated_at: updatedAt } }),
      });
    // Someone changes it in the CRM before the echo arrives: another updated_at, published.
    await as('someone', '2026-11-26T10:00:01.500Z');
    await as('echo', '2026-11-26T10:00:00.000Z');
    // The echo was seen: the same stamp again is not expected any more.
    await as('again', '2026-11-26T10:00:00.000Z');
    expect(published.map((change) => change.id)).toEqual(['p2', 'crm:someone', 'crm:again']);
  });

  it('refuses a delivery without the tenant’s secret (refusal)', async () => {
    const wrong = await call(h.api, 'POST', `/api/webhooks/rdstation/${'A'.repeat(43)}`, {
      as: null,
      body: delivery(),
    });
    expect(wrong).toMatchObject({
      status: 404,
      json: { message: 'Receptor de webhooks desconhecido.' },
    });
    const malformed = await call(h.api, 'POST', '/api/webhooks/rdstation/curto', {
      as: null,
      body: delivery(),
    });
    expect(malformed.status).toBe(400);
    const missing = await call(h.api, 'POST', '/api/webhooks/rdstation/', {
      as: null,
      body: delivery(),
    });
    expect(missing.status).toBe(400);
    const path = new URL((await ours())[0]?.url ?? '').pathname;
    const notAnEnvelope = await call(h.api, 'POST', path, { as: null, body: { hello: 'world' } });
    expect(notAnEnvelope.status).toBe(400);
    expect(published).toEqual([]);
  });

  it('a tenant’s receiver publishes to that tenant only', async () => {
    await configure(h.api, beatriz);
    await login(h, beatriz);
    const hooks = await ours();
    const urls = [...new Set(hooks.map((hook) => hook.url))];
    expect(urls).toHaveLength(2);
    for (const [index, url] of urls.entries())
      await call(h.api, 'POST', new URL(url).pathname, {
        as: null,
        body: delivery({ transaction_uuid: `x${index}` }),
      });
    expect(published.map((change) => change.systemKey).sort()).toEqual(
      [alice.systemKey, beatriz.systemKey].sort(),
    );
  });

  it('removes the registrations with the integration; the old URL is refused from then on', async () => {
    const path = new URL((await ours())[0]?.url ?? '').pathname;
    const removed = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: SECURITY_PASSWORD },
    });
    expect(removed.status).toBe(200);
    expect(await ours()).toEqual([]);
    const late = await call(h.api, 'POST', path, { as: null, body: delivery() });
    expect(late.status).toBe(404);
    expect(published).toEqual([]);
  });

  it('takes RD’s upper-case event names and -03:00 times (the sandbox’s strict defaults)', async () => {
    await sandbox.change({
      account: ACCOUNT1.id,
      resource: 'deals',
      id: ACCOUNT1.deals.implantacao.id,
      data: { rating: 5 },
    });
    await sandbox.webhooksSettled();
    const [sent] = sandbox.webhookDeliveries(ACCOUNT1.id);
    expect(sent?.payload.event_name).toBe('CRM_DEAL_UPDATED');
    expect(JSON.stringify(sent?.payload.document)).toMatch(/"updated_at":"[^"]+-03:00"/);
    expect(published.map((change) => [change.origin, change.record.type])).toEqual([
      ['crm', 'deal'],
    ]);
    // The api's log says each delivery's event as RD wrote it (the README's confirmation).
    const received = h.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'aviso do RD Station CRM recebido');
    expect(received.at(-1)).toMatchObject({
      systemKey: alice.systemKey,
      event: 'CRM_DEAL_UPDATED',
      duplicate: false,
    });
  });

  it('says in the credentials status that live updates are on', async () => {
    const status = await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice });
    expect(status.json).toMatchObject({
      configured: true,
      liveUpdates: {
        on: true,
        reason: null,
        message: 'Atualizações ao vivo do RD Station CRM: ligadas.',
        action: '',
      },
    });
  });

  it('makes a webhook RD suspended again at the next sign-in', async () => {
    const before = await ours();
    expect(sandbox.suspendWebhooks(ACCOUNT1.id, apiUrl)).toBe(CRM_WEBHOOK_EVENTS.length);
    await login(h, { ...alice, userId: 'arthur' }, ACCOUNT1.users.ana.email);
    const after = await ours();
    expect(after.map((hook) => [hook.event_name, hook.status]).sort()).toEqual(
      [...CRM_WEBHOOK_EVENTS].sort().map((event) => [event, 'active']),
    );
    expect(after.some((hook) => before.some((old) => old.id === hook.id))).toBe(false);
  });

  it('checks every tenant’s webhooks at start-up and makes suspended ones again', async () => {
    sandbox.suspendWebhooks(ACCOUNT1.id, apiUrl);
    await h.api.close();
    // The same api on the same store, started again (its configuration as in beforeAll).
    await h.restart();
    await h.api.listen({ port, host: '127.0.0.1' });
    h.api.changes.subscribe((change) => published.push(change));
    const deadline = Date.now() + 5_000;
    let hooks = await ours();
    const settled = () =>
      hooks.length === CRM_WEBHOOK_EVENTS.length && hooks.every((hook) => hook.status === 'active');
    while (!settled() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      hooks = await ours();
    }
    expect(hooks.map((hook) => hook.status)).toEqual(CRM_WEBHOOK_EVENTS.map(() => 'active'));
    expect(h.logs.join('')).toContain('webhooks do CRM recriados');

    // Made again, but RD suspended them because deliveries failed: the manager warns, with the
    // address to check, until a delivery arrives.
    const liveUpdates = async () =>
      (await call(h.api, 'GET', '/api/rdstation/credentials/status', { as: alice })).json
        .liveUpdates as { on: boolean; reason: string | null; message: string; action: string };
    let state = await liveUpdates();
    while (state.reason !== 'suspended_recreated' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await liveUpdates();
    }
    expect(state).toMatchObject({ on: false, reason: 'suspended_recreated' });
    expect(state.message).toMatch(
      /^Atualizações ao vivo do RD Station CRM: sem confirmação\. O RD Station CRM suspendeu os avisos \(webhooks\) porque as entregas a este servidor falhavam; o painel os recriou em \d\d\/\d\d\/\d{4} \d\d:\d\d, e nenhuma entrega chegou desde então\.$/,
    );
    expect(state.action).toBe(
      `Confira se ${apiUrl}/api/webhooks/rdstation/… está acessível pela internet e responde 2xx em até 5 s. Este alerta some quando a próxima entrega chegar (por exemplo, ao alterar uma negociação no RD Station CRM).`,
    );
    await sandbox.change({
      account: ACCOUNT1.id,
      resource: 'deals',
      id: ACCOUNT1.deals.implantacao.id,
      data: { rating: 3 },
    });
    await sandbox.webhooksSettled();
    expect(await liveUpdates()).toMatchObject({
      on: true,
      reason: null,
      message: 'Atualizações ao vivo do RD Station CRM: ligadas.',
    });
  });
});

describe('the receiver’s rate per tenant', () => {
  it('takes at most webhookDeliveriesPerMinute a minute, then 429 with Retry-After (RD re-sends)', async () => {
    const port = await freePort();
    const limited = await startHarness({
      sharedSandbox: sandbox,
      api: {
        publicUrl: `http://127.0.0.1:${port}`,
        live: { crmWebhooks: true, webhookEchoSettleMs: 0, webhookDeliveriesPerMinute: 5 },
      },
    });
    try {
      const { alice: someone } = freshPeople();
      await configure(limited.api, someone);
      await login(limited, someone);
      const tokens = sandbox.issueTokens(ACCOUNT1.clientId, ACCOUNT1.users.ana.email);
      const listed = (await (
        await fetch(`${sandbox.url}/crm/v2/webhooks?page[size]=100`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        })
      ).json()) as { data: CrmWebhook[] };
      const url = listed.data.find((hook) => hook.url.startsWith(`http://127.0.0.1:${port}/`))?.url;
      const path = new URL(url ?? '').pathname;
      const answers = [];
      for (let i = 0; i < 7; i += 1)
        answers.push(
          await call(limited.api, 'POST', path, {
            as: null,
            body: delivery({ transaction_uuid: `limite-${i}` }),
          }),
        );
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202, 429, 429]);
      expect(answers[5]?.json.message).toBe(
        'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.',
      );
      expect(Number(answers[5]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('the health answer', () => {
  it('counts the configured tenants per state, names none, and says when some are off', async () => {
    const port = await freePort();
    const own = await startHarness({
      sharedSandbox: sandbox,
      api: {
        publicUrl: `http://127.0.0.1:${port}`,
        live: { crmWebhooks: true, webhookRecheckMs: 0, webhookEchoSettleMs: 0 },
      },
    });
    try {
      await own.api.listen({ port, host: '127.0.0.1' });
      const health = async () =>
        (await own.api.inject({ method: 'GET', url: '/api/health' })).json();
      const counts = (given: Record<string, number>) => ({
        on: 0,
        disabled: 0,
        public_url: 0,
        not_registered: 0,
        sign_in_needed: 0,
        refused: 0,
        unavailable: 0,
        suspended: 0,
        suspended_recreated: 0,
        ...given,
      });
      // No tenant yet: nothing is on.
      expect(await health()).toEqual({
        status: 'ok',
        crmLiveUpdates: {
          on: false,
          reason: 'not_registered',
          message: 'Atualizações ao vivo do RD Station CRM: aguardando o primeiro login no CRM.',
          action: 'Faça login no RD Station CRM pelo painel para ligá-las.',
          degraded: false,
          tenants: counts({}),
        },
      });
      const { alice: first, beatriz: second } = freshPeople();
      const { alice: third } = freshPeople();
      for (const someone of [first, second, third]) await configure(own.api, someone);
      await login(own, first);
      await login(own, second);
      // RD suspends both tenants' webhooks; the first one's next sign-in finds it and makes them
      // again (the second's last check, before the suspension, still says on).
      expect(sandbox.suspendWebhooks(ACCOUNT1.id, `http://127.0.0.1:${port}/`)).toBe(
        2 * CRM_WEBHOOK_EVENTS.length,
      );
      await login(own, first);
      const body = await health();
      expect(body.crmLiveUpdates).toEqual({
        on: true,
        reason: null,
        message: 'Atualizações ao vivo do RD Station CRM: ligadas em 1 de 3 empresas.',
        action: 'Cada empresa vê no gerenciador de credenciais por que as suas estão desligadas.',
        degraded: true,
        tenants: counts({ on: 1, suspended_recreated: 1, not_registered: 1 }),
      });
      const text = JSON.stringify(body);
      for (const someone of [first, second, third]) expect(text).not.toContain(someone.systemKey);
      expect(text).not.toContain(`127.0.0.1:${port}`);
    } finally {
      await own.close();
    }
  });

  it('against a CRM not on this machine, an http API_PUBLIC_URL registers nothing, outside production too', async () => {
    const own = await startHarness({
      sharedSandbox: sandbox,
      api: {
        mode: 'development',
        publicUrl: 'http://127.0.0.1:3333',
        live: { crmWebhooks: true },
        crm: { baseUrl: 'https://api.rd.services/crm/v2' },
      },
    });
    try {
      const { alice: someone } = freshPeople();
      await configure(own.api, someone);
      expect((await own.api.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
        crmLiveUpdates: {
          on: false,
          reason: 'public_url',
          message:
            'Atualizações ao vivo do RD Station CRM: desligadas. O endereço público do servidor do painel não é um endereço https acessível pela internet, e o RD Station CRM só envia avisos para endereços assim.',
          action:
            'Peça ao responsável pelo servidor para configurar API_PUBLIC_URL com o endereço https público do painel e reiniciá-lo.',
          degraded: false,
          tenants: null,
        },
      });
      const status = await call(own.api, 'GET', '/api/rdstation/credentials/status', {
        as: someone,
      });
      expect(status.json.liveUpdates).toMatchObject({
        on: false,
        reason: 'public_url',
        message: expect.stringContaining('(API_PUBLIC_URL: http://127.0.0.1:3333)'),
      });
      expect(own.logs.join('\n')).toContain('API_PUBLIC_URL não é um endereço https público');
      expect(own.calls.filter((c) => c.url.includes('/webhooks'))).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
