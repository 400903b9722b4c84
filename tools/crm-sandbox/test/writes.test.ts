import { type RunningSandbox } from '@crm-sandbox/index';
import {
  type ContactJson,
  type CrmClient,
  type DealJson,
  type DealProductJson,
  type NoteJson,
  type TaskJson,
  crmClient,
  startWithClient,
  WELL_KNOWN,
} from './helpers';

const A = WELL_KNOWN.account1;
const vendas = A.pipelines.vendas;
let sandbox: RunningSandbox;
let crm: CrmClient;
let now = Date.parse('2025-03-10T12:00:00.000Z');

beforeAll(async () => {
  ({ sandbox, crm } = await startWithClient({ now: () => now }));
});

afterAll(async () => {
  await sandbox.close();
});

const START = Date.parse('2025-03-10T12:00:00.000Z');

beforeEach(() => {
  now = START;
  // reset() drops tokens too, so each test signs in again.
  sandbox.reset();
  crm = crmFor(A.users.ana.email);
});

function crmFor(email: string): CrmClient {
  return crmClient(sandbox, sandbox.issueTokens(A.clientId, email).access_token);
}

const pointers = (errors: { source?: { pointer?: string } }[]) =>
  errors.map((error) => error.source?.pointer);

/** One item of a 422's `errors`, pointing at `field` of the body. */
const unprocessable = (field: string, detail: string, code = 'INVALID_FIELD') => ({
  status: '422',
  code,
  title: 'Unprocessable Entity',
  detail,
  source: { pointer: `/data/${field}` },
});

