import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { type CrmConfig } from '@api/config';
import {
  ACCOUNT1,
  ACCOUNT2,
  type Harness,
  type Identity,
  acceptTerms,
  call,
  configure,
  freshPeople,
  login,
  startHarness,
} from './support/harness';

let sandbox: RunningSandbox;
let h: Harness;
let alice: Identity;
let beatriz: Identity;

// Hundreds of CRM calls within seconds on one CRM account: the sandbox's account-wide 120/min is
// off here (crm-calls.test.ts and resilience.test.ts test the rate).
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimitPerMinute: 0 });
  h = await startHarness({ sharedSandbox: sandbox });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});
beforeEach(async () => {
  ({ alice, beatriz } = freshPeople());
  await configure(h.api, alice);
  await login(h, alice);
});

const CRM = () => `${sandbox.url}/crm/v2`;
/** Outbound CRM calls made while `run` ran. */
async function crmCallsDuring(run: () => Promise<unknown>) {
  const before = h.calls.length;
  await run();
  return h.calls.slice(before).filter((c) => c.url.startsWith(CRM()));
}
const dataOf = (json: Record<string, unknown>) =>
  json.data as { data: Record<string, unknown>; links?: unknown };
const listOf = (json: Record<string, unknown>) =>
  json.data as { data: Record<string, unknown>[]; links: { next?: string } };

/**
 * An api of its own with these CRM settings on a clock the test moves (`advance`: time passes for
 * the api at once, no test waits for it), Alice signed in.
 */
async function clockedApi(crm: Partial<CrmConfig>): Promise<{
  own: Harness;
  advance: (ms: number) => void;
}> {
  let later = 0;
  const own = await startHarness({
    sharedSandbox: sandbox,
    api: { now: () => Date.now() + later, crm },
  });
  await configure(own.api, alice);
  expect((await login(own, alice)).status).toBe(200);
  return {
    own,
    advance: (ms) => {
      later += ms;
    },
  };
}

/** Resolves once `done` holds: a read the api makes behind an answer it already gave. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('a leitura em segundo plano não aconteceu');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const { deals, contact, pipelines, products, dealProducts } = ACCOUNT1;
/** The required fields of a new deal, in the sales pipeline's first stage. */
const newDeal = (name: string) => ({
  name,
  pipeline_id: pipelines.vendas.id,
  stage_id: pipelines.vendas.stages[0].id,
  owner_id: ACCOUNT1.users.ana.id,
});

