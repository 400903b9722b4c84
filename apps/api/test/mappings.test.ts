import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import {
  ACCOUNT1,
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
let arthur: Identity;
let beatriz: Identity;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  h = await startHarness({ sharedSandbox: sandbox });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});
beforeEach(async () => {
  ({ alice, arthur, beatriz } = freshPeople());
  // These routes sit behind the terms and the tenant's credentials, as every tenant route does.
  await configure(h.api, alice);
  await configure(h.api, beatriz);
  await acceptTerms(h.api, arthur);
});

describe('contact mapping', () => {
  it('reads unmapped, maps, remaps; shared by users of the tenant, invisible to other tenants', async () => {
    const read = (who: Identity) =>
      call(h.api, 'GET', '/api/rdstation/contact-mapping/5511999990000%40c.us', { as: who });
    expect((await read(alice)).json).toEqual({ data: { mapped: false, rdstationContactId: null } });
    const saved = await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
      as: alice,
      body: { contactId: '5511999990000@c.us', rdstationContactId: ACCOUNT1.contact.id },
    });
    expect(saved).toMatchObject({
      status: 200,
      json: { data: { mapped: true, rdstationContactId: ACCOUNT1.contact.id } },
    });
    expect((await read(alice)).json).toEqual({
      data: { mapped: true, rdstationContactId: ACCOUNT1.contact.id, lastDealId: null },
    });
    expect((await read(arthur)).json).toEqual({
      data: { mapped: true, rdstationContactId: ACCOUNT1.contact.id, lastDealId: null },
    });
    expect((await read(beatriz)).json).toEqual({
      data: { mapped: false, rdstationContactId: null },
    });

    await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
      as: beatriz,
      body: { contactId: '5511999990000@c.us', rdstationContactId: 'crm-da-beatriz' },
    });
    expect((await read(alice)).json).toEqual({
      data: { mapped: true, rdstationContactId: ACCOUNT1.contact.id, lastDealId: null },
    });
    expect((await read(beatriz)).json).toEqual({
      data: { mapped: true, rdstationContactId: 'crm-da-beatriz', lastDealId: null },
    });
  });

  it("a linked chat's mapping carries its contact's last deal, as the last-deal route answers it", async () => {
    const chat = '/api/rdstation/contact-mapping/chat-com-negociacao';
    await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
      as: alice,
      body: { contactId: 'chat-com-negociacao', rdstationContactId: ACCOUNT1.contact.id },
    });
    const lastDeal = `/api/rdstation/contact/${ACCOUNT1.contact.id}/last-deal`;
    const chosen = ACCOUNT1.deals.implantacao.id;
    await call(h.api, 'POST', lastDeal, { as: alice, body: { dealId: chosen } });
    expect((await call(h.api, 'GET', chat, { as: arthur })).json).toEqual({
      data: { mapped: true, rdstationContactId: ACCOUNT1.contact.id, lastDealId: chosen },
    });
    expect((await call(h.api, 'GET', lastDeal, { as: arthur })).json).toEqual({ dealId: chosen });

    await call(h.api, 'POST', lastDeal, { as: alice, body: { dealId: null } });
    expect((await call(h.api, 'GET', chat, { as: alice })).json).toEqual({
      data: { mapped: true, rdstationContactId: ACCOUNT1.contact.id, lastDealId: null },
    });
    // Another tenant's chat of the same id knows nothing of it.
    expect((await call(h.api, 'GET', chat, { as: beatriz })).json).toEqual({
      data: { mapped: false, rdstationContactId: null },
    });
  });

  it('validates the body', async () => {
    const missing = await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
      as: alice,
      body: { contactId: 'x' },
    });
    expect(missing).toMatchObject({
      status: 400,
      json: { message: "O campo 'rdstationContactId' é obrigatório." },
    });
    const bad = await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
      as: alice,
      body: { contactId: 'x', rdstationContactId: '../etc' },
    });
    expect(bad).toMatchObject({
      status: 400,
      json: { message: "O campo 'rdstationContactId' tem um formato inválido." },
    });
  });
});

