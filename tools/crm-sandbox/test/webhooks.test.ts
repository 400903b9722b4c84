import { type RunningSandbox } from '@crm-sandbox/index';
import {
  type CrmClient,
  type DealJson,
  type Receiver,
  type Row,
  crmClient,
  send,
  startReceiver,
  startWithClient,
  WELL_KNOWN,
} from './helpers';

const A = WELL_KNOWN.account1;
const B = WELL_KNOWN.account2;
let sandbox: RunningSandbox;
let crm: CrmClient;
let receiver: Receiver;
const now = Date.parse('2025-03-10T12:00:00.000Z');

beforeAll(async () => {
  ({ sandbox } = await startWithClient({ now: () => now, knobs: { webhookBackoffMs: 5 } }));
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.close();
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
  receiver.calls.length = 0;
  receiver.answer(() => ({ status: 200 }));
  crm = crmClient(sandbox, sandbox.issueTokens(A.clientId, A.users.ana.email).access_token);
});

type HookJson = {
  id: string;
  name: string;
  event_name: string;
  http_method: string;
  url: string;
  status: string;
};

async function subscribe(event: string, url = receiver.url, client = crm): Promise<HookJson> {
  const { status, body } = await client.post<HookJson>('/webhooks', {
    name: `Painel ${event}`,
    event_name: event,
    http_method: 'POST',
    url,
  });
  expect(status).toBe(201);
  return body.data;
}

const admin = (path: string, method = 'GET', body?: unknown) =>
  send<Record<string, unknown>>(`${sandbox.url}/__admin${path}`, { method, body });

describe('/crm/v2/webhooks', () => {
  it('creates, reads, lists, updates and deletes webhooks with the documented fields', async () => {
    const hook = await subscribe('crm_deal_updated');
    expect(hook).toEqual({
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      name: 'Painel crm_deal_updated',
      event_name: 'crm_deal_updated',
      http_method: 'POST',
      url: receiver.url,
      status: 'active',
      created_at: '2025-03-10T12:00:00.000Z',
      updated_at: '2025-03-10T12:00:00.000Z',
    });
    expect((await crm.get<HookJson>(`/webhooks/${hook.id}`)).body.data).toEqual(hook);
    const list = await crm.get<HookJson[]>('/webhooks');
    expect(list.body.data).toEqual([hook]);
    expect(Object.keys(list.body.links)).toEqual(['first', 'prev', 'self', 'next', 'last']);
    const updated = await crm.put<HookJson>(`/webhooks/${hook.id}`, { status: 'inactive' });
    expect(updated.body.data).toEqual({ ...hook, status: 'inactive' });
    const removed = await crm.delete(`/webhooks/${hook.id}`);
    expect(removed.status).toBe(204);
    expect((await crm.get(`/webhooks/${hook.id}`)).status).toBe(404);
    expect((await crm.delete(`/webhooks/${hook.id}`)).status).toBe(404);
  });

  it('checks the body: every field to create, the enums, https (http only on loopback)', async () => {
    const missing = await crm.post('/webhooks', { status: 'suspended', secret: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error) => [error.source?.pointer, error.detail])).toEqual([
      [
        '/data/secret',
        'secret is not a field of webhook; writable fields: name, event_name, http_method, url, status',
      ],
      ['/data/name', 'name is required'],
      ['/data/event_name', 'event_name is required'],
      ['/data/http_method', 'http_method is required'],
      ['/data/url', 'url is required'],
      ['/data/status', 'status must be one of: active, inactive'],
    ]);
    const wrong = await crm.post('/webhooks', {
      name: 'x',
      event_name: 'crm_note_created',
      http_method: 'GET',
      url: 'http://painel.example.com/hooks',
    });
    expect(wrong.body.errors.map((error) => error.source?.pointer)).toEqual([
      '/data/event_name',
      '/data/http_method',
      '/data/url',
    ]);
    expect(wrong.body.errors[2]?.detail).toBe(
      "'http://painel.example.com/hooks' must use https (http only on 127.0.0.1, localhost or [::1])",
    );
  });

  it('keeps webhooks per account', async () => {
    const hook = await subscribe('crm_deal_updated');
    const beta = crmClient(
      sandbox,
      sandbox.issueTokens(B.clientId, B.users.renata.email).access_token,
    );
    expect((await beta.get(`/webhooks/${hook.id}`)).status).toBe(404);
    expect((await beta.get('/webhooks')).body.data).toEqual([]);
    await beta.put(`/deals/${B.deal.id}`, { rating: 2 });
    await sandbox.webhooksSettled();
    expect(receiver.calls).toEqual([]);
  });
});

