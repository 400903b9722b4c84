import { createAccounts } from '@crm-sandbox/store/accounts';
import { type AccountStore } from '@crm-sandbox/store/AccountStore';
import { TASK_STATUSES, TASK_TYPES } from '@crm-sandbox/store/records';
import { WELL_KNOWN } from './fixtures';

const NOW = Date.parse('2025-06-02T15:00:00.000Z');
const A = WELL_KNOWN.account1;

function store(accountId: string, seed = 1): AccountStore {
  const account = createAccounts(seed, () => NOW).get(accountId);
  if (!account) throw new Error(`missing account ${accountId}`);
  return account.store;
}

describe('account 1 seed (Acme Soluções Ltda)', () => {
  const acme = store(A.id);

  it('is big enough to need paging', () => {
    expect(acme.deals.size).toBe(A.counts.deals);
    expect(acme.deals.size).toBeGreaterThanOrEqual(250);
    expect(acme.contacts.size).toBeGreaterThanOrEqual(300);
    expect(acme.organizations.size).toBeGreaterThanOrEqual(40);
    expect(acme.products.size).toBeGreaterThanOrEqual(60);
    expect(acme.users.size).toBeGreaterThanOrEqual(5);
    expect(acme.users.size).toBeLessThanOrEqual(8);
  });

  it('has the three pipelines with 4 to 6 stages each', () => {
    const pipelines = acme.pipelines.all();
    expect(pipelines.map((pipeline) => pipeline.name)).toEqual([
      'Funil de Vendas',
      'Pós-venda',
      'Parcerias',
    ]);
    for (const pipeline of pipelines) {
      const count = acme.stagesOf(pipeline.id).length;
      expect(count).toBeGreaterThanOrEqual(4);
      expect(count).toBeLessThanOrEqual(6);
    }
  });

  it('spreads deals over pipelines, statuses, owners, 1-3 contacts, ratings 0-5', () => {
    const deals = acme.deals.all();
    expect(new Set(deals.map((deal) => deal.status))).toEqual(
      new Set(['ongoing', 'paused', 'won', 'lost']),
    );
    expect(new Set(deals.map((deal) => deal.pipeline_id)).size).toBe(3);
    for (const deal of deals) {
      expect(deal.contact_ids.length).toBeGreaterThanOrEqual(1);
      expect(deal.contact_ids.length).toBeLessThanOrEqual(3);
      expect(deal.rating).toBeGreaterThanOrEqual(0);
      expect(deal.rating).toBeLessThanOrEqual(5);
      expect(acme.stages.get(deal.stage_id)?.pipeline_id).toBe(deal.pipeline_id);
      expect(acme.users.has(deal.owner_id)).toBe(true);
      for (const id of deal.contact_ids) expect(acme.contacts.has(id)).toBe(true);
      if (deal.status === 'lost') expect(deal.lost_reason_id).not.toBeNull();
      if (deal.status === 'won' || deal.status === 'lost') expect(deal.closed_at).not.toBeNull();
      else expect(deal.closed_at).toBeNull();
    }
    expect(deals.some((deal) => deal.source_id && deal.campaign_id && deal.organization_id)).toBe(
      true,
    );
    expect(deals.some((deal) => Object.keys(deal.custom_fields).length >= 3)).toBe(true);
  });

  it('stores Brazilian mobiles mostly in E.164, some without +55 or without the ninth digit', () => {
    const phones = acme.contacts
      .all()
      .flatMap((contact) => contact.phones.map((phone) => phone.phone));
    const e164 = phones.filter((phone) => /^\+55\d{2}9\d{8}$/.test(phone));
    expect(e164.length / phones.length).toBeGreaterThan(0.5);
    expect(phones.some((phone) => /^\d{2}9\d{8}$/.test(phone))).toBe(true);
    expect(phones.some((phone) => /^\+55\d{2}[6-9]\d{7}$/.test(phone))).toBe(true);
    const mariana = phones.filter((phone) => phone.replace(/\D/g, '').endsWith('987654321'));
    expect(mariana).toEqual([A.contact.phone]);
  });

  it('has products with long descriptions and the catalogue of reference data', () => {
    expect(acme.products.all().some((product) => (product.description ?? '').length > 60)).toBe(
      true,
    );
    expect(acme.lostReasons.all().map((reason) => reason.name)).toEqual(
      expect.arrayContaining(['Preço alto', 'Escolheu concorrente']),
    );
    expect(acme.customFieldsFor('deal').map((field) => field.type)).toEqual(
      expect.arrayContaining(['text', 'date', 'option']),
    );
  });

  it('has notes with HTML, tasks of every type and status, items of both discounts and all frequencies', () => {
    const notes = acme.notes.all().map((note) => note.description);
    for (const tag of ['<p>', '<b>', '<ul>', '<a href='])
      expect(notes.some((text) => text.includes(tag))).toBe(true);
    const tasks = acme.tasks.all();
    expect(new Set(tasks.map((task) => task.type))).toEqual(new Set(TASK_TYPES));
    expect(new Set(tasks.map((task) => task.status))).toEqual(new Set(TASK_STATUSES));
    const items = acme.dealProducts.all();
    expect(new Set(items.map((item) => item.discount_type))).toEqual(
      new Set(['amount', 'percentage']),
    );
    expect(new Set(items.map((item) => item.billing_frequency))).toEqual(
      new Set(['one-time', 'monthly', 'annually']),
    );
  });

  it('gives Mariana Costa deals with notes, tasks and products', () => {
    const contact = acme.contacts.get(A.contact.id);
    expect(contact).toMatchObject({
      name: 'Mariana Costa',
      phones: [{ phone: '+5511987654321', type: 'mobile' }, expect.anything()],
    });
    const deals = acme.deals.all().filter((deal) => deal.contact_ids.includes(A.contact.id));
    expect(deals.length).toBeGreaterThanOrEqual(2);
    const main = acme.deals.get(A.deals.implantacao.id);
    expect(main).toMatchObject({
      name: A.deals.implantacao.name,
      status: 'ongoing',
      total_price: 8219.55,
    });
    expect(
      acme.notes.all().filter((note) => note.deal_id === A.deals.implantacao.id).length,
    ).toBeGreaterThanOrEqual(2);
    expect(acme.tasks.all().filter((task) => task.deal_id === A.deals.implantacao.id)).toHaveLength(
      7,
    );
    expect(acme.productsOfDeal(A.deals.implantacao.id)).toHaveLength(3);
    expect(acme.contacts.all().filter((c) => c.name === 'Mariana Costa')).toHaveLength(1);
  });

  it('keeps every past timestamp before the seeding moment', () => {
    const past = [
      ...acme.deals.all().flatMap((deal) => [deal.created_at, deal.updated_at, deal.closed_at]),
      ...acme.notes.all().map((note) => note.registered_at),
      ...acme.contacts.all().map((contact) => contact.created_at),
    ].filter((value): value is string => value !== null);
    expect(past.every((value) => Date.parse(value) < NOW)).toBe(true);
  });

  it('is deterministic per seed and keeps well-known records for any seed', () => {
    const again = store(A.id);
    expect(again.deals.all()).toEqual(acme.deals.all());
    const other = store(A.id, 99);
    expect(other.deals.all()).not.toEqual(acme.deals.all());
    expect(other.deals.get(A.deals.implantacao.id)?.name).toBe(A.deals.implantacao.name);
    expect(other.contacts.get(A.contact.id)?.name).toBe('Mariana Costa');
  });
});

describe('account 2 seed (Beta Serviços ME)', () => {
  it('is small and different', () => {
    const beta = store(WELL_KNOWN.account2.id);
    expect(beta.users.size).toBe(2);
    expect(beta.pipelines.size).toBe(1);
    expect(beta.deals.size).toBe(10);
    expect(beta.contacts.size).toBe(15);
    const acmeIds = new Set(
      store(A.id)
        .deals.all()
        .map((deal) => deal.id),
    );
    expect(beta.deals.all().some((deal) => acmeIds.has(deal.id))).toBe(false);
  });
});
