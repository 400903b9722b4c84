import { type RunningSandbox } from '@crm-sandbox/index';
import {
  type ContactJson,
  type CrmClient,
  type DealJson,
  type TaskJson,
  crmClient,
  q,
  startWithClient,
  WELL_KNOWN,
} from './helpers';

const A = WELL_KNOWN.account1;
let sandbox: RunningSandbox;
let crm: CrmClient;

beforeAll(async () => {
  ({ sandbox } = await startWithClient());
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  // Back to the strict knobs; reset drops tokens, so sign in again.
  sandbox.reset();
  crm = crmClient(sandbox, sandbox.issueTokens(A.clientId, A.users.ana.email).access_token);
});

const names = (rows: { name: string }[]) => rows.map((row) => row.name);
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

/** The list's 400 for a filter, as RD answers a list parameter it cannot use. */
async function refusal(path: string): Promise<string> {
  const { status, body } = await crm.get(path);
  expect(status).toBe(400);
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]).toMatchObject({
    status: '400',
    code: 'INVALID_FILTER',
    title: 'Bad Request',
    source: { parameter: 'filter' },
  });
  return body.errors[0]?.detail ?? '';
}

describe('each list takes exactly the fields of its "Filtro" table (400 otherwise)', () => {
  it.each([
    ['/deals', 'contact_ids:x'],
    ['/deals', 'source_id:x'],
    ['/deals', 'total_price:>100'],
    ['/contacts', 'id:x'],
    ['/contacts', 'deal_ids:x'],
    ['/organizations', 'id:x'],
    ['/users', 'name:Ana'],
    ['/users', 'email:x'],
    ['/tasks', 'id:x'],
    ['/tasks', 'name:x'],
    [`/deals/${A.deals.implantacao.id}/notes`, 'id:x'],
    [`/deals/${A.deals.implantacao.id}/products`, 'id:x'],
    ['/products', 'price:>1'],
    ['/custom_fields', 'name:x'],
    ['/sources', 'id:x'],
    ['/campaigns', 'description:x'],
    ['/lost_reasons', 'created_at:>2024-01-01'],
    ['/segments', 'id:x'],
  ])('%s refuses %s', async (path, filter) => {
    const field = filter.split(':')[0] ?? '';
    expect(await refusal(`${path}?${q(filter)}`)).toContain(`Unknown field '${field}'`);
  });

  it('names the allowed fields in the detail', async () => {
    expect(await refusal(`/contacts?${q('nome:~Ana')}`)).toBe(
      "Unknown field 'nome' for contacts (at position 1); filterable fields on contacts: name, job_title, email, phone, organization_id, created_at, updated_at, @<custom field slug>",
    );
    expect(await refusal(`/deals?${q('contact_ids:x')}`)).toBe(
      "Unknown field 'contact_ids' for deals (at position 1); filterable fields on deals: id, name, rating, status, closed_at, created_at, updated_at, expected_close_date, organization_id, stage_id, lost_reason_id, campaign_id, owner_id, pipeline_id, product_ids, has:product, @<custom field slug>",
    );
    expect(await refusal(`/users?${q('name:Ana')}`)).toBe(
      "Unknown field 'name' for users (at position 1); filterable fields on users: is:active, is:visible",
    );
  });

  it.each(['/pipelines', `/pipelines/${A.pipelines.vendas.id}/stages`, '/webhooks'])(
    '%s takes no filter at all',
    async (path) => {
      expect(await refusal(`${path}?${q('name:x')}`)).toMatch(
        /^(pipelines|stages|webhooks) cannot be filtered: RD documents no filter for them$/,
      );
    },
  );

  it('answers a syntax error with 400 too', async () => {
    expect(await refusal(`/deals?${q('(status:won')}`)).toContain(
      "Missing ')' for the '(' opened (at position 1)",
    );
    expect(await refusal('/deals?filter=')).toBe('filter is empty');
  });
});

