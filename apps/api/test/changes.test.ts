import { type RecordChange } from '@api/changes/recordChange';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  call,
  configure,
  freshPeople,
  login,
  startHarness,
} from './support/harness';

// Every write made through the api publishes one RecordChange on the app's feed, after
// the CRM (or the store) accepted it, described by the write route itself.

let h: Harness;
let alice: Identity;
let seen: RecordChange[];
let stop: () => void;

const { deals, contact, pipelines, products, dealProducts, users } = ACCOUNT1;
const stages = pipelines.vendas.stages;
const PANEL = { 'x-attendance-id': 'at-77', 'x-chat-id': 'chat-42' };

beforeAll(async () => {
  h = await startHarness({ sandbox: { rateLimitPerMinute: 0 } });
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  ({ alice } = freshPeople());
  await configure(h.api, alice);
  await login(h, alice);
  seen = [];
  stop = h.api.changes.subscribe((change) => seen.push(change));
});
afterEach(() => stop());

/**
 * The one change a write published, without its random id and clock, nor the live stream's
 * transport hints (panelTab, crmUpdatedAt: their own test below).
 */
function onlyChange(): Omit<RecordChange, 'id' | 'at' | 'panelTab' | 'crmUpdatedAt'> {
  expect(seen).toHaveLength(1);
  const [change] = seen;
  if (!change) throw new Error('nenhuma mudança publicada');
  expect(change.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number.isNaN(Date.parse(change.at))).toBe(false);
  const { id: _id, at: _at, panelTab: _tab, crmUpdatedAt: _stamp, ...rest } = change;
  return rest;
}

const ANA = () => ({
  userId: 'alice',
  verified: true,
  name: users.ana.name,
  crmUserId: users.ana.id,
});

const base = (record: RecordChange['record']) => ({
  systemKey: alice.systemKey,
  origin: 'panel' as const,
  actor: ANA(),
  attendanceId: 'at-77',
  chatId: 'chat-42',
  // The panel here declares ids only: no names of where.
  contactName: null,
  channelName: null,
  record,
});

async function write(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = PANEL,
) {
  const result = await call(h.api, method, url, { as: alice, body, headers });
  expect([200, 201]).toContain(result.status);
  return result;
}

describe('live stream hints', () => {
  it("carries the panel's tab and the updated_at the CRM answered with (its webhook echo's)", async () => {
    const tab = '0b7d7e3c-5f7b-4c1e-9a57-6d1f2b8c9e01';
    const result = await write(
      'PUT',
      `/api/rdstation/deals/${deals.implantacao.id}`,
      { rating: 2 },
      { ...PANEL, 'x-panel-tab': tab },
    );
    const answered = (result.json.data as { data: { updated_at: string } }).data.updated_at;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ panelTab: tab, crmUpdatedAt: answered });
  });
});

describe('deal writes', () => {
  it('a stage change after the deal was read: before from what the api served, after from the payload', async () => {
    const read = await call(h.api, 'GET', `/api/rdstation/deals/${deals.implantacao.id}`, {
      as: alice,
    });
    const before = (read.json.data as { data: { stage_id: string } }).data.stage_id;
    expect(before).toBe(stages[3]?.id);
    await write('PUT', `/api/rdstation/deals/${deals.implantacao.id}`, {
      stage_id: stages[4]?.id,
    });
    expect(onlyChange()).toEqual({
      ...base({
        type: 'deal',
        id: deals.implantacao.id,
        // The record's own name, from the CRM's answer to the write (the audit list shows it).
        name: deals.implantacao.name,
        dealId: deals.implantacao.id,
        dealName: deals.implantacao.name,
        contactId: null,
      }),
      action: 'updated',
      // No stage list was read in this process: the stages' names are unknown and their ids stay.
      fields: [{ field: 'stage_id', before: stages[3]?.id, after: stages[4]?.id }],
    });
  });

  it('a deal this process never saw: before is null, and one CRM request for the write', async () => {
    const crmCalls = h.calls.length;
    await write('PUT', `/api/rdstation/deals/${deals.treinamento.id}`, {
      status: 'won',
      rating: 4,
    });
    expect(h.calls.slice(crmCalls).filter((c) => c.url.includes('/crm/v2/'))).toHaveLength(1);
    expect(onlyChange()).toMatchObject({
      record: { type: 'deal', id: deals.treinamento.id, dealId: deals.treinamento.id },
      action: 'updated',
      fields: [
        { field: 'status', before: null, after: 'won' },
        { field: 'rating', before: null, after: '4' },
      ],
    });
  });

  it('the second write of a deal has the first one as its before; unchanged fields are left out', async () => {
    const url = `/api/rdstation/deals/${deals.licencas.id}`;
    await write('PUT', url, { rating: 2 });
    seen = [];
    stop();
    stop = h.api.changes.subscribe((change) => seen.push(change));
    await write('PUT', url, { rating: 5, name: deals.licencas.name });
    expect(onlyChange().fields).toEqual([{ field: 'rating', before: '2', after: '5' }]);
  });

  it('setting only the contacts of a deal is a dealContacts change', async () => {
    await write('PUT', `/api/rdstation/deals/${deals.perdida.id}`, {
      contact_ids: [contact.id],
    });
    expect(onlyChange()).toMatchObject({
      record: { type: 'dealContacts', id: deals.perdida.id, dealId: deals.perdida.id },
      fields: [{ field: 'contact_ids', before: null, after: contact.id }],
    });
  });

  it('a created deal carries the id the CRM gave it', async () => {
    const created = await write('POST', '/api/rdstation/deals', {
      name: 'Nova negociação',
      pipeline_id: pipelines.vendas.id,
      stage_id: stages[0]?.id,
      owner_id: users.ana.id,
    });
    const id = (created.json.data as { data: { id: string } }).data.id;
    expect(onlyChange()).toEqual({
      ...base({
        type: 'deal',
        id,
        name: 'Nova negociação',
        dealId: id,
        dealName: 'Nova negociação',
        contactId: null,
      }),
      action: 'created',
      fields: [
        { field: 'name', before: null, after: 'Nova negociação' },
        { field: 'pipeline_id', before: null, after: pipelines.vendas.id },
        { field: 'stage_id', before: null, after: stages[0]?.id },
        // Ana is who this session acts as: her name is known since sign-in; the funnel's and the
        // stage's are not (nothing listed them in this process), so their ids stay.
        { field: 'owner_id', before: null, after: users.ana.id, afterLabel: 'Ana Paula Ferreira' },
      ],
    });
  });
});