describe('last selected deal', () => {
  it('stores a deal per CRM contact and tenant, and clears it with null', async () => {
    const url = `/api/rdstation/contact/${ACCOUNT1.contact.id}/last-deal`;
    expect((await call(h.api, 'GET', url, { as: alice })).json).toEqual({ dealId: null });
    const saved = await call(h.api, 'POST', url, {
      as: alice,
      body: { dealId: ACCOUNT1.deals.implantacao.id },
    });
    expect(saved).toMatchObject({ status: 200, json: { dealId: ACCOUNT1.deals.implantacao.id } });
    expect((await call(h.api, 'GET', url, { as: arthur })).json).toEqual({
      dealId: ACCOUNT1.deals.implantacao.id,
    });
    expect((await call(h.api, 'GET', url, { as: beatriz })).json).toEqual({ dealId: null });
    await call(h.api, 'POST', url, { as: beatriz, body: { dealId: 'deal-b' } });
    expect((await call(h.api, 'GET', url, { as: alice })).json).toEqual({
      dealId: ACCOUNT1.deals.implantacao.id,
    });
    await call(h.api, 'POST', url, { as: alice, body: { dealId: null } });
    expect((await call(h.api, 'GET', url, { as: alice })).json).toEqual({ dealId: null });
    const missing = await call(h.api, 'POST', url, { as: alice, body: {} });
    expect(missing).toMatchObject({
      status: 400,
      json: { message: "O campo 'dealId' é obrigatório." },
    });
  });
});

describe('POST /api/rdstation/contacts/with-mapping', () => {
  const contact = {
    name: 'Lucas Almeida',
    emails: [{ email: 'lucas@example.com', type: 'work' }],
    phones: [{ phone: '+5511955554444', type: 'cellphone' }],
    job_title: 'Gerente',
    organization_id: ACCOUNT1.organization.id,
  };

  it('creates the CRM contact and saves the mapping', async () => {
    await login(h, alice);
    const result = await call(h.api, 'POST', '/api/rdstation/contacts/with-mapping', {
      as: alice,
      body: { contact, contactId: 'chat-lucas' },
    });
    expect(result.status).toBe(201);
    const data = result.json.data as { success: boolean; contact: Record<string, unknown> };
    expect(data.success).toBe(true);
    expect(data.contact).toMatchObject({
      name: 'Lucas Almeida',
      job_title: 'Gerente',
      phones: [{ phone: '+5511955554444', type: 'mobile' }],
    });
    const mapping = await call(h.api, 'GET', '/api/rdstation/contact-mapping/chat-lucas', {
      as: alice,
    });
    expect(mapping.json).toEqual({
      data: { mapped: true, rdstationContactId: data.contact.id, lastDealId: null },
    });
  });

  it('answers "Contato criado sem ID" and saves no mapping when the CRM answers without id', async () => {
    // A CRM that answers a created contact without id (nor _id).
    const withoutId: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (init?.method !== 'POST' || !url.endsWith('/crm/v2/contacts')) return response;
      const body = (await response.json()) as { data: Record<string, unknown> };
      const { id: _id, ...rest } = body.data;
      return new Response(JSON.stringify({ data: rest }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    };
    const own = await startHarness({ sharedSandbox: sandbox, api: { fetch: withoutId } });
    try {
      await configure(own.api, alice);
      await login(own, alice);
      const result = await call(own.api, 'POST', '/api/rdstation/contacts/with-mapping', {
        as: alice,
        body: { contact, contactId: 'chat-sem-id' },
      });
      expect(result).toMatchObject({ status: 502, json: { message: 'Contato criado sem ID' } });
      const mapping = await call(own.api, 'GET', '/api/rdstation/contact-mapping/chat-sem-id', {
        as: alice,
      });
      expect(mapping.json).toEqual({ data: { mapped: false, rdstationContactId: null } });
    } finally {
      await own.close();
    }
  });

  it('validates the payload and needs a session', async () => {
    const noName = await call(h.api, 'POST', '/api/rdstation/contacts/with-mapping', {
      as: alice,
      body: { contact: { job_title: 'x' }, contactId: 'c' },
    });
    expect(noName).toMatchObject({
      status: 400,
      json: { message: "O campo 'contact.name' é obrigatório." },
    });
    const noContactId = await call(h.api, 'POST', '/api/rdstation/contacts/with-mapping', {
      as: alice,
      body: { contact },
    });
    expect(noContactId).toMatchObject({
      status: 400,
      json: { message: "O campo 'contactId' é obrigatório." },
    });
    const noSession = await call(h.api, 'POST', '/api/rdstation/contacts/with-mapping', {
      as: alice,
      body: { contact, contactId: 'c' },
    });
    expect(noSession.status).toBe(401);
    const other = freshPeople().alice;
    await acceptTerms(h.api, other);
    const noCredentials = await call(h.api, 'POST', '/api/rdstation/contacts/with-mapping', {
      as: other,
      body: { contact, contactId: 'c' },
    });
    expect(noCredentials.status).toBe(428);
  });
});