describe('deliveries', () => {
  it('POSTs the documented envelope with the deal in its webhook shape after an API write', async () => {
    await subscribe('crm_deal_updated');
    await subscribe('crm_contact_updated');
    const deal = (
      await crm.put<DealJson>(`/deals/${A.deals.implantacao.id}`, {
        rating: 2,
        lost_reason_id: null,
      })
    ).body.data;
    await sandbox.webhooksSettled();
    expect(receiver.calls).toHaveLength(1);
    const [call] = receiver.calls;
    expect(call?.method).toBe('POST');
    expect(call?.contentType).toBe('application/json');
    expect(Object.keys(call?.body ?? {})).toEqual([
      'event_name',
      'document',
      'event_timestamp',
      'transaction_uuid',
    ]);
    expect(call?.body).toMatchObject({
      // Strict: the event in upper case, as the payload page's field table writes it.
      event_name: 'CRM_DEAL_UPDATED',
      event_timestamp: '2025-03-10T12:00:00.000Z',
      transaction_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const document = call?.body.document as Row;
    expect(Object.keys(document)).toEqual([
      'id',
      'name',
      'amount_monthly',
      'amount_unique',
      'amount_total',
      'prediction_date',
      'created_at',
      'updated_at',
      'rating',
      'status',
      'closed_at',
      'user',
      'deal_stage',
      'deal_pipeline',
      'deal_source',
      'campaign',
      'deal_lost_reason',
      'deal_custom_fields',
      'deal_products',
    ]);
    expect(document).toMatchObject({
      id: deal.id,
      name: deal.name,
      amount_monthly: deal.recurrence_price,
      amount_unique: deal.one_time_price,
      amount_total: deal.total_price,
      prediction_date: deal.expected_close_date,
      rating: 2,
      user: { id: A.users.ana.id, name: A.users.ana.name, email: A.users.ana.email },
      deal_stage: { id: deal.stage_id, name: 'Proposta enviada', nickname: 'PE' },
      deal_pipeline: { id: A.pipelines.vendas.id, name: A.pipelines.vendas.name },
      deal_lost_reason: {},
    });
    // Strict: the document's times at RD's sample offset; the same instant as the API's `Z`.
    expect(document.updated_at).toBe('2025-03-10T09:00:00.000-03:00');
    expect(Date.parse(String(document.updated_at))).toBe(Date.parse(String(deal.updated_at)));
    expect(document.deal_custom_fields).toContainEqual({
      value: 'ORC-2025-00123',
      custom_field: expect.objectContaining({ id: A.customFields.orcamentoErp.id, type: 'text' }),
    });
    expect(document.deal_products).toHaveLength(3);
  });

  it('fires created events with the v2 shape of contacts, organisations and tasks', async () => {
    // The other reading of the payload page: lower-case events, documents in the API's UTC.
    sandbox.setKnobs({ webhookEventCase: 'lower', webhookTimeOffset: 'Z' });
    for (const event of ['crm_contact_created', 'crm_organization_created', 'crm_task_created'])
      await subscribe(event);
    const contact = await crm.post<Row>('/contacts', { name: 'Paulo Teixeira' });
    const organization = await crm.post<Row>('/organizations', { name: 'Teixeira Ltda' });
    const task = await crm.post<Row>('/tasks', {
      name: 'Ligar',
      type: 'call',
      due_date: '2025-03-11T13:00:00Z',
      deal_id: A.deals.implantacao.id,
      owner_ids: [A.users.ana.id],
    });
    await sandbox.webhooksSettled();
    // Deliveries run side by side: they may arrive in any order.
    const received = receiver.calls
      .map((call) => [String(call.body.event_name), call.body.document] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    expect(received).toEqual([
      ['crm_contact_created', contact.body.data],
      ['crm_organization_created', organization.body.data],
      ['crm_task_created', task.body.data],
    ]);
  });

  it('a deal product change reports the deal as updated; inactive webhooks hear nothing', async () => {
    const hook = await subscribe('crm_deal_updated');
    const silent = await subscribe('crm_deal_updated');
    await crm.put(`/webhooks/${silent.id}`, { status: 'inactive' });
    await crm.post(`/deals/${A.deals.treinamento.id}/products`, {
      product_id: A.products.suporte.id,
      price: 10,
      quantity: 1,
    });
    await sandbox.webhooksSettled();
    expect(receiver.calls).toHaveLength(1);
    expect((receiver.calls[0]?.body.document as Row).id).toBe(A.deals.treinamento.id);
    expect(sandbox.webhookDeliveries().map((delivery) => delivery.webhook_id)).toEqual([hook.id]);
  });

  it('retries a non-2xx answer with backoff, keeping the transaction_uuid, until a 2xx', async () => {
    await subscribe('crm_deal_updated');
    let count = 0;
    receiver.answer(() => ({ status: (count += 1) <= 2 ? 500 : 204 }));
    await crm.put(`/deals/${A.deals.implantacao.id}`, { rating: 1 });
    await sandbox.webhooksSettled();
    expect(receiver.calls).toHaveLength(3);
    expect(new Set(receiver.calls.map((call) => call.body.transaction_uuid)).size).toBe(1);
    const [delivery] = sandbox.webhookDeliveries(A.id);
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((attempt) => [attempt.status, attempt.error])).toEqual([
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [204, null],
    ]);
  });

  it('gives up after 5 retries (6 tries); a slow endpoint counts as a failure', async () => {
    sandbox.setKnobs({ webhookTimeoutMs: 50 });
    await subscribe('crm_deal_updated');
    receiver.answer(() => ({ status: 200, delayMs: 200 }));
    await crm.put(`/deals/${A.deals.implantacao.id}`, { rating: 1 });
    await sandbox.webhooksSettled();
    // The endpoint saw every try: duplicates, as RD warns.
    expect(receiver.calls).toHaveLength(6);
    const [delivery] = sandbox.webhookDeliveries();
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts).toHaveLength(6);
    expect(delivery?.attempts[0]).toMatchObject({ status: null, error: 'No answer within 50 ms' });
  });

  it('does not call URLs off this machine', async () => {
    await subscribe('crm_deal_updated', 'https://painel.example.com/hooks');
    await crm.put(`/deals/${A.deals.implantacao.id}`, { rating: 1 });
    await sandbox.webhooksSettled();
    expect(sandbox.webhookDeliveries()).toEqual([
      expect.objectContaining({
        state: 'skipped',
        attempts: [],
        note: 'The sandbox calls only loopback URLs (127.0.0.1, localhost, [::1])',
      }),
    ]);
  });

  it('GET /__admin/webhook-deliveries lists deliveries, per account; reset forgets them', async () => {
    await subscribe('crm_deal_updated');
    await crm.put(`/deals/${A.deals.implantacao.id}`, { rating: 1 });
    await sandbox.webhooksSettled();
    const all = await admin('/webhook-deliveries');
    expect(all.body.deliveries).toEqual([
      expect.objectContaining({
        account_id: A.id,
        url: receiver.url,
        event_name: 'crm_deal_updated',
        state: 'delivered',
      }),
    ]);
    expect((await admin(`/webhook-deliveries?account=${B.id}`)).body.deliveries).toEqual([]);
    sandbox.reset();
    expect((await admin('/webhook-deliveries')).body.deliveries).toEqual([]);
  });
});

describe('POST /__admin/change: a change in the CRM itself', () => {
  it('updates a record and fires its webhook', async () => {
    await subscribe('crm_deal_updated');
    const changed = await admin('/change', 'POST', {
      account: A.id,
      resource: 'deals',
      id: A.deals.implantacao.id,
      data: { name: 'Implantação CRM - renomeada' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      data: { id: A.deals.implantacao.id, name: 'Implantação CRM - renomeada' },
      events: ['crm_deal_updated'],
    });
    expect((await crm.get<DealJson>(`/deals/${A.deals.implantacao.id}`)).body.data.name).toBe(
      'Implantação CRM - renomeada',
    );
    await sandbox.webhooksSettled();
    expect((receiver.calls[0]?.body.document as Row).name).toBe('Implantação CRM - renomeada');
  });

  it('creates and deletes; a deleted record is { id, name }', async () => {
    await subscribe('crm_product_created');
    await subscribe('crm_organization_deleted');
    const product = sandbox.change({
      account: A.id,
      resource: 'products',
      data: { name: 'Consultoria extra', price: 500 },
    });
    expect(product.events).toEqual(['crm_product_created']);
    const removed = await admin('/change', 'POST', {
      account: A.id,
      resource: 'organizations',
      id: A.organization.id,
      delete: true,
    });
    expect(removed.body).toEqual({
      deleted: { id: A.organization.id, name: A.organization.name },
      events: ['crm_organization_deleted'],
    });
    await sandbox.webhooksSettled();
    expect(receiver.calls.map((call) => call.body.event_name).sort()).toEqual([
      'CRM_ORGANIZATION_DELETED',
      'CRM_PRODUCT_CREATED',
    ]);
    const deleted = receiver.calls.find(
      (call) => call.body.event_name === 'CRM_ORGANIZATION_DELETED',
    );
    expect(deleted?.body.document).toEqual({ id: A.organization.id, name: A.organization.name });
    expect((await crm.get(`/organizations/${A.organization.id}`)).status).toBe(404);
    expect((await crm.get<Row>(`/contacts/${A.contact.id}`)).body.data.organization_id).toBeNull();
  });

  it('suspends an endpoint as RD does: it hears nothing more and the list says suspended', async () => {
    const hook = await subscribe('crm_deal_updated');
    const other = await subscribe('crm_deal_updated', 'http://127.0.0.1:9/outro');
    const answer = await admin('/webhooks/suspend', 'POST', {
      account: A.id,
      url_prefix: receiver.url,
    });
    expect(answer.body).toEqual({ suspended: 1 });
    expect((await crm.get<HookJson>(`/webhooks/${hook.id}`)).body.data.status).toBe('suspended');
    expect((await crm.get<HookJson>(`/webhooks/${other.id}`)).body.data.status).toBe('active');
    await crm.put(`/deals/${A.deals.implantacao.id}`, { rating: 1 });
    await sandbox.webhooksSettled();
    expect(receiver.calls).toEqual([]);
    expect((await admin('/webhooks/suspend', 'POST', {})).status).toBe(400);
  });

  it('refuses to write the status of a suspended webhook: it is deleted and made again', async () => {
    const hook = await subscribe('crm_deal_updated');
    await admin('/webhooks/suspend', 'POST', { account: A.id, url_prefix: receiver.url });
    const answer = await crm.put(`/webhooks/${hook.id}`, { status: 'active' });
    expect(answer.status).toBe(422);
    expect((await crm.get<HookJson>(`/webhooks/${hook.id}`)).body.data.status).toBe('suspended');
    // Its other fields may still be written; it stays suspended.
    expect((await crm.put(`/webhooks/${hook.id}`, { name: 'Renomeado' })).status).toBe(200);
    expect((await crm.get<HookJson>(`/webhooks/${hook.id}`)).body.data.status).toBe('suspended');
  });

  it('suspends by itself a webhook whose deliveries keep failing, as RD does (webhookSuspendAfterFailures)', async () => {
    expect(sandbox.getKnobs().webhookSuspendAfterFailures).toBe(3);
    sandbox.setKnobs({ webhookSuspendAfterFailures: 2 });
    const hook = await subscribe('crm_deal_updated');
    const change = async (rating: number) => {
      await crm.put(`/deals/${A.deals.implantacao.id}`, { rating });
      await sandbox.webhooksSettled();
    };
    const status = async () => (await crm.get<HookJson>(`/webhooks/${hook.id}`)).body.data.status;
    // Failed for good, then one that arrives: the count starts again.
    receiver.answer(() => ({ status: 500 }));
    await change(1);
    receiver.answer(() => ({ status: 200 }));
    await change(2);
    receiver.answer(() => ({ status: 500 }));
    await change(3);
    expect(await status()).toBe('active');
    // Twice in a row: suspended, and it hears nothing more.
    await change(4);
    expect(await status()).toBe('suspended');
    const heard = receiver.calls.length;
    expect(heard).toBe(4 * 6 - 5);
    await change(5);
    expect(receiver.calls).toHaveLength(heard);
    const deliveries = (await admin(`/webhook-deliveries?account=${A.id}`)).body.deliveries as {
      state: string;
    }[];
    expect(deliveries.map((delivery) => delivery.state)).toEqual([
      'failed',
      'delivered',
      'failed',
      'failed',
    ]);
  });

  it('answers 400 with a message for a bad change', async () => {
    for (const [body, message] of [
      [{ account: 'nope', resource: 'deals', data: {} }, "Unknown account 'nope'"],
      [{ account: A.id, resource: 'notes', data: {} }, "Unknown resource 'notes'"],
      [
        { account: A.id, resource: 'deals', id: 'nope', data: { rating: 1 } },
        "Deal 'nope' not found",
      ],
      [{ account: A.id, resource: 'contacts', data: { name: '' } }, 'name is required'],
      [{ resource: 'deals' }, 'Body must be'],
    ] as const) {
      const answer = await admin('/change', 'POST', body);
      expect(answer.status).toBe(400);
      expect(String(answer.body.message)).toContain(message);
    }
  });
});