describe('notes, tasks and products', () => {
  it('a note: only an 80-character preview of its body, and no author id (the actor is the author)', async () => {
    const body = `${'Cliente pediu proposta revisada. '.repeat(5)}FIM`;
    const created = await write('POST', `/api/rdstation/deals/${deals.implantacao.id}/notes`, {
      description: body,
    });
    const id = (created.json.data as { data: { id: string } }).data.id;
    const preview = `${body.replace(/\s+/g, ' ').slice(0, 79)}…`;
    expect(preview).toHaveLength(80);
    expect(onlyChange()).toEqual({
      // A note has no name: the list names it by its id.
      ...base({ type: 'note', id, name: null, dealId: deals.implantacao.id, contactId: null }),
      action: 'created',
      fields: [{ field: 'description', before: null, after: preview }],
    });
  });

  it('a task created, then completed: its deal from the payload, then from the CRM answer', async () => {
    const created = await write('POST', '/api/rdstation/tasks', {
      name: 'Ligar para a cliente',
      type: 'call',
      due_date: '2030-05-10T14:00:00.000Z',
      owner_ids: [users.ana.id],
      deal_id: deals.implantacao.id,
    });
    const id = (created.json.data as { data: { id: string } }).data.id;
    expect(onlyChange()).toEqual({
      ...base({
        type: 'task',
        id,
        name: 'Ligar para a cliente',
        dealId: deals.implantacao.id,
        contactId: null,
      }),
      action: 'created',
      fields: [
        { field: 'name', before: null, after: 'Ligar para a cliente' },
        { field: 'type', before: null, after: 'call', afterLabel: 'Ligação' },
        { field: 'due_date', before: null, after: '2030-05-10T14:00:00.000Z' },
        {
          field: 'owner_ids',
          before: null,
          after: users.ana.id,
          afterLabel: 'Ana Paula Ferreira',
        },
        { field: 'deal_id', before: null, after: deals.implantacao.id },
      ],
    });
    seen = [];
    await write('PUT', `/api/rdstation/tasks/${id}`, { status: 'completed' });
    expect(onlyChange()).toMatchObject({
      record: { type: 'task', id, dealId: deals.implantacao.id },
      action: 'updated',
      fields: [
        {
          field: 'status',
          before: 'open',
          after: 'completed',
          beforeLabel: 'Aberta',
          afterLabel: 'Concluída',
        },
      ],
    });
  });

  it('deal products: added, changed after the list was read, removed', async () => {
    const url = `/api/rdstation/deals/${deals.implantacao.id}/products`;
    const added = await write('POST', url, {
      product_id: products.suporte.id,
      price: 4800,
      quantity: 1,
    });
    const id = (added.json.data as { data: { id: string } }).data.id;
    expect(onlyChange()).toMatchObject({
      record: { type: 'dealProduct', id, dealId: deals.implantacao.id, contactId: null },
      action: 'created',
      fields: [
        { field: 'product_id', before: null, after: products.suporte.id },
        { field: 'price', before: null, after: '4800' },
        { field: 'quantity', before: null, after: '1' },
      ],
    });
    await call(h.api, 'GET', url, { as: alice });
    seen = [];
    await write('PUT', `${url}/${dealProducts.implantacaoOneTimeAmount}`, { quantity: 3 });
    expect(onlyChange()).toMatchObject({
      record: { type: 'dealProduct', id: dealProducts.implantacaoOneTimeAmount },
      action: 'updated',
      fields: [{ field: 'quantity', before: '1', after: '3' }],
    });
    seen = [];
    await write('DELETE', `${url}/${dealProducts.implantacaoOneTimeAmount}`);
    expect(onlyChange()).toMatchObject({
      record: { type: 'dealProduct', id: dealProducts.implantacaoOneTimeAmount },
      action: 'deleted',
      fields: [{ field: 'product_id', before: products.implantacao.id, after: null }],
    });
  });
});