describe('lists', () => {
  it('maps limit/page/order/direction/filter to v2 and keeps links.next as this api path', async () => {
    let first!: Awaited<ReturnType<typeof call>>;
    const calls = await crmCallsDuring(async () => {
      first = await call(
        h.api,
        'GET',
        '/api/rdstation/deals?limit=2&page=1&order=name&direction=desc&filter=name%3A~%22Costa%22',
        {
          as: alice,
        },
      );
    });
    expect(first.status).toBe(200);
    const sent = new URL(calls[0]?.url ?? '');
    expect(sent.pathname).toBe('/crm/v2/deals');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      filter: 'name:~"Costa"',
      'sort[name]': 'desc',
      'page[number]': '1',
      'page[size]': '2',
    });
    const page1 = listOf(first.json);
    expect(page1.data.map((d) => d.name)).toEqual([deals.treinamento.name, deals.licencas.name]);
    expect(page1.links).toEqual({
      next: '/api/rdstation/deals?limit=2&page=2&order=name&direction=desc&filter=name%3A%7E%22Costa%22',
    });
    const second = await call(h.api, 'GET', page1.links.next ?? '', { as: alice });
    const page2 = listOf(second.json);
    expect(page2.data.map((d) => d.name)).toEqual([deals.implantacao.name]);
    expect(page2.links).toEqual({});
    expect(Object.keys(second.json)).toEqual(['data']);
  });

  it.each([
    ['/api/rdstation/deals?limit=201', "O campo 'limit' deve ser no máximo 200."],
    ['/api/rdstation/deals?limit=0', "O campo 'limit' deve ser no mínimo 1."],
    ['/api/rdstation/deals?page=abc', "O campo 'page' deve ser um número inteiro."],
    [
      '/api/rdstation/deals?direction=up',
      "O campo 'direction' deve ser um destes valores: asc, desc.",
    ],
    [
      `/api/rdstation/deals?filter=${'a'.repeat(1001)}`,
      "O campo 'filter' deve ter no máximo 1000 caracteres.",
    ],
    ['/api/rdstation/deals?order=name%3Bdrop', "O campo 'order' tem um formato inválido."],
    ['/api/rdstation/deals/abc%20def', "O campo 'id' tem um formato inválido."],
    ['/api/rdstation/deals/a.b/notes', "O campo 'id' tem um formato inválido."],
  ])(
    'refuses a bad query or id (%#) with 400 in pt-BR, without calling the CRM',
    async (url, message) => {
      const calls = await crmCallsDuring(async () => {
        const result = await call(h.api, 'GET', url, { as: alice });
        expect(result).toMatchObject({ status: 400, json: { message } });
      });
      expect(calls).toHaveLength(0);
    },
  );

  it('passes a CRM refusal of a documented query on, in pt-BR', async () => {
    // `rating` is a documented filter; the CRM refuses the value, never our syntax.
    const result = await call(
      h.api,
      'GET',
      `/api/rdstation/deals?filter=${encodeURIComponent('rating:"muito"')}`,
      { as: alice },
    );
    // RD answers 400 or 422 (docs: both exist); the sandbox's strictness decides which.
    expect([400, 422]).toContain(result.status);
    expect(result.json.message).toBe(
      'O RD Station CRM recusou os dados enviados. Verifique os dados e tente novamente.',
    );
  });

  it('refuses an undocumented sort with a pt-BR 400 before calling the CRM', async () => {
    const calls = await crmCallsDuring(async () => {
      const result = await call(h.api, 'GET', '/api/rdstation/deals?order=owner_id', {
        as: alice,
      });
      expect(result).toMatchObject({
        status: 400,
        json: {
          message:
            "O campo 'order' é inválido: o RD Station CRM ordena negociações apenas por name, rating, created_at, updated_at, closed_at.",
        },
      });
    });
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['/api/rdstation/contacts?filter=name%3A~%22Mariana%22', contact.name],
    [
      `/api/rdstation/organizations?filter=${encodeURIComponent(`name:~"${ACCOUNT1.organization.name}"`)}&order=name&limit=50`,
      ACCOUNT1.organization.name,
    ],
    ['/api/rdstation/users?limit=200', ACCOUNT1.users.ana.name],
    ['/api/rdstation/sources?limit=200', ACCOUNT1.sources.indicacao.name],
    ['/api/rdstation/campaigns?limit=200', ACCOUNT1.campaigns.webinar.name],
    [
      '/api/rdstation/lost-reasons?limit=200&order=name&direction=asc',
      ACCOUNT1.lostReasons.precoAlto.name,
    ],
    ['/api/rdstation/products?limit=200', products.planoPro.name],
    ['/api/rdstation/pipelines?limit=200', pipelines.vendas.name],
    [
      `/api/rdstation/pipelines/${pipelines.vendas.id}/stages?limit=200`,
      pipelines.vendas.stages[0].name,
    ],
    [
      `/api/rdstation/deals/${deals.implantacao.id}/notes?limit=200&page=1&order=registered_at&direction=desc`,
      null,
    ],
    [`/api/rdstation/deals/${deals.implantacao.id}/products`, null],
  ])('GET %s answers { data: { data: [...], links } }', async (url, name) => {
    const result = await call(h.api, 'GET', url, { as: alice });
    expect(result.status).toBe(200);
    const list = listOf(result.json);
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.data.length).toBeGreaterThan(0);
    if (name) expect(list.data.map((item) => item.name)).toContain(name);
  });

  it('lists custom fields of deals and tasks of a deal with the panel RDQL', async () => {
    const fields = await call(
      h.api,
      'GET',
      `/api/rdstation/custom-fields?filter=${encodeURIComponent('entity:"deal"')}&limit=200`,
      { as: alice },
    );
    expect(listOf(fields.json).data.map((f) => f.slug)).toContain(
      ACCOUNT1.customFields.orcamentoErp.slug,
    );
    const filter = encodeURIComponent(`deal_id:"${deals.implantacao.id}" and status:"open"`);
    const tasks = await call(
      h.api,
      'GET',
      `/api/rdstation/tasks?limit=200&page=1&order=due_date&direction=desc&filter=${filter}`,
      { as: alice },
    );
    expect(tasks.status).toBe(200);
    const items = listOf(tasks.json).data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((t) => t.deal_id === deals.implantacao.id && t.status === 'open')).toBe(
      true,
    );
  });
});

describe('single records', () => {
  it.each([
    [`/api/rdstation/deals/${deals.implantacao.id}`, deals.implantacao.id],
    [`/api/rdstation/contacts/${contact.id}`, contact.id],
    [`/api/rdstation/organizations/${ACCOUNT1.organization.id}`, ACCOUNT1.organization.id],
    [`/api/rdstation/users/${ACCOUNT1.users.ana.id}`, ACCOUNT1.users.ana.id],
    [`/api/rdstation/sources/${ACCOUNT1.sources.indicacao.id}`, ACCOUNT1.sources.indicacao.id],
    [`/api/rdstation/campaigns/${ACCOUNT1.campaigns.webinar.id}`, ACCOUNT1.campaigns.webinar.id],
    [`/api/rdstation/products/${products.planoPro.id}`, products.planoPro.id],
    [`/api/rdstation/pipelines/${pipelines.vendas.id}`, pipelines.vendas.id],
    [
      `/api/rdstation/pipelines/${pipelines.vendas.id}/stages/${pipelines.vendas.stages[1].id}`,
      pipelines.vendas.stages[1].id,
    ],
  ])('GET %s answers the v2 envelope inside data (res.data.data.data)', async (url, id) => {
    const result = await call(h.api, 'GET', url, { as: alice });
    expect(result.status).toBe(200);
    expect(dataOf(result.json).data.id).toBe(id);
  });

  it('GET /tasks/{id}', async () => {
    const filter = encodeURIComponent(`deal_id:"${deals.implantacao.id}"`);
    const list = await call(h.api, 'GET', `/api/rdstation/tasks?limit=1&filter=${filter}`, {
      as: alice,
    });
    const id = String(listOf(list.json).data[0]?.id);
    const task = await call(h.api, 'GET', `/api/rdstation/tasks/${id}`, { as: alice });
    expect(dataOf(task.json).data).toMatchObject({ id, deal_id: deals.implantacao.id });
  });

  it('answers 404 in pt-BR for a record the CRM does not have', async () => {
    const result = await call(h.api, 'GET', '/api/rdstation/deals/nao-existe', { as: alice });
    expect(result).toMatchObject({
      status: 404,
      json: { message: 'Registro não encontrado no RD Station CRM.' },
    });
  });
});