describe('operators', () => {
  it('~ only where the page says "match": deal and contact names, job titles', async () => {
    const mariana = await crm.get<ContactJson[]>(`/contacts?${q('name:~"MARIANA COSTA"')}`);
    expect(names(mariana.body.data)).toEqual(['Mariana Costa']);
    const title = await crm.get<ContactJson[]>(`/contacts?${q('job_title:~"gerente de compras"')}`);
    expect(names(title.body.data)).toContain('Mariana Costa');
    const deals = await crm.get<DealJson[]>(`/deals?${q('name:~"costa & filhos"')}&sort[name]=asc`);
    expect(names(deals.body.data)).toEqual([
      A.deals.implantacao.name,
      A.deals.licencas.name,
      A.deals.treinamento.name,
    ]);
    for (const [path, filter] of [
      ['/contacts', 'email:~gmail'],
      ['/contacts', 'phone:~9876'],
      ['/products', 'name:~Plano'],
      ['/organizations', 'name:~Costa'],
      ['/custom_fields', 'slug:~seg'],
      ['/deals', 'status:~won'],
    ] as const) {
      expect(await refusal(`${path}?${q(filter)}`)).toContain(
        `Operator ':~' is not supported for '${filter.split(':')[0]}' (supported: :)`,
      );
    }
  });

  it('~ ignores case but not accents; : is the same text (strict)', async () => {
    const accents = await crm.get<ContactJson[]>(`/contacts?${q('name:~"juliana ribeiro"')}`);
    expect(names(accents.body.data)).toEqual(['Juliana Ribeiro']);
    const exact = await crm.get<ContactJson[]>(`/contacts?${q('name:"Mariana Costa"')}`);
    expect(names(exact.body.data)).toEqual(['Mariana Costa']);
    expect((await crm.get(`/contacts?${q('name:"mariana costa"')}`)).body.data).toEqual([]);
    const deal = A.deals.implantacao.name;
    expect((await crm.get(`/deals?${q('name:~"implantacao crm - costa"')}`)).body.data).toEqual([]);
    sandbox.setKnobs({ containsFoldsAccents: true, exactTextFolds: true });
    const folded = await crm.get<DealJson[]>(`/deals?${q('name:~"implantacao crm - costa"')}`);
    expect(names(folded.body.data)).toEqual([deal]);
    const lower = await crm.get<ContactJson[]>(`/contacts?${q('name:"mariana costa"')}`);
    expect(names(lower.body.data)).toEqual(['Mariana Costa']);
  });

  it(':> :< :>= :<= only on number, date and date-time fields', async () => {
    const rated = await crm.get<DealJson[]>(`/deals?${q('rating:>=4')}&page[size]=100`);
    expect(rated.body.data.length).toBeGreaterThan(0);
    expect(rated.body.data.every((deal) => deal.rating >= 4)).toBe(true);
    const due = await crm.get<TaskJson[]>(
      `/tasks?${q(`deal_id:${A.deals.implantacao.id} due_date:>2000-01-01`)}`,
    );
    expect(due.body.data).toHaveLength(7);
    expect(await refusal(`/deals?${q('owner_id:>a')}`)).toContain(
      "Operator ':>' is not supported for 'owner_id' (supported: :)",
    );
    expect(await refusal(`/deals?${q('name:>a')}`)).toContain(
      "Operator ':>' is not supported for 'name' (supported: : :~)",
    );
  });

  it('IN, NOT IN and - on any documented field, ids included', async () => {
    const both = await crm.get<DealJson[]>(
      `/deals?${q(`id:(${A.deals.implantacao.id},${A.deals.licencas.id})`)}&sort[name]=asc`,
    );
    expect(names(both.body.data)).toEqual([A.deals.implantacao.name, A.deals.licencas.name]);
    const open = await crm.get<TaskJson[]>(
      `/tasks?${q(`deal_id:${A.deals.implantacao.id} -status:(completed,canceled)`)}&sort[due_date]=asc`,
    );
    expect(open.body.data.map((task) => [task.type, task.status])).toEqual([
      ['meeting', 'open'],
      ['call', 'open'],
      ['email', 'open'],
      ['task', 'open'],
    ]);
  });

  it('or, parentheses, custom fields, product_ids and has:product on deals', async () => {
    const { body } = await crm.get<DealJson[]>(
      `/deals?${q(`id:(${A.deals.implantacao.id},${A.deals.treinamento.id},${A.deals.licencas.id}) (status:won or @segmento:Varejo)`)}&sort[name]=asc`,
    );
    expect(names(body.data)).toEqual([
      A.deals.implantacao.name,
      A.deals.licencas.name,
      A.deals.treinamento.name,
    ]);
    const varejo = await crm.get<DealJson[]>(
      `/deals?${q(`id:(${A.deals.implantacao.id},${A.deals.licencas.id}) @segmento:varejo`)}`,
    );
    expect(varejo.body.data).toEqual([]);
    const orcamento = await crm.get<DealJson[]>(`/deals?${q('@id_orcamento_erp:ORC-2025-00123')}`);
    expect(names(orcamento.body.data)).toEqual([A.deals.implantacao.name]);
    const withPlano = await crm.get<DealJson[]>(
      `/deals?${q(`product_ids:${A.products.planoPro.id}`)}&page[size]=100`,
    );
    expect(ids(withPlano.body.data)).toContain(A.deals.implantacao.id);
    const without = await crm.get<DealJson[]>(`/deals?${q('-has:product')}&page[size]=100`);
    expect(without.body.data.every((deal) => deal.total_price === 0)).toBe(true);
  });

  it('AND / OR only in lower case unless keywordsAnyCase', async () => {
    expect(await refusal(`/deals?${q('status:won OR status:lost')}`)).toContain(
      "Expected ':' after 'OR'",
    );
    sandbox.setKnobs({ keywordsAnyCase: true });
    expect((await crm.get(`/deals?${q('status:won OR status:lost')}`)).status).toBe(200);
  });

  it('null is a plain value unless nullLiteral', async () => {
    const plain = await crm.get<DealJson[]>(
      `/deals?${q(`id:(${A.deals.implantacao.id},${A.deals.perdida.id}) -lost_reason_id:null`)}`,
    );
    expect(plain.body.data).toHaveLength(2);
    sandbox.setKnobs({ nullLiteral: true });
    const lost = await crm.get<DealJson[]>(
      `/deals?${q(`id:(${A.deals.implantacao.id},${A.deals.perdida.id}) -lost_reason_id:null`)}`,
    );
    expect(names(lost.body.data)).toEqual([A.deals.perdida.name]);
  });
});