describe('contacts, mappings and last deals', () => {
  it('a contact edit after the contact was read', async () => {
    await call(h.api, 'GET', `/api/rdstation/contacts/${contact.id}`, { as: alice });
    await write('PUT', `/api/rdstation/contacts/${contact.id}`, { name: 'Mariana C. Costa' });
    expect(onlyChange()).toEqual({
      ...base({
        type: 'contact',
        id: contact.id,
        name: 'Mariana C. Costa',
        dealId: null,
        contactId: contact.id,
      }),
      action: 'updated',
      fields: [{ field: 'name', before: contact.name, after: 'Mariana C. Costa' }],
    });
    // Put the sandbox's contact back for the other tests.
    await write('PUT', `/api/rdstation/contacts/${contact.id}`, { name: contact.name });
  });

  it('a contact created with its mapping: two changes, the mapping with no before', async () => {
    const created = await write('POST', '/api/rdstation/contacts/with-mapping', {
      contact: { name: 'Pedro Alves' },
      contactId: 'host-contact-9',
    });
    const id = (created.json.data as { contact: { id: string } }).contact.id;
    expect(seen.map(({ record, action, fields }) => ({ record, action, fields }))).toEqual([
      {
        record: { type: 'contact', id, name: 'Pedro Alves', dealId: null, contactId: id },
        action: 'created',
        fields: [{ field: 'name', before: null, after: 'Pedro Alves' }],
      },
      {
        record: { type: 'contactMapping', id: 'host-contact-9', dealId: null, contactId: id },
        action: 'created',
        fields: [
          { field: 'rdstationContactId', before: null, after: id, afterLabel: 'Pedro Alves' },
        ],
      },
    ]);
  });

  it('a mapping moved to another CRM contact: before from the store', async () => {
    const url = '/api/rdstation/contact-mapping';
    await write('POST', url, { contactId: 'host-1', rdstationContactId: contact.id });
    seen = [];
    await write('POST', url, { contactId: 'host-1', rdstationContactId: 'crm-2' });
    expect(onlyChange()).toEqual({
      ...base({ type: 'contactMapping', id: 'host-1', dealId: null, contactId: 'crm-2' }),
      action: 'updated',
      fields: [{ field: 'rdstationContactId', before: contact.id, after: 'crm-2' }],
    });
  });

  it('the last deal of a contact, set then cleared', async () => {
    const url = `/api/rdstation/contact/${contact.id}/last-deal`;
    await write('POST', url, { dealId: deals.implantacao.id });
    expect(onlyChange()).toMatchObject({
      record: {
        type: 'lastDeal',
        id: contact.id,
        dealId: deals.implantacao.id,
        contactId: contact.id,
      },
      action: 'created',
      fields: [{ field: 'dealId', before: null, after: deals.implantacao.id }],
    });
    seen = [];
    await write('POST', url, { dealId: null });
    expect(onlyChange()).toMatchObject({
      record: { type: 'lastDeal', dealId: null },
      action: 'updated',
      fields: [{ field: 'dealId', before: deals.implantacao.id, after: null }],
    });
  });
});

describe('the panel context and refusals', () => {
  it('no attendance or chat declared: both null', async () => {
    await write('PUT', `/api/rdstation/deals/${deals.implantacao.id}`, { rating: 1 }, {});
    expect(onlyChange()).toMatchObject({ attendanceId: null, chatId: null });
  });

  it('a chat id that is no host id is refused (400) and nothing is published', async () => {
    const result = await call(h.api, 'PUT', `/api/rdstation/deals/${deals.implantacao.id}`, {
      as: alice,
      body: { rating: 1 },
      headers: { 'x-chat-id': 'a/b' },
    });
    expect(result.status).toBe(400);
    expect(seen).toEqual([]);
  });

  it('a write the CRM refuses publishes nothing', async () => {
    const result = await call(h.api, 'PUT', '/api/rdstation/deals/deal-que-nao-existe', {
      as: alice,
      body: { rating: 1 },
      headers: PANEL,
    });
    expect(result.status).toBe(404);
    expect(seen).toEqual([]);
  });
});

