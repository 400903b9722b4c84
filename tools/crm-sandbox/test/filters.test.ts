import { type RunningSandbox } from '../src/index';
import {
  type ContactJson,
  type CrmClient,
  type DealJson,
  type TaskJson,
  q,
  startWithClient,
  WELL_KNOWN,
} from './helpers';

const A = WELL_KNOWN.account1;
let sandbox: RunningSandbox;
let crm: CrmClient;

beforeAll(async () => {
  ({ sandbox, crm } = await startWithClient());
});

afterAll(async () => {
  await sandbox.close();
});

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('RDQL over HTTP', () => {
  it('finds contacts by name contains, ignoring case and accents', async () => {
    const { status, body } = await crm.get<ContactJson[]>(
      `/contacts?${q('name:~"MARIANA COSTA"')}`,
    );
    expect(status).toBe(200);
    expect(names(body.data)).toEqual(['Mariana Costa']);
    const accents = await crm.get<ContactJson[]>(`/contacts?${q('name:~ribeiro')}&page[size]=200`);
    expect(names(accents.body.data)).toContain('Juliana Ribeiro');
  });

  it('finds contacts by exact e-mail (any of their addresses)', async () => {
    const { body } = await crm.get<ContactJson[]>(
      `/contacts?${q('email:MARIANA.COSTA@gmail.com')}`,
    );
    expect(body.data.map((contact) => contact.id)).toEqual([A.contact.id]);
  });

  it('finds contacts by phone digits, whatever the formatting stored or asked', async () => {
    for (const phone of ['+5511987654321', '5511987654321', '11987654321', '"(11) 98765-4321"']) {
      const { body } = await crm.get<ContactJson[]>(`/contacts?${q(`phone:${phone}`)}`);
      expect(body.data.map((contact) => contact.id)).toEqual([A.contact.id]);
    }
    // Stored as 21998765432: a query with the country code does not match it, the local part does.
    const withCountry = await crm.get<ContactJson[]>(`/contacts?${q('phone:5521998765432')}`);
    expect(withCountry.body.data).toEqual([]);
    const local = await crm.get<ContactJson[]>(`/contacts?${q('phone:21998765432')}`);
    expect(names(local.body.data)).toEqual([A.contactWithoutCountryCode.name]);
    // Stored without the ninth digit: only the last eight digits find it.
    const eight = await crm.get<ContactJson[]>(`/contacts?${q('phone:88776655')}`);
    expect(names(eight.body.data)).toEqual([A.contactWithoutNinthDigit.name]);
  });

  it('filters contacts by organization_id', async () => {
    const { body } = await crm.get<ContactJson[]>(
      `/contacts?${q(`organization_id:${A.organization.id}`)}`,
    );
    expect(names(body.data)).toEqual(['Mariana Costa']);
  });

  it('finds deals whose contact_ids include a contact', async () => {
    const { body } = await crm.get<DealJson[]>(
      `/deals?${q(`contact_ids:${A.contact.id}`)}&sort[name]=asc`,
    );
    expect(names(body.data)).toEqual([
      A.deals.implantacao.name,
      A.deals.licencas.name,
      A.deals.treinamento.name,
    ]);
    const open = await crm.get<DealJson[]>(
      `/deals?${q(`contact_ids:${A.contact.id} -status:(won,lost)`)}&sort[name]=asc`,
    );
    expect(names(open.body.data)).toEqual([A.deals.implantacao.name, A.deals.treinamento.name]);
  });

  it('combines or, parentheses, comparisons, custom fields and has:product on deals', async () => {
    const { body } = await crm.get<DealJson[]>(
      `/deals?${q(`contact_ids:${A.contact.id} (status:won or @segmento:varejo) total_price:>1000`)}&sort[name]=asc`,
    );
    expect(names(body.data)).toEqual([A.deals.implantacao.name, A.deals.treinamento.name]);
    const orcamento = await crm.get<DealJson[]>(`/deals?${q('@id_orcamento_erp:ORC-2025-00123')}`);
    expect(names(orcamento.body.data)).toEqual([A.deals.implantacao.name]);
    const withProducts = await crm.get<DealJson[]>(`/deals?${q('has:product')}&page[size]=200`);
    const without = await crm.get<DealJson[]>(`/deals?${q('-has:product')}&page[size]=200`);
    expect(withProducts.body.data.every((deal) => deal.total_price >= 0)).toBe(true);
    expect(without.body.data.every((deal) => deal.total_price === 0)).toBe(true);
    const total = (
      await crm.get<DealJson[]>(`/deals?${q('has:product or -has:product')}&page[size]=1`)
    ).body.links.last;
    expect(total).toContain(`page[number]=${A.counts.deals}`);
  });

  it('filters tasks by deal_id, status and type', async () => {
    const { body } = await crm.get<TaskJson[]>(
      `/tasks?${q(`deal_id:${A.deals.implantacao.id} status:open`)}&sort[due_date]=asc`,
    );
    expect(body.data.map((task) => [task.type, task.status])).toEqual([
      ['meeting', 'open'],
      ['call', 'open'],
      ['email', 'open'],
      ['task', 'open'],
    ]);
    const calls = await crm.get<TaskJson[]>(
      `/tasks?${q(`deal_id:${A.deals.implantacao.id} type:(visit,lunch)`)}`,
    );
    expect(calls.body.data.map((task) => task.status).sort()).toEqual(['canceled', 'completed']);
  });

  it('filters users with is:active', async () => {
    const all = await crm.get<{ name: string }[]>('/users');
    const active = await crm.get<{ name: string }[]>(`/users?${q('is:active')}`);
    expect(names(all.body.data)).toContain(A.users.gustavo.name);
    expect(names(active.body.data)).not.toContain(A.users.gustavo.name);
    expect(active.body.data).toHaveLength(5);
  });

  it('answers 422 with a helpful message for unknown fields and unsupported operators', async () => {
    const unknown = await crm.get(`/contacts?${q('nome:~Ana')}`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([
      {
        status: '422',
        code: 'INVALID_FILTER',
        title: 'Unprocessable Entity',
        detail:
          "Unknown field 'nome' for contacts; filterable fields: id, name, job_title, email, phone, organization_id, created_at, updated_at, @<custom field slug> (at position 1)",
        source: { parameter: 'filter' },
      },
    ]);
    const product = await crm.get(`/products?${q('name:~Plano')}`);
    expect(product.status).toBe(422);
    expect(product.body.errors[0]?.detail).toBe(
      "Operator ':~' is not supported for 'name' (supported: :) (at position 1)",
    );
    const syntax = await crm.get(`/deals?${q('(status:won')}`);
    expect(syntax.status).toBe(422);
    expect(syntax.body.errors[0]?.detail).toBe("Missing ')' for the '(' opened (at position 1)");
  });

  it('finds products by exact name only', async () => {
    const { body } = await crm.get<{ id: string }[]>(
      `/products?${q(`name:"${A.products.planoPro.name}"`)}`,
    );
    expect(body.data.map((product) => product.id)).toEqual([A.products.planoPro.id]);
  });
});