describe('contacts by e-mail and phone', () => {
  it('e-mail: any of the addresses, exactly', async () => {
    const { body } = await crm.get<ContactJson[]>(
      `/contacts?${q('email:mariana.costa@gmail.com')}`,
    );
    expect(ids(body.data)).toEqual([A.contact.id]);
    expect((await crm.get(`/contacts?${q('email:MARIANA.COSTA@gmail.com')}`)).body.data).toEqual(
      [],
    );
  });

  it('phone: equal to a number as stored (typed), whatever form it was typed in', async () => {
    const found = async (phone: string) =>
      names((await crm.get<ContactJson[]>(`/contacts?${q(`phone:"${phone}"`)}`)).body.data);
    expect(await found('+5511987654321')).toEqual([A.contact.name]);
    expect(await found('21998765432')).toEqual([A.contactWithoutCountryCode.name]);
    expect(await found('(41) 8877-6655')).toEqual([A.contactWithoutNinthDigit.name]);
    for (const other of ['11987654321', '5511987654321', '+5521998765432', '4188776655']) {
      expect(await found(other)).toEqual([]);
    }
  });

  it('phoneMatch digits: the stored digits contain the query digits (the old reading)', async () => {
    sandbox.setKnobs({ phoneMatch: 'digits' });
    const found = async (phone: string) =>
      names((await crm.get<ContactJson[]>(`/contacts?${q(`phone:${phone}`)}`)).body.data);
    expect(await found('11987654321')).toEqual([A.contact.name]);
    expect(await found('88776655')).toEqual([A.contactWithoutNinthDigit.name]);
    expect(await found('5521998765432')).toEqual([]);
  });

  it('organization_id', async () => {
    const { body } = await crm.get<ContactJson[]>(
      `/contacts?${q(`organization_id:${A.organization.id}`)}`,
    );
    expect(names(body.data)).toEqual(['Mariana Costa']);
  });
});