describe('names recorded with ids, as they were at the write (never a CRM request more)', () => {
  const { sources, contactWithoutNinthDigit } = ACCOUNT1;
  const crmCallsSince = (index: number) =>
    h.calls.slice(index).filter((c) => c.url.includes('/crm/v2/'));

  it('stage, owner and source of a deal the general tab showed: names before → after, one CRM request', async () => {
    const url = `/api/rdstation/deals/${deals.licencas.id}`;
    // What the general tab reads: the deal, the funnel's stages, users and sources.
    for (const read of [
      url,
      `/api/rdstation/pipelines/${pipelines.vendas.id}/stages`,
      '/api/rdstation/users',
      '/api/rdstation/sources',
    ])
      expect((await call(h.api, 'GET', read, { as: alice })).status).toBe(200);
    const crmCalls = h.calls.length;
    await write('PUT', url, {
      stage_id: stages[4]?.id,
      owner_id: users.bruno.id,
      source_id: sources.whatsapp.id,
    });
    expect(crmCallsSince(crmCalls)).toHaveLength(1);
    expect(onlyChange().fields).toEqual([
      {
        field: 'stage_id',
        before: stages[5]?.id,
        after: stages[4]?.id,
        beforeLabel: 'Fechamento',
        afterLabel: 'Negociação',
      },
      {
        field: 'owner_id',
        before: users.ana.id,
        after: users.bruno.id,
        beforeLabel: 'Ana Paula Ferreira',
        afterLabel: 'Bruno Carvalho',
      },
      { field: 'source_id', before: null, after: sources.whatsapp.id, afterLabel: 'WhatsApp' },
    ]);
    // Put the sandbox's deal back for the other tests.
    await write('PUT', url, { stage_id: stages[5]?.id, owner_id: users.ana.id });
  });

  it("a deal's status by its pt-BR label, and a name the process never saw kept as an id", async () => {
    await write('PUT', `/api/rdstation/deals/${deals.perdida.id}`, {
      status: 'paused',
      stage_id: stages[1]?.id,
    });
    expect(onlyChange().fields).toEqual([
      { field: 'status', before: null, after: 'paused', afterLabel: 'Pausada' },
      { field: 'stage_id', before: null, after: stages[1]?.id },
    ]);
  });

  it('the product of a deal product, the contacts of a deal, and the last deal by their names', async () => {
    const dealUrl = `/api/rdstation/deals/${deals.implantacao.id}`;
    for (const read of [
      `/api/rdstation/products/${products.suporte.id}`,
      `/api/rdstation/contacts/${contact.id}`,
      dealUrl,
    ])
      expect((await call(h.api, 'GET', read, { as: alice })).status).toBe(200);
    const crmCalls = h.calls.length;
    await write('POST', `${dealUrl}/products`, {
      product_id: products.suporte.id,
      price: 4800,
      quantity: 1,
    });
    expect(onlyChange().fields[0]).toEqual({
      field: 'product_id',
      before: null,
      after: products.suporte.id,
      afterLabel: 'Suporte Premium Anual',
    });
    seen = [];
    // One contact known by name, one never seen: the list names the one and keeps the other's id.
    await write('PUT', dealUrl, { contact_ids: [contact.id, contactWithoutNinthDigit.id] });
    const contactsChange = onlyChange();
    // A deal's contact list goes by the deal's name.
    expect(contactsChange.record).toMatchObject({
      type: 'dealContacts',
      name: deals.implantacao.name,
    });
    expect(contactsChange.fields).toEqual([
      {
        field: 'contact_ids',
        before: contact.id,
        after: `${contact.id}, ${contactWithoutNinthDigit.id}`,
        beforeLabel: 'Mariana Costa',
        afterLabel: `Mariana Costa, ${contactWithoutNinthDigit.id}`,
      },
    ]);
    seen = [];
    await write('POST', `/api/rdstation/contact/${contact.id}/last-deal`, {
      dealId: deals.implantacao.id,
    });
    const lastDeal = onlyChange();
    // A contact's last deal goes by the contact's name, as this process read it.
    expect(lastDeal.record).toMatchObject({ type: 'lastDeal', name: 'Mariana Costa' });
    expect(lastDeal.fields).toEqual([
      {
        field: 'dealId',
        before: null,
        after: deals.implantacao.id,
        afterLabel: deals.implantacao.name,
      },
    ]);
    // Two CRM writes (the last deal is the api's own store), and no CRM read for any name.
    expect(crmCallsSince(crmCalls)).toHaveLength(2);
    await write('PUT', dealUrl, { contact_ids: [contact.id] });
  });
});