describe('writes', () => {
  it('creates a contact: the panel body goes as { data }, cellphone as v2 mobile, e-mails without type', async () => {
    let result!: Awaited<ReturnType<typeof call>>;
    const payload = {
      name: 'Paula Teste',
      emails: [{ email: 'paula@example.com', type: 'work' }],
      phones: [{ phone: '+5511912345678', type: 'cellphone' }],
      job_title: 'Compradora',
      extra: 'ignored',
    };
    const calls = await crmCallsDuring(async () => {
      result = await call(h.api, 'POST', '/api/rdstation/contacts', { as: alice, body: payload });
    });
    expect(result.status).toBe(201);
    expect(calls.map((c) => [c.method, new URL(c.url).pathname])).toEqual([
      ['POST', '/crm/v2/contacts'],
    ]);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      data: {
        name: 'Paula Teste',
        emails: [{ email: 'paula@example.com' }],
        phones: [{ phone: '+5511912345678', type: 'mobile' }],
        job_title: 'Compradora',
      },
    });
    const created = dataOf(result.json).data;
    expect(created).toMatchObject({ name: 'Paula Teste', job_title: 'Compradora' });

    const updated = await call(h.api, 'PUT', `/api/rdstation/contacts/${String(created.id)}`, {
      as: alice,
      body: { name: 'Paula Souza', organization_id: ACCOUNT1.organization.id },
    });
    expect(updated.status).toBe(200);
    expect(dataOf(updated.json).data).toMatchObject({
      name: 'Paula Souza',
      organization_id: ACCOUNT1.organization.id,
    });
  });

  it('refuses a contact without name before calling the CRM, and relays a CRM 422 reason', async () => {
    const noName = await call(h.api, 'POST', '/api/rdstation/contacts', {
      as: alice,
      body: { job_title: 'x' },
    });
    expect(noName).toMatchObject({
      status: 400,
      json: { message: "O campo 'name' é obrigatório." },
    });
    const badEmail = await call(h.api, 'POST', '/api/rdstation/contacts', {
      as: alice,
      body: { name: 'X', emails: [{ email: 'sem-arroba' }] },
    });
    expect(badEmail.status).toBe(422);
    expect(badEmail.json.message).toBe(
      'O RD Station CRM recusou os dados enviados: E-mail é inválido.',
    );
  });

  it('refuses a null organization on every contact write, before calling the CRM', async () => {
    const why =
      'A API do RD Station CRM não prevê remover a organização do contato; escolha outra.';
    for (const [method, url, body] of [
      ['PUT', `/api/rdstation/contacts/${contact.id}`, { name: 'Mariana', organization_id: null }],
      ['POST', '/api/rdstation/contacts', { name: 'Sem empresa', organization_id: null }],
      [
        'POST',
        '/api/rdstation/contacts/with-mapping',
        { contact: { name: 'Sem empresa', organization_id: null }, contactId: 'host-c-1' },
      ],
    ] as const) {
      let answer!: Awaited<ReturnType<typeof call>>;
      const sent = await crmCallsDuring(async () => {
        answer = await call(h.api, method, url, { as: alice, body });
      });
      expect({ url, status: answer.status, json: answer.json }).toEqual({
        url,
        status: 400,
        json: { message: why },
      });
      expect(sent).toEqual([]);
    }
  });

  it('creates and updates a deal (partial bodies of PRODUCT.md §7)', async () => {
    const created = await call(h.api, 'POST', '/api/rdstation/deals', {
      as: alice,
      body: {
        ...newDeal('Nova negociação'),
        rating: 3,
        custom_fields: { [ACCOUNT1.customFields.orcamentoErp.slug]: 'ORC-1' },
        contact_ids: [contact.id],
      },
    });
    expect(created.status).toBe(201);
    const deal = dataOf(created.json).data;
    expect(deal).toMatchObject({
      name: 'Nova negociação',
      status: 'ongoing',
      rating: 3,
      contact_ids: [contact.id],
    });
    const id = String(deal.id);
    const put = (body: Record<string, unknown>) =>
      call(h.api, 'PUT', `/api/rdstation/deals/${id}`, { as: alice, body });
    expect(dataOf((await put({ rating: 5 })).json).data.rating).toBe(5);
    // The spec's pipeline move clears the stage; RD receives the new pipeline's first stage.
    const move = { pipeline_id: pipelines.posVenda.id, stage_id: pipelines.posVenda.stages[0].id };
    let moved!: Awaited<ReturnType<typeof put>>;
    const sent = await crmCallsDuring(async () => {
      moved = await put({ pipeline_id: pipelines.posVenda.id, stage_id: null });
    });
    expect(moved.status).toBe(200);
    expect(dataOf(moved.json).data).toMatchObject(move);
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', url: `${CRM()}/deals/${id}`, body: JSON.stringify({ data: move }) },
    ]);
    expect(
      sent.filter((request) => request.method !== 'PUT').map((request) => request.url),
    ).toEqual([
      expect.stringMatching(new RegExp(`^${CRM()}/pipelines/${pipelines.posVenda.id}/stages\\?`)),
    ]);
    // A stage named by the caller goes as it is.
    const named = { pipeline_id: pipelines.vendas.id, stage_id: pipelines.vendas.stages[1].id };
    expect(dataOf((await put(named)).json).data).toMatchObject(named);
    expect(dataOf((await put({ contact_ids: [contact.id] })).json).data.contact_ids).toEqual([
      contact.id,
    ]);
    const lost = await put({ status: 'lost', lost_reason_id: ACCOUNT1.lostReasons.precoAlto.id });
    expect(dataOf(lost.json).data).toMatchObject({
      status: 'lost',
      lost_reason_id: ACCOUNT1.lostReasons.precoAlto.id,
    });
    const empty = await put({});
    expect(empty).toMatchObject({
      status: 400,
      json: { message: 'Informe ao menos um campo para atualizar.' },
    });
    const badRating = await put({ rating: 9 });
    expect(badRating).toMatchObject({
      status: 400,
      json: { message: "O campo 'rating' deve ser no máximo 5." },
    });
  });

  it('refuses deal bodies RD documents no way to take, before calling the CRM', async () => {
    const put = (body: Record<string, unknown>) =>
      call(h.api, 'PUT', `/api/rdstation/deals/${deals.implantacao.id}`, { as: alice, body });
    for (const [body, message] of [
      [{ source_id: null }, 'A API do RD Station CRM não prevê remover a fonte; escolha outra.'],
      [
        { stage_id: null },
        "O campo 'stage_id' só pode ser nulo junto com 'pipeline_id' (a mudança de funil).",
      ],
      [
        { pipeline_id: pipelines.posVenda.id },
        "O campo 'stage_id' é obrigatório junto com 'pipeline_id'.",
      ],
      [{ contact_ids: [] }, "O campo 'contact_ids' deve ter ao menos 1 item(ns)."],
    ] as const) {
      let answer!: Awaited<ReturnType<typeof put>>;
      const sent = await crmCallsDuring(async () => {
        answer = await put(body);
      });
      expect({ body, answer: { status: answer.status, json: answer.json } }).toEqual({
        body,
        answer: { status: 400, json: { message } },
      });
      expect(sent).toEqual([]);
    }
    const created = await call(h.api, 'POST', '/api/rdstation/deals', {
      as: alice,
      body: { ...newDeal('Sem contato'), contact_ids: [] },
    });
    expect(created).toMatchObject({
      status: 400,
      json: { message: "O campo 'contact_ids' deve ter ao menos 1 item(ns)." },
    });
  });

  it('creates a note on a deal', async () => {
    const result = await call(h.api, 'POST', `/api/rdstation/deals/${deals.implantacao.id}/notes`, {
      as: alice,
      body: { description: '<p>Cliente pediu proposta</p>', user_id: ACCOUNT1.users.ana.id },
    });
    expect(result.status).toBe(201);
    expect(dataOf(result.json).data).toMatchObject({
      description: '<p>Cliente pediu proposta</p>',
    });
    const tooLong = await call(
      h.api,
      'POST',
      `/api/rdstation/deals/${deals.implantacao.id}/notes`,
      {
        as: alice,
        body: { description: 'x'.repeat(5001) },
      },
    );
    expect(tooLong).toMatchObject({
      status: 400,
      json: { message: "O campo 'description' deve ter no máximo 5000 caracteres." },
    });
  });

  it('creates, edits and completes a task', async () => {
    const created = await call(h.api, 'POST', '/api/rdstation/tasks', {
      as: alice,
      body: {
        name: 'Ligar para a cliente',
        description: 'Confirmar a proposta',
        type: 'call',
        due_date: '2030-05-10T14:00:00.000Z',
        owner_ids: [ACCOUNT1.users.ana.id],
        status: 'open',
        deal_id: deals.implantacao.id,
        created_by_id: ACCOUNT1.users.ana.id,
      },
    });
    expect(created.status).toBe(201);
    const id = String(dataOf(created.json).data.id);
    const edited = await call(h.api, 'PUT', `/api/rdstation/tasks/${id}`, {
      as: alice,
      body: {
        name: 'Ligar amanhã',
        description: 'Confirmar',
        type: 'whatsapp',
        due_date: '2030-05-11',
        owner_ids: [ACCOUNT1.users.bruno.id],
      },
    });
    expect(dataOf(edited.json).data).toMatchObject({ name: 'Ligar amanhã', type: 'whatsapp' });
    const done = await call(h.api, 'PUT', `/api/rdstation/tasks/${id}`, {
      as: alice,
      body: { status: 'completed', completed_by_id: ACCOUNT1.users.ana.id },
    });
    expect(dataOf(done.json).data).toMatchObject({
      status: 'completed',
      completed_by_id: ACCOUNT1.users.ana.id,
    });
    const badType = await call(h.api, 'POST', '/api/rdstation/tasks', {
      as: alice,
      body: { name: 'x', type: 'fax', deal_id: deals.implantacao.id },
    });
    expect(badType.status).toBe(400);
    expect(badType.json.message).toBe(
      "O campo 'type' deve ser um destes valores: call, email, meeting, task, lunch, visit, whatsapp.",
    );
  });

  it('adds, edits and removes a deal product', async () => {
    const base = `/api/rdstation/deals/${deals.implantacao.id}/products`;
    const added = await call(h.api, 'POST', base, {
      as: alice,
      body: {
        product_id: products.treinamento.id,
        price: 800,
        quantity: 2,
        billing_frequency: 'one-time',
        discount_type: 'percentage',
        discount: 10,
      },
    });
    expect(added.status).toBe(201);
    const id = String(dataOf(added.json).data.id);
    const edited = await call(h.api, 'PUT', `${base}/${id}`, {
      as: alice,
      body: { product_id: products.treinamento.id, price: 850, quantity: 3 },
    });
    expect(dataOf(edited.json).data).toMatchObject({ price: 850, quantity: 3 });
    const removed = await call(h.api, 'DELETE', `${base}/${id}`, { as: alice });
    expect(removed).toMatchObject({ status: 200, json: { data: { deleted: true } } });
    const list = await call(h.api, 'GET', base, { as: alice });
    expect(listOf(list.json).data.map((p) => p.id)).not.toContain(id);
    expect(listOf(list.json).data.map((p) => p.id)).toContain(dealProducts.suporteAnnually);

    const over = await call(h.api, 'POST', base, {
      as: alice,
      body: {
        product_id: products.treinamento.id,
        price: 1,
        quantity: 1,
        discount_type: 'percentage',
        discount: 101,
      },
    });
    expect(over).toMatchObject({
      status: 400,
      json: { message: "O campo 'discount' deve ser no máximo 100." },
    });
  });
});