describe('name filters whose pages do not say "match"', () => {
  it.each([
    ['organizations', A.organization.name, 'Costa & Filhos'],
    ['lost_reasons', A.lostReasons.precoAlto.name, 'Preço'],
    ['sources', A.sources.indicacao.name, 'Indica'],
    ['campaigns', A.campaigns.webinar.name, 'Webinar'],
  ] as const)('%s: exact name only; nameContainsOn opens ~', async (resource, name, part) => {
    const exact = await crm.get<{ name: string }[]>(`/${resource}?${q(`name:"${name}"`)}`);
    expect(names(exact.body.data)).toEqual([name]);
    expect(await refusal(`/${resource}?${q(`name:~"${part}"`)}`)).toContain(
      "Operator ':~' is not supported for 'name' (supported: :)",
    );
    sandbox.setKnobs({ nameContainsOn: [resource] });
    const contains = await crm.get<{ name: string }[]>(`/${resource}?${q(`name:~"${part}"`)}`);
    expect(names(contains.body.data)).toContain(name);
  });

  it('segments too', async () => {
    expect(await refusal(`/segments?${q('name:~a')}`)).toContain("Operator ':~'");
    sandbox.setKnobs({ nameContainsOn: ['segments'] });
    expect((await crm.get(`/segments?${q('name:~a')}`)).status).toBe(200);
  });
});

describe('the other lists', () => {
  it('users: is:active and is:visible', async () => {
    const all = await crm.get<{ name: string }[]>('/users');
    const active = await crm.get<{ name: string }[]>(`/users?${q('is:active')}`);
    const hidden = await crm.get<{ name: string }[]>(`/users?${q('-is:visible')}`);
    expect(names(all.body.data)).toContain(A.users.gustavo.name);
    expect(names(active.body.data)).not.toContain(A.users.gustavo.name);
    expect(active.body.data).toHaveLength(5);
    expect(names(hidden.body.data)).toEqual([A.users.gustavo.name]);
  });

  it('tasks: deal_id, type, status, owner_ids', async () => {
    const { body } = await crm.get<TaskJson[]>(
      `/tasks?${q(`deal_id:${A.deals.implantacao.id} type:(visit,lunch) owner_ids:${A.users.ana.id}`)}`,
    );
    expect(body.data.every((task) => task.owner_ids.includes(A.users.ana.id))).toBe(true);
    expect(body.data.every((task) => ['visit', 'lunch'].includes(task.type))).toBe(true);
  });

  it('notes: is:pinned and user_id; deal products: product_id', async () => {
    const notes = `/deals/${A.deals.implantacao.id}/notes`;
    const pinned = await crm.get<{ pinned_at: string | null }[]>(`${notes}?${q('is:pinned')}`);
    expect(pinned.body.data.length).toBeGreaterThan(0);
    expect(pinned.body.data.every((note) => note.pinned_at !== null)).toBe(true);
    const items = await crm.get<{ product_id: string }[]>(
      `/deals/${A.deals.implantacao.id}/products?${q(`product_id:${A.products.planoPro.id}`)}`,
    );
    expect(items.body.data.map((item) => item.product_id)).toEqual([A.products.planoPro.id]);
  });

  it('products: exact name, is:visible; custom fields: entity, slug, is:required', async () => {
    const product = await crm.get<{ id: string }[]>(
      `/products?${q(`name:"${A.products.planoPro.name}" is:visible`)}`,
    );
    expect(ids(product.body.data)).toEqual([A.products.planoPro.id]);
    const slugs = await crm.get<{ slug: string }[]>(
      `/custom_fields?${q('entity:deal slug:segmento')}`,
    );
    expect(slugs.body.data.map((row) => row.slug)).toEqual(['segmento']);
    expect((await crm.get(`/custom_fields?${q('is:required or -is:required')}`)).status).toBe(200);
  });
});