describe('deals', () => {
  it('creates an ongoing deal with defaults, 201', async () => {
    const { status, body } = await crm.post<DealJson>('/deals', {
      name: 'Nova venda',
      pipeline_id: vendas.id,
      stage_id: vendas.stages[0].id,
      owner_id: A.users.bruno.id,
      custom_fields: { segmento: 'Saúde', canais_interesse: ['WhatsApp'] },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      name: 'Nova venda',
      status: 'ongoing',
      rating: 0,
      total_price: 0,
      contact_ids: [],
      closed_at: null,
      lost_reason_id: null,
      custom_fields: { segmento: 'Saúde', canais_interesse: ['WhatsApp'] },
      created_at: '2025-03-10T12:00:00.000Z',
    });
    const read = await crm.get<DealJson>(`/deals/${body.data.id}`);
    expect(read.body.data).toEqual(body.data);
  });

  it('lists every missing required field in one 422', async () => {
    const { status, body } = await crm.post('/deals', { rating: 9 });
    expect(status).toBe(422);
    expect(body.errors.map((error) => [error.source?.pointer, error.code, error.detail])).toEqual([
      ['/data/name', 'REQUIRED_FIELD', 'name is required'],
      ['/data/pipeline_id', 'REQUIRED_FIELD', 'pipeline_id is required'],
      ['/data/stage_id', 'REQUIRED_FIELD', 'stage_id is required'],
      ['/data/owner_id', 'REQUIRED_FIELD', 'owner_id is required'],
      ['/data/rating', 'INVALID_FIELD', 'rating must be ≤ 5'],
    ]);
  });

  it('refuses other statuses on create, stages of another pipeline, unknown ids and bad custom fields', async () => {
    const { status, body } = await crm.post('/deals', {
      name: 'X',
      pipeline_id: vendas.id,
      stage_id: A.pipelines.posVenda.stages[0].id,
      owner_id: 'nobody',
      status: 'won',
      custom_fields: { segmento: 'Espacial', inexistente: 'x' },
    });
    expect(status).toBe(422);
    expect(body.errors.map((error) => error.detail)).toEqual([
      "owner_id 'nobody' does not match any user",
      "Deals can only be created with status 'ongoing'",
      'segmento must be one of: Varejo, Indústria, Serviços, Saúde, Educação, Tecnologia',
      "Unknown custom field 'inexistente'; known slugs: id_orcamento_erp, data_prevista_implantacao, segmento, canais_interesse",
      `Stage '${A.pipelines.posVenda.stages[0].id}' does not belong to pipeline '${vendas.id}'`,
    ]);
  });

  it('PUT changes only the given fields; PATCH only with the dealPatch knob', async () => {
    const before = (await crm.get<DealJson>(`/deals/${A.deals.implantacao.id}`)).body.data;
    now += 60_000;
    const { status, body } = await crm.put<DealJson>(`/deals/${A.deals.implantacao.id}`, {
      rating: 2,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ ...before, rating: 2, updated_at: '2025-03-10T12:01:00.000Z' });
    const refused = await crm.patch(`/deals/${A.deals.implantacao.id}`, { rating: 3 });
    expect(refused.status).toBe(404);
    expect(refused.body.errors[0]?.detail).toBe(
      `No route PATCH /crm/v2/deals/${A.deals.implantacao.id}`,
    );
    sandbox.setKnobs({ dealPatch: true });
    const patched = await crm.patch<DealJson>(`/deals/${A.deals.implantacao.id}`, {
      owner_id: A.users.camila.id,
      custom_fields: { segmento: 'Serviços' },
    });
    expect(patched.body.data.owner_id).toBe(A.users.camila.id);
    expect(patched.body.data.custom_fields).toEqual({
      ...before.custom_fields,
      segmento: 'Serviços',
    });
    expect(patched.body.data.rating).toBe(2);
  });

  it('moves to another pipeline only with a stage of it named (strict)', async () => {
    const deal = `/deals/${A.deals.implantacao.id}`;
    const before = (await crm.get<DealJson>(deal)).body.data;
    const parcerias = A.pipelines.parcerias;
    for (const body of [
      { pipeline_id: parcerias.id, stage_id: null },
      { pipeline_id: parcerias.id },
    ]) {
      const refused = await crm.put(deal, body);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([
        unprocessable(
          'stage_id',
          'stage_id' in body
            ? 'stage_id cannot be null: a deal always occupies a stage; name one of the new pipeline'
            : `stage_id is required when the deal moves to pipeline '${parcerias.id}'`,
          'REQUIRED_FIELD',
        ),
      ]);
    }
    expect((await crm.get<DealJson>(deal)).body.data).toEqual(before);
    const moved = await crm.put<DealJson>(deal, {
      pipeline_id: parcerias.id,
      stage_id: parcerias.stages[1].id,
    });
    expect(moved.body.data).toMatchObject({
      pipeline_id: parcerias.id,
      stage_id: parcerias.stages[1].id,
    });
    const wrong = await crm.put(deal, { stage_id: vendas.stages[1].id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]?.detail).toBe(
      `Stage '${vendas.stages[1].id}' does not belong to pipeline '${parcerias.id}'`,
    );
    const nullStage = await crm.put(deal, { stage_id: null });
    expect(nullStage.status).toBe(422);
    expect(nullStage.body.errors[0]?.detail).toBe(
      'stage_id cannot be null unless the deal moves to another pipeline',
    );
  });

  it('refuses source_id null and contact_ids [] (strict), naming each field', async () => {
    const deal = `/deals/${A.deals.implantacao.id}`;
    const before = (await crm.get<DealJson>(deal)).body.data;
    const refused = await crm.put(deal, { source_id: null, contact_ids: [] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      unprocessable(
        'source_id',
        'source_id cannot be null: the reference types it as a string id and documents no way to clear it',
      ),
      unprocessable(
        'contact_ids',
        'contact_ids cannot be empty: the reference documents no way to take every contact off a deal',
      ),
    ]);
    expect((await crm.get<DealJson>(deal)).body.data).toEqual(before);
    const created = await crm.post('/deals', {
      name: 'Sem contato',
      pipeline_id: vendas.id,
      stage_id: vendas.stages[0].id,
      owner_id: A.users.ana.id,
      contact_ids: [],
    });
    expect(created.status).toBe(422);
    expect(pointers(created.body.errors)).toEqual(['/data/contact_ids']);
    // A change made in the CRM itself is held to the same reading.
    const change = { account: A.id, resource: 'deals', id: A.deals.implantacao.id };
    expect(() => sandbox.change({ ...change, data: { source_id: null } })).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );
    sandbox.setKnobs({ dealEmptyValues: true });
    expect(sandbox.change({ ...change, data: { source_id: null } }).data).toMatchObject({
      source_id: null,
    });
  });

  it('dealEmptyValues: a pipeline change lands in its first stage, null clears, [] unlinks', async () => {
    sandbox.setKnobs({ dealEmptyValues: true });
    const deal = `/deals/${A.deals.implantacao.id}`;
    const parcerias = A.pipelines.parcerias;
    const moved = await crm.put<DealJson>(deal, { pipeline_id: parcerias.id, stage_id: null });
    expect(moved.body.data).toMatchObject({
      pipeline_id: parcerias.id,
      stage_id: parcerias.stages[0].id,
    });
    const back = await crm.put<DealJson>(deal, { pipeline_id: vendas.id });
    expect(back.body.data).toMatchObject({ pipeline_id: vendas.id, stage_id: vendas.stages[0].id });
    const cleared = await crm.put<DealJson>(deal, { source_id: null, contact_ids: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ source_id: null, contact_ids: [] });
    const nullStage = await crm.put(deal, { stage_id: null });
    expect(nullStage.status).toBe(422);
  });

  it('marks won (closed_at now) and needs a lost reason to mark lost', async () => {
    const won = await crm.put<DealJson>(`/deals/${A.deals.treinamento.id}`, { status: 'won' });
    expect(won.body.data).toMatchObject({ status: 'won', closed_at: '2025-03-10T12:00:00.000Z' });
    const noReason = await crm.put(`/deals/${A.deals.implantacao.id}`, { status: 'lost' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual([
      {
        status: '422',
        code: 'REQUIRED_FIELD',
        title: 'Unprocessable Entity',
        detail: "lost_reason_id is required when status is 'lost'",
        source: { pointer: '/data/lost_reason_id' },
      },
    ]);
    const lost = await crm.put<DealJson>(`/deals/${A.deals.implantacao.id}`, {
      status: 'lost',
      lost_reason_id: A.lostReasons.concorrente.id,
    });
    expect(lost.body.data).toMatchObject({
      status: 'lost',
      lost_reason_id: A.lostReasons.concorrente.id,
    });
    const reopened = await crm.put<DealJson>(`/deals/${A.deals.implantacao.id}`, {
      status: 'ongoing',
    });
    expect(reopened.body.data).toMatchObject({
      status: 'ongoing',
      closed_at: null,
      lost_reason_id: null,
    });
  });

  it('answers 404 for unknown deals and 400 for a body without data', async () => {
    const missing = await crm.get('/deals/65a1b2c3010b00000000ffff');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toEqual({
      status: '404',
      code: 'NOT_FOUND',
      title: 'Not Found',
      detail: "Deal '65a1b2c3010b00000000ffff' not found",
    });
    expect((await crm.put('/deals/nope', { rating: 1 })).status).toBe(404);
    const noData = await crm.raw('/deals', { method: 'POST', body: { name: 'x' } });
    expect(noData.status).toBe(400);
    expect(noData.body.errors[0]?.detail).toBe(
      "The request body must be a JSON object with a 'data' object",
    );
    const badJson = await crm.raw('/deals', {
      method: 'POST',
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
  });
});

describe('writes take only the fields the reference shows (422 per other key)', () => {
  it.each([
    [
      '/deals',
      'POST',
      { total_price: 10, contact_id: 'x', closed_at: null },
      [
        ['/data/total_price', 'READ_ONLY_FIELD', 'total_price is read-only on deal'],
        [
          '/data/contact_id',
          'UNKNOWN_FIELD',
          'contact_id is not a field of deal; writable fields: name, expected_close_date, rating, status, pipeline_id, stage_id, owner_id, source_id, campaign_id, lost_reason_id, organization_id, contact_ids, custom_fields',
        ],
        ['/data/closed_at', 'READ_ONLY_FIELD', 'closed_at is read-only on deal'],
      ],
    ],
    [
      `/deals/${A.deals.implantacao.id}`,
      'PUT',
      { id: 'x', updated_at: '2025-01-01', one_time_price: 1 },
      [
        ['/data/id', 'READ_ONLY_FIELD', 'id is read-only on deal'],
        ['/data/updated_at', 'READ_ONLY_FIELD', 'updated_at is read-only on deal'],
        ['/data/one_time_price', 'READ_ONLY_FIELD', 'one_time_price is read-only on deal'],
      ],
    ],
    [
      `/contacts/${A.contact.id}`,
      'PUT',
      { deal_ids: [], phones: [{ phone: '1', type: 'mobile', extension: '2' }] },
      [
        [
          '/data/deal_ids',
          'UNKNOWN_FIELD',
          'deal_ids is not a field of contact; writable fields: name, job_title, emails, phones, birthday, social_profiles, organization_id, legal_bases, custom_fields',
        ],
        [
          '/data/phones/0/extension',
          'UNKNOWN_FIELD',
          'extension is not a field of phones/0; fields: phone, type',
        ],
      ],
    ],
    [
      '/organizations',
      'POST',
      { name: 'Nova', cnpj: '1', address: { line: 'x', city: 'y' } },
      [
        [
          '/data/cnpj',
          'UNKNOWN_FIELD',
          'cnpj is not a field of organization; writable fields: name, description, url, address, segment_ids, follower_ids, owner_id, custom_fields',
        ],
        [
          '/data/address/city',
          'UNKNOWN_FIELD',
          'city is not a field of address; fields: line, latitude, longitude',
        ],
      ],
    ],
    [
      `/deals/${A.deals.implantacao.id}/notes`,
      'POST',
      {
        description: 'x',
        user_id: A.users.ana.id,
        pinned_at: '2025-01-01T00:00:00Z',
        deal_id: 'y',
      },
      [
        ['/data/pinned_at', 'READ_ONLY_FIELD', 'pinned_at is read-only on note'],
        [
          '/data/deal_id',
          'UNKNOWN_FIELD',
          'deal_id is not a field of note; writable fields: description, user_id',
        ],
      ],
    ],
    [
      `/deals/${A.deals.implantacao.id}/products/${A.dealProducts.suporteAnnually}`,
      'PUT',
      { total_price: 1, name: 'x' },
      [
        ['/data/total_price', 'READ_ONLY_FIELD', 'total_price is read-only on deal product'],
        [
          '/data/name',
          'UNKNOWN_FIELD',
          'name is not a field of deal product; writable fields: price, quantity, discount_type, discount, billing_frequency, product_id',
        ],
      ],
    ],
  ] as const)('%s %s', async (path, method, data, expected) => {
    const { status, body } =
      method === 'POST' ? await crm.post(path, data) : await crm.put(path, data);
    expect(status).toBe(422);
    const found = body.errors.map((error) => [error.source?.pointer, error.code, error.detail]);
    expect(found.slice(0, expected.length)).toEqual(expected);
  });

  it('tasks: completed_at is read-only, completed_by_id only on a completed task', async () => {
    const { status, body } = await crm.post('/tasks', {
      name: 'X',
      type: 'call',
      due_date: '2025-03-11T13:00:00Z',
      deal_id: A.deals.implantacao.id,
      owner_ids: [A.users.ana.id],
      completed_at: null,
      completed_by_id: A.users.ana.id,
    });
    expect(status).toBe(422);
    expect(body.errors.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/completed_at', 'completed_at is read-only on task'],
      [
        '/data/completed_by_id',
        "completed_by_id applies only to completed tasks; tasks are created 'open'",
      ],
    ]);
  });

  it('deals are created without a lost reason', async () => {
    const { status, body } = await crm.post('/deals', {
      name: 'X',
      pipeline_id: vendas.id,
      stage_id: vendas.stages[0].id,
      owner_id: A.users.ana.id,
      lost_reason_id: A.lostReasons.precoAlto.id,
    });
    expect(status).toBe(422);
    expect(body.errors[0]?.detail).toBe(
      "lost_reason_id applies only to lost deals; deals are created 'ongoing'",
    );
  });

  it('organisation names are unique in the account ("Nomes de empresa são únicos")', async () => {
    const taken = await crm.post('/organizations', {
      name: ` ${A.organization.name.toUpperCase()}`,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({
      code: 'TAKEN',
      source: { pointer: '/data/name' },
    });
    const own = await crm.put(`/organizations/${A.organization.id}`, {
      name: A.organization.name,
    });
    expect(own.status).toBe(200);
  });
});

describe('notes', () => {
  it('creates a note stamped now and lists it first', async () => {
    const { status, body } = await crm.post<NoteJson>(`/deals/${A.deals.implantacao.id}/notes`, {
      description: '<p>Nova nota</p>',
      user_id: A.users.ana.id,
    });
    expect(status).toBe(201);
    expect(body.data).toEqual({
      id: expect.any(String),
      description: '<p>Nova nota</p>',
      user_id: A.users.ana.id,
      registered_at: '2025-03-10T12:00:00.000Z',
      pinned_at: null,
      edited_by_id: null,
      edited_at: null,
    });
    const list = await crm.get<NoteJson[]>(`/deals/${A.deals.implantacao.id}/notes`);
    expect(list.body.data[0]).toEqual(body.data);
  });

  it('requires description and user_id; 404 for an unknown deal', async () => {
    const { status, body } = await crm.post(`/deals/${A.deals.implantacao.id}/notes`, {
      description: '  ',
    });
    expect(status).toBe(422);
    expect(pointers(body.errors)).toEqual(['/data/description', '/data/user_id']);
    expect(
      (await crm.post('/deals/nope/notes', { description: 'x', user_id: A.users.ana.id })).status,
    ).toBe(404);
    expect((await crm.get('/deals/nope/notes')).status).toBe(404);
  });
});

describe('tasks', () => {
  const valid = () => ({
    name: 'Ligar amanhã',
    type: 'call',
    due_date: '2025-03-11T13:00:00-03:00',
    deal_id: A.deals.implantacao.id,
    owner_ids: [A.users.ana.id, A.users.bruno.id],
    description: 'Confirmar proposta',
  });

  it('creates open tasks, by default created by the caller', async () => {
    const { status, body } = await crm.post<TaskJson>('/tasks', valid());
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      status: 'open',
      due_date: '2025-03-11T16:00:00.000Z',
      created_by_id: A.users.ana.id,
      completed_at: null,
      completed_by_id: null,
    });
  });

  it('requires name, type, due_date, deal_id, owner_ids; only status open', async () => {
    const { status, body } = await crm.post('/tasks', {
      owner_ids: [],
      status: 'completed',
      type: 'fax',
    });
    expect(status).toBe(422);
    expect(body.errors.map((error) => error.detail)).toEqual([
      'name is required',
      'type must be one of: call, email, meeting, task, lunch, visit, whatsapp',
      'due_date is required',
      'deal_id is required',
      'owner_ids must have at least one id',
      "Tasks can only be created with status 'open'",
    ]);
    const badDeal = await crm.post('/tasks', { ...valid(), deal_id: 'nope', due_date: 'amanhã' });
    expect(badDeal.body.errors.map((error) => error.detail)).toEqual([
      'due_date must be an ISO 8601 date-time',
      "deal_id 'nope' does not match any deal",
    ]);
  });

  it('completing stamps completed_at and completed_by_id; reopening clears them', async () => {
    const created = (await crm.post<TaskJson>('/tasks', valid())).body.data;
    now += 3_600_000;
    const done = await crmFor(A.users.bruno.email).put<TaskJson>(`/tasks/${created.id}`, {
      status: 'completed',
    });
    expect(done.body.data).toMatchObject({
      status: 'completed',
      completed_at: '2025-03-10T13:00:00.000Z',
      completed_by_id: A.users.bruno.id,
      name: 'Ligar amanhã',
    });
    const reopened = await crm.put<TaskJson>(`/tasks/${created.id}`, { status: 'open' });
    expect(reopened.body.data).toMatchObject({ completed_at: null, completed_by_id: null });
    expect((await crm.put('/tasks/nope', { status: 'open' })).status).toBe(404);
  });
});

describe('deal products', () => {
  const path = `/deals/${A.deals.treinamento.id}/products`;

  it('computes the item total and updates the deal prices on create, update and delete', async () => {
    const dealBefore = (await crm.get<DealJson>(`/deals/${A.deals.treinamento.id}`)).body.data;
    expect(dealBefore.total_price).toBe(1691);

    const percentage = await crm.post<DealProductJson>(path, {
      product_id: A.products.planoPro.id,
      price: 100,
      quantity: 3,
      discount_type: 'percentage',
      discount: 10,
      billing_frequency: 'monthly',
    });
    expect(percentage.status).toBe(201);
    expect(percentage.body.data).toMatchObject({ total_price: 270, billing_frequency: 'monthly' });

    const amount = await crm.post<DealProductJson>(path, {
      product_id: A.products.implantacao.id,
      price: 50,
      quantity: 2,
      discount_type: 'amount',
      discount: 500,
    });
    expect(amount.body.data).toMatchObject({ total_price: 0, billing_frequency: 'one-time' });

    let deal = (await crm.get<DealJson>(`/deals/${A.deals.treinamento.id}`)).body.data;
    expect([deal.recurrence_price, deal.one_time_price, deal.total_price]).toEqual([
      270, 1691, 1961,
    ]);

    const updated = await crm.put<DealProductJson>(`${path}/${percentage.body.data.id}`, {
      quantity: 1,
    });
    expect(updated.body.data).toMatchObject({
      quantity: 1,
      price: 100,
      discount: 10,
      total_price: 90,
    });
    deal = (await crm.get<DealJson>(`/deals/${A.deals.treinamento.id}`)).body.data;
    expect(deal.total_price).toBe(1781);

    const removed = await crm.delete(`${path}/${percentage.body.data.id}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBe('');
    deal = (await crm.get<DealJson>(`/deals/${A.deals.treinamento.id}`)).body.data;
    expect(deal.total_price).toBe(1691);
    const list = await crm.get<DealProductJson[]>(path);
    expect(list.body.data.map((item) => item.id)).toEqual([
      A.dealProducts.treinamentoPercentage,
      amount.body.data.id,
    ]);
  });

  it('requires product_id, price and quantity; rejects a percentage over 100', async () => {
    const { status, body } = await crm.post(path, { discount_type: 'percentage', discount: 150 });
    expect(status).toBe(422);
    expect(pointers(body.errors)).toEqual([
      '/data/product_id',
      '/data/price',
      '/data/quantity',
      '/data/discount',
    ]);
    expect(body.errors[3]?.detail).toBe('A percentage discount cannot be above 100');
    const zero = await crm.post(path, {
      product_id: A.products.suporte.id,
      price: -1,
      quantity: 0,
    });
    expect(zero.body.errors.map((error) => error.detail)).toEqual([
      'price must be ≥ 0',
      'quantity must be > 0',
    ]);
  });

  it('answers 404 for an item of another deal and for unknown items', async () => {
    const other = `/deals/${A.deals.implantacao.id}/products/${A.dealProducts.treinamentoPercentage}`;
    expect((await crm.put(other, { quantity: 2 })).status).toBe(404);
    expect((await crm.delete(other)).status).toBe(404);
    expect((await crm.delete(`${path}/nope`)).status).toBe(404);
  });
});

describe('contacts and organizations', () => {
  it('creates a contact (name required) and updates only the given fields', async () => {
    const missing = await crm.post('/contacts', { emails: [{ email: 'x@y.com' }] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]?.detail).toBe('name is required');

    const { status, body } = await crm.post<ContactJson>('/contacts', {
      name: 'Paulo Teixeira',
      emails: [{ email: 'paulo@teixeira.com.br' }],
      phones: [{ phone: '+5511912345678', type: 'mobile' }],
      job_title: 'Comprador',
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      name: 'Paulo Teixeira',
      organization_id: null,
      custom_fields: {},
    });
    const updated = await crm.put<ContactJson>(`/contacts/${body.data.id}`, {
      organization_id: A.organization.id,
    });
    expect(updated.body.data).toMatchObject({
      name: 'Paulo Teixeira',
      job_title: 'Comprador',
      organization_id: A.organization.id,
      phones: [{ phone: '+5511912345678', type: 'mobile' }],
    });
  });

  it('refuses organization_id null (strict), naming the field; the knob clears it', async () => {
    const contact = `/contacts/${A.contact.id}`;
    const before = (await crm.get<ContactJson>(contact)).body.data;
    expect(before.organization_id).toBe(A.organization.id);
    const refused = await crm.put(contact, { name: 'Mariana Costa', organization_id: null });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      unprocessable(
        'organization_id',
        'organization_id cannot be null: the reference types it as a string id and documents no way to clear it',
      ),
    ]);
    expect((await crm.get<ContactJson>(contact)).body.data).toEqual(before);
    const created = await crm.post('/contacts', { name: 'Sem empresa', organization_id: null });
    expect(created.status).toBe(422);
    expect(pointers(created.body.errors)).toEqual(['/data/organization_id']);
    // A change made in the CRM itself is held to the same reading.
    const change = { account: A.id, resource: 'contacts', id: A.contact.id };
    expect(() => sandbox.change({ ...change, data: { organization_id: null } })).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );

    sandbox.setKnobs({ contactOrganizationNull: true });
    const cleared = await crm.put<ContactJson>(contact, { organization_id: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ name: before.name, organization_id: null });
  });

  it('rejects phone types outside work/fax/home/mobile and malformed e-mails', async () => {
    const { status, body } = await crm.post('/contacts', {
      name: 'X',
      phones: [{ phone: '11999999999', type: 'cellphone' }],
      emails: [{ email: 'sem-arroba' }],
    });
    expect(status).toBe(422);
    expect(pointers(body.errors)).toEqual(['/data/emails/0/email', '/data/phones/0/type']);
  });

  it('creates and updates organizations; 404 for unknown ids', async () => {
    const created = await crm.post<{ id: string; name: string }>('/organizations', {
      name: 'Nova Empresa Ltda',
    });
    expect(created.status).toBe(201);
    const updated = await crm.put<{ name: string; url: string }>(
      `/organizations/${created.body.data.id}`,
      {
        url: 'https://nova.com.br',
      },
    );
    expect(updated.body.data).toMatchObject({
      name: 'Nova Empresa Ltda',
      url: 'https://nova.com.br',
    });
    expect((await crm.get('/organizations/nope')).status).toBe(404);
    expect((await crm.get('/contacts/nope')).status).toBe(404);
    expect((await crm.post('/organizations', {})).status).toBe(422);
  });
});

describe('reference reads', () => {
  it('reads pipelines with their stage ids and a stage of a pipeline; 404 across pipelines', async () => {
    const pipeline = await crm.get<{ stage_ids: string[] }>(`/pipelines/${vendas.id}`);
    expect(pipeline.body.data.stage_ids).toEqual(vendas.stages.map((stage) => stage.id));
    const stages = await crm.get<{ name: string }[]>(`/pipelines/${vendas.id}/stages`);
    expect(stages.body.data.map((stage) => stage.name)).toEqual(
      vendas.stages.map((stage) => stage.name),
    );
    const stage = await crm.get<{ name: string }>(
      `/pipelines/${vendas.id}/stages/${vendas.stages[2].id}`,
    );
    expect(stage.body.data.name).toBe('Apresentação');
    const cross = await crm.get(
      `/pipelines/${A.pipelines.posVenda.id}/stages/${vendas.stages[2].id}`,
    );
    expect(cross.status).toBe(404);
    expect((await crm.get('/pipelines/nope/stages')).status).toBe(404);
  });

  it('answers unknown routes with a v2 error body', async () => {
    const { status, body } = await crm.get('/teams');
    expect(status).toBe(404);
    expect(body.errors[0]?.detail).toBe('No route GET /crm/v2/teams');
  });
});