describe('reference data cache (60 s per tenant)', () => {
  it('serves repeated reference reads from cache; x-cache-bypass and refresh=true go to the CRM', async () => {
    const crmUsers = async (url: string, headers: Record<string, string> = {}) =>
      (await crmCallsDuring(() => call(h.api, 'GET', url, { as: alice, headers }))).length;
    expect(await crmUsers('/api/rdstation/users?limit=200')).toBe(1);
    expect(await crmUsers('/api/rdstation/users?limit=200')).toBe(0);
    expect(await crmUsers('/api/rdstation/users?limit=200', { 'x-cache-bypass': '1' })).toBe(1);
    expect(await crmUsers('/api/rdstation/users?limit=200&refresh=true')).toBe(1);
    // Users are read whole, whatever the limit: one cached list.
    expect(await crmUsers('/api/rdstation/users?limit=50')).toBe(0);
    expect(await crmUsers(`/api/rdstation/pipelines/${pipelines.vendas.id}/stages?limit=200`)).toBe(
      1,
    );
    expect(await crmUsers(`/api/rdstation/pipelines/${pipelines.vendas.id}/stages?limit=200`)).toBe(
      0,
    );
    // A business record is the CRM user's, kept for the freshness window (below).
    expect(await crmUsers(`/api/rdstation/deals/${deals.implantacao.id}`)).toBe(1);
    expect(await crmUsers(`/api/rdstation/deals/${deals.implantacao.id}`)).toBe(0);
  });

  it('keeps the cache per tenant and still checks the session on a hit', async () => {
    await call(h.api, 'GET', '/api/rdstation/sources?limit=200', { as: alice });
    await configure(h.api, beatriz);
    await login(h, beatriz, ACCOUNT1.users.bruno.email);
    const calls = await crmCallsDuring(() =>
      call(h.api, 'GET', '/api/rdstation/sources?limit=200', { as: beatriz }),
    );
    expect(calls).toHaveLength(1);
    await call(h.api, 'POST', '/api/rdstation/auth/revoke', { as: alice });
    const afterLogout = await call(h.api, 'GET', '/api/rdstation/sources?limit=200', { as: alice });
    expect(afterLogout.status).toBe(401);
  });

  it('expires after the TTL when nothing may be answered stale', async () => {
    const { own, advance } = await clockedApi({ cacheTtlMs: 400, referenceStaleMs: 0 });
    try {
      const count = () => own.calls.filter((c) => c.url.startsWith(`${CRM()}/campaigns`)).length;
      await call(own.api, 'GET', '/api/rdstation/campaigns', { as: alice });
      await call(own.api, 'GET', '/api/rdstation/campaigns', { as: alice });
      expect(count()).toBe(1);
      advance(400);
      await call(own.api, 'GET', '/api/rdstation/campaigns', { as: alice });
      expect(count()).toBe(2);
    } finally {
      await own.close();
    }
  });
});

/** The CRM's webhook said the deal changed (a signal: no `updated_at` of the change). */
function crmSignalledDealChange(id: string) {
  h.api.changes.publish({
    id,
    systemKey: alice.systemKey,
    origin: 'crm',
    actor: null,
    attendanceId: null,
    chatId: null,
    record: {
      type: 'deal',
      id: deals.implantacao.id,
      dealId: deals.implantacao.id,
      contactId: null,
    },
    action: 'updated',
    fields: [],
    at: new Date().toISOString(),
  });
}

describe('records: read once per CRM user and freshness window', () => {
  const deal = `/api/rdstation/deals/${deals.implantacao.id}`;
  const crmReads = async (who: Identity, url: string) =>
    (await crmCallsDuring(() => call(h.api, 'GET', url, { as: who }))).length;

  it('serves a record again to its CRM user, and to another attendant signed in as that CRM user', async () => {
    const amanda = { systemKey: alice.systemKey, userId: 'amanda' };
    await login(h, amanda, ACCOUNT1.users.ana.email);
    expect(await crmReads(alice, deal)).toBe(1);
    expect(await crmReads(alice, deal)).toBe(0);
    // Amanda is Ana in the CRM too: what Ana's token was shown, Amanda's would be.
    expect(await crmReads(amanda, deal)).toBe(0);
  });

  it('never serves one CRM user what another CRM user read: RD decides per token what each sees', async () => {
    const arthur = { systemKey: alice.systemKey, userId: 'arthur' };
    await login(h, arthur, ACCOUNT1.users.bruno.email);
    expect(await crmReads(alice, deal)).toBe(1);
    expect(await crmReads(arthur, deal)).toBe(1);
    expect(await crmReads(arthur, deal)).toBe(0);
  });

  it('reads once for concurrent requests of one CRM user', async () => {
    const calls = await crmCallsDuring(() =>
      Promise.all([0, 1, 2].map(() => call(h.api, 'GET', deal, { as: alice }))),
    );
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      `/crm/v2/deals/${deals.implantacao.id}`,
    ]);
  });

  it('reads a record again after a write through the api, and after a change the CRM signalled', async () => {
    const notes = `/api/rdstation/deals/${deals.implantacao.id}/notes`;
    expect(await crmReads(alice, notes)).toBeGreaterThan(0);
    expect(await crmReads(alice, notes)).toBe(0);
    const written = await call(h.api, 'POST', notes, {
      as: alice,
      body: { description: 'Cliente pediu proposta revisada' },
    });
    expect(written.status).toBe(201);
    expect(await crmReads(alice, notes)).toBeGreaterThan(0);
    expect(await crmReads(alice, deal)).toBe(1);
    expect(await crmReads(alice, deal)).toBe(0);
    crmSignalledDealChange('mudanca-do-crm-1');
    expect(await crmReads(alice, deal)).toBe(1);
  });

  it('a change of a deal drops it and every kept list of deals, not the other deals kept', async () => {
    const arthur = { systemKey: alice.systemKey, userId: 'arthur' };
    await login(h, arthur, ACCOUNT1.users.bruno.email);
    const other = `/api/rdstation/deals/${deals.perdida.id}`;
    const list = `/api/rdstation/deals?limit=20&filter=${encodeURIComponent('name:~"Costa"')}`;
    expect(await crmReads(alice, deal)).toBe(1);
    expect(await crmReads(alice, other)).toBe(1);
    expect(await crmReads(alice, list)).toBe(1);
    expect(await crmReads(alice, list)).toBe(0);
    // Bruno (another CRM user) changes the deal: Ana's copy of it and of every list goes.
    const written = await call(h.api, 'PUT', deal, { as: arthur, body: { rating: 2 } });
    expect(written.status).toBe(200);
    expect(await crmReads(alice, other)).toBe(0);
    expect(await crmReads(alice, deal)).toBe(1);
    expect(await crmReads(alice, list)).toBe(1);
  });

  it("keeps the CRM's answer to a write as the writer's copy: no read after one's own stage change", async () => {
    const arthur = { systemKey: alice.systemKey, userId: 'arthur' };
    await login(h, arthur, ACCOUNT1.users.bruno.email);
    const stage = pipelines.vendas.stages[1].id;
    expect(await crmReads(alice, deal)).toBe(1);
    expect(await crmReads(arthur, deal)).toBe(1);
    const writes = await crmCallsDuring(async () => {
      const written = await call(h.api, 'PUT', deal, { as: alice, body: { stage_id: stage } });
      expect(written.status).toBe(200);
    });
    expect(writes.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      `PUT /crm/v2/deals/${deals.implantacao.id}`,
    ]);
    // Ana, who wrote, is answered the CRM's answer to her write: the deal as it is now.
    const again = await crmCallsDuring(async () => {
      const read = await call(h.api, 'GET', deal, { as: alice });
      expect(dataOf(read.json).data.stage_id).toBe(stage);
    });
    expect(again).toHaveLength(0);
    // Bruno's copy was of the deal before the change: he reads it again, and sees the new stage.
    const bruno = await crmCallsDuring(async () => {
      const read = await call(h.api, 'GET', deal, { as: arthur });
      expect(dataOf(read.json).data.stage_id).toBe(stage);
    });
    expect(bruno).toHaveLength(1);
  });

  it("keeps a deal created as its creator's copy, and drops the writer's copy at a later change by someone else", async () => {
    const arthur = { systemKey: alice.systemKey, userId: 'arthur' };
    await login(h, arthur, ACCOUNT1.users.bruno.email);
    const created = await call(h.api, 'POST', '/api/rdstation/deals', {
      as: alice,
      body: newDeal('Renovação anual'),
    });
    expect(created.status).toBe(201);
    const path = `/api/rdstation/deals/${String(dataOf(created.json).data.id)}`;
    expect(await crmReads(alice, path)).toBe(0);
    expect(await crmReads(arthur, path)).toBe(1);
    // Bruno's change comes after Ana's answer: her copy no longer shows the deal as it is.
    const changed = await call(h.api, 'PUT', path, { as: arthur, body: { rating: 4 } });
    expect(changed.status).toBe(200);
    const reread = await crmCallsDuring(async () => {
      const read = await call(h.api, 'GET', path, { as: alice });
      expect(dataOf(read.json).data.rating).toBe(4);
    });
    expect(reread).toHaveLength(1);
  });

  it("drops the writer's copy when the CRM signals a change of the record (a webhook says no instant)", async () => {
    const written = await call(h.api, 'PUT', deal, { as: alice, body: { rating: 3 } });
    expect(written.status).toBe(200);
    expect(await crmReads(alice, deal)).toBe(0);
    crmSignalledDealChange('mudanca-do-crm-2');
    expect(await crmReads(alice, deal)).toBe(1);
  });

  it("a note drops only the deal's notes, a task only the lists of tasks: RD's deal has no field either changes", async () => {
    const notes = `${deal}/notes`;
    const products = `${deal}/products`;
    const tasks = `/api/rdstation/tasks?filter=${encodeURIComponent(`deal_id:"${deals.implantacao.id}"`)}`;
    for (const url of [deal, notes, products, tasks])
      expect(await crmReads(alice, url)).toBeGreaterThan(0);
    const noted = await call(h.api, 'POST', notes, {
      as: alice,
      body: { description: 'Cliente pediu proposta revisada' },
    });
    expect(noted.status).toBe(201);
    expect(await crmReads(alice, notes)).toBeGreaterThan(0);
    expect(await crmReads(alice, deal)).toBe(0);
    expect(await crmReads(alice, products)).toBe(0);
    expect(await crmReads(alice, tasks)).toBe(0);
    const tasked = await call(h.api, 'POST', '/api/rdstation/tasks', {
      as: alice,
      body: {
        name: 'Ligar para a cliente',
        type: 'call',
        due_date: '2030-05-10T14:00:00.000Z',
        owner_ids: [ACCOUNT1.users.ana.id],
        deal_id: deals.implantacao.id,
      },
    });
    expect(tasked.status).toBe(201);
    expect(await crmReads(alice, tasks)).toBeGreaterThan(0);
    expect(await crmReads(alice, deal)).toBe(0);
    expect(await crmReads(alice, notes)).toBe(0);
  });

  it('reads the deal again after a product is added to it: the CRM recomputes its total', async () => {
    expect(await crmReads(alice, deal)).toBe(1);
    expect(await crmReads(alice, deal)).toBe(0);
    const added = await call(h.api, 'POST', `${deal}/products`, {
      as: alice,
      body: { product_id: products.treinamento.id, price: 100, quantity: 1 },
    });
    expect(added.status).toBe(201);
    expect(await crmReads(alice, deal)).toBe(1);
  });

  it('reads a record again once its freshness window is over (nothing kept past it)', async () => {
    const { own, advance } = await clockedApi({ recordFreshMs: 300, recordStaleMs: 0 });
    try {
      const count = () => own.calls.filter((c) => c.url.startsWith(`${CRM()}/deals/`)).length;
      await call(own.api, 'GET', deal, { as: alice });
      await call(own.api, 'GET', deal, { as: alice });
      expect(count()).toBe(1);
      advance(300);
      await call(own.api, 'GET', deal, { as: alice });
      expect(count()).toBe(2);
    } finally {
      await own.close();
    }
  });
});

/**
 * clockedApi, its clock then a minute on: the sign-in spends CRM requests too, so the reads start
 * in a minute of their own.
 */
async function signedInAMinuteLater(crm: Partial<CrmConfig>) {
  const clocked = await clockedApi(crm);
  clocked.advance(61_000);
  return clocked;
}

describe('records answered while they are read again', () => {
  const deal = `/api/rdstation/deals/${deals.implantacao.id}`;

  it('past its freshness, answers the kept record at once and reads it again once, behind the answer', async () => {
    const { own, advance } = await clockedApi({ recordFreshMs: 300, recordStaleMs: 60_000 });
    try {
      const count = () => own.calls.filter((c) => c.url.startsWith(`${CRM()}/deals/`)).length;
      await call(own.api, 'GET', deal, { as: alice });
      expect(count()).toBe(1);
      advance(350);
      const answers = await Promise.all(
        [0, 1, 2].map(() => call(own.api, 'GET', deal, { as: alice })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => dataOf(answer.json).data.id)).toEqual([
        deals.implantacao.id,
        deals.implantacao.id,
        deals.implantacao.id,
      ]);
      await until(() => count() === 2);
      // One read behind the answers, kept (or still under way): nothing more is read.
      await call(own.api, 'GET', deal, { as: alice });
      expect(count()).toBe(2);
    } finally {
      await own.close();
    }
  });

  it('does not hold a person behind a spent budget when a kept copy exists; a record never read still waits', async () => {
    const { own, advance } = await signedInAMinuteLater({
      recordFreshMs: 300,
      recordStaleMs: 60_000,
      maxRequestsPerMinute: 3,
      maxRateLimitWaitMs: 200,
    });
    try {
      const reads = () => own.calls.filter((c) => c.url.startsWith(`${CRM()}/deals/`)).length;
      const other = `/api/rdstation/deals/${deals.perdida.id}`;
      expect((await call(own.api, 'GET', deal, { as: alice })).status).toBe(200);
      expect((await call(own.api, 'GET', other, { as: alice })).status).toBe(200);
      const third = `/api/rdstation/deals/${deals.treinamento.id}`;
      expect((await call(own.api, 'GET', third, { as: alice })).status).toBe(200);
      expect(reads()).toBe(3);
      advance(350);
      // The minute's three requests are spent: the kept deal is answered at once all the same…
      const started = Date.now();
      const kept = await call(own.api, 'GET', deal, { as: alice });
      expect(kept.status).toBe(200);
      expect(dataOf(kept.json).data.id).toBe(deals.implantacao.id);
      expect(Date.now() - started).toBeLessThan(200);
      // …while a deal nobody read waits for the budget, and says the CRM is busy.
      const fresh = await call(own.api, 'GET', `/api/rdstation/deals/${deals.licencas.id}`, {
        as: alice,
      });
      expect(fresh).toMatchObject({ status: 429, json: { code: 'crm_busy' } });
      // Nothing went past the budget: the read behind the kept answer, asked before that wait,
      // gave up at once in the background.
      expect(reads()).toBe(3);
    } finally {
      await own.close();
    }
  });
});

describe('refreshes only while the minute has room', () => {
  const deal = `/api/rdstation/deals/${deals.implantacao.id}`;

  it('answers a kept record past its freshness without reading it again once half the minute is spent', async () => {
    const { own, advance } = await signedInAMinuteLater({
      recordFreshMs: 300,
      recordStaleMs: 60_000,
      maxRequestsPerMinute: 6,
      maxRateLimitWaitMs: 200,
      // No slots kept for people alone: the headroom is the only rule a refresh meets here.
      backgroundReserve: 0,
    });
    try {
      const reads = (id: string) =>
        own.calls.filter((c) => new URL(c.url).pathname === `/crm/v2/deals/${id}`).length;
      expect((await call(own.api, 'GET', deal, { as: alice })).status).toBe(200);
      advance(350);
      // Past its freshness with the minute nearly empty: answered, and read again behind.
      expect((await call(own.api, 'GET', deal, { as: alice })).status).toBe(200);
      await until(() => reads(deals.implantacao.id) === 2);
      // Two more deals a person asked for: four of the minute's six spent, two left (a refresh
      // keeps three free: half the minute).
      for (const other of [deals.perdida.id, deals.treinamento.id])
        expect(
          (await call(own.api, 'GET', `/api/rdstation/deals/${other}`, { as: alice })).status,
        ).toBe(200);
      advance(350);
      // Past its freshness again: the kept deal is answered, and not read again, since a refresh
      // would leave less than half the minute to the people who need it.
      const kept = await call(own.api, 'GET', deal, { as: alice });
      expect(kept.status).toBe(200);
      expect(dataOf(kept.json).data.id).toBe(deals.implantacao.id);
      // A person's read, asked after it, still has the minute's last two requests…
      expect(
        (await call(own.api, 'GET', `/api/rdstation/deals/${deals.licencas.id}`, { as: alice }))
          .status,
      ).toBe(200);
      // …and the refresh, asked before that read went to the CRM and back, gave up.
      expect(reads(deals.implantacao.id)).toBe(2);
    } finally {
      await own.close();
    }
  });
});

describe('reference data answered while it is read again', () => {
  it('answers at once past the TTL and reads it again once, behind the answer', async () => {
    const { own, advance } = await clockedApi({ cacheTtlMs: 300, referenceStaleMs: 60_000 });
    try {
      const count = () => own.calls.filter((c) => c.url.startsWith(`${CRM()}/campaigns`)).length;
      await call(own.api, 'GET', '/api/rdstation/campaigns', { as: alice });
      expect(count()).toBe(1);
      advance(350);
      // Past the TTL: three reads answered from the kept list, one CRM read behind them.
      const answers = await Promise.all(
        [0, 1, 2].map(() => call(own.api, 'GET', '/api/rdstation/campaigns', { as: alice })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      await until(() => count() === 2);
      await call(own.api, 'GET', '/api/rdstation/campaigns', { as: alice });
      expect(count()).toBe(2);
    } finally {
      await own.close();
    }
  });
});

describe('tenant and session gates', () => {
  it('answers 428 for a tenant without credentials and 401 for a user without session', async () => {
    await acceptTerms(h.api, beatriz);
    const noCredentials = await call(h.api, 'GET', '/api/rdstation/deals', { as: beatriz });
    expect(noCredentials.status).toBe(428);
    await configure(h.api, beatriz);
    const noSession = await call(h.api, 'GET', '/api/rdstation/deals', { as: beatriz });
    expect(noSession.status).toBe(401);
    const write = await call(h.api, 'POST', '/api/rdstation/contacts', {
      as: beatriz,
      body: { name: 'X' },
    });
    expect(write.status).toBe(401);
  });

  it('uses the CRM account of each tenant', async () => {
    await configure(h.api, beatriz, {}, 'account2');
    await login(h, beatriz, 'renata@betaservicos.com.br');
    const other = await call(h.api, 'GET', `/api/rdstation/deals/${deals.implantacao.id}`, {
      as: beatriz,
    });
    expect(other.status).toBe(404);
    const own = await call(h.api, 'GET', `/api/rdstation/deals/${ACCOUNT2.deal.id}`, {
      as: beatriz,
    });
    expect(dataOf(own.json).data.name).toBe(ACCOUNT2.deal.name);
    const fromA = await call(h.api, 'GET', `/api/rdstation/deals/${ACCOUNT2.deal.id}`, {
      as: alice,
    });
    expect(fromA.status).toBe(404);
  });
});
