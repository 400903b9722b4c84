import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@crm-panel/crm-model';
import { getErrorMessage } from '@api-client/client/errors';
import {
  contactsFixture,
  HOST_CONTACT_ID_FIXTURE,
  mockErrorHandler,
  setupTestServer,
} from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import {
  createContact,
  createContactWithMapping,
  getContact,
  getContactMapping,
  getLastDeal,
  listContacts,
  saveContactMapping,
  saveLastDeal,
  updateContact,
  type CreatedContactWithMapping,
} from './contacts';

const server = setupTestServer();

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('listContacts', () => {
  it('GET /api/rdstation/contacts?limit=200&page=1&order=name&direction=asc without a filter when not searching', async () => {
    const page = await listContacts();

    expect(page).toEqual({
      data: [...contactsFixture].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
      next: null,
      limitedTo: null,
    });
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/contacts',
      query: { limit: '200', page: '1', order: 'name', direction: 'asc' },
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('searches a name with name:~"…" (accents and case ignored by the CRM)', async () => {
    const page = await listContacts({ search: '  maria ', page: 2 });

    expect(server.lastRequest().query).toEqual({
      limit: '200',
      page: '2',
      order: 'name',
      direction: 'asc',
      filter: 'name:~"maria"',
    });
    expect(page.data).toEqual([]);
  });

  it('searches an e-mail with email:~"…"', async () => {
    const page = await listContacts({ search: 'joao@paoquente' });

    expect(server.lastRequest().query.filter).toBe('email:~"joao@paoquente"');
    expect(page.data.map((contact) => contact.id)).toEqual(['contact-2']);
  });

  it('searches a phone by its digits with phone:"…"', async () => {
    const page = await listContacts({ search: '(11) 98765-4321' });

    expect(server.lastRequest().query.filter).toBe('phone:"11987654321"');
    expect(page.data.map((contact) => contact.id)).toEqual(['contact-1']);
  });
});

describe('contact records', () => {
  it('createContact: POST /api/rdstation/contacts with the payload, reads data.data.data', async () => {
    const payload = {
      name: 'Paula Nogueira',
      emails: [{ email: 'paula@exemplo.com.br', type: 'work' }],
      phones: [{ phone: '+55 31 99999-0000', type: 'cellphone' }],
      job_title: 'Gerente',
    };

    const created = await createContact(payload);

    expect(created).toMatchObject({
      ...payload,
      emails: [{ email: 'paula@exemplo.com.br' }],
      id: expect.any(String),
    });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/contacts',
      query: {},
      body: payload,
      headers: IDENTITY_HEADERS,
    });
    await expect(getContact(created.id)).resolves.toEqual(created);
  });

  it('getContact: GET /api/rdstation/contacts/{id}, reads data.data.data', async () => {
    await expect(getContact('contact-1')).resolves.toEqual(contactsFixture[0]);
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/contacts/contact-1',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('updateContact: PUT /api/rdstation/contacts/{id} with { name, organization_id } when the organization changed', async () => {
    const updated = await updateContact('contact-3', {
      name: 'Fernanda C. Costa',
      organization_id: 'organization-2',
    });

    expect(updated).toMatchObject({
      id: 'contact-3',
      name: 'Fernanda C. Costa',
      organization_id: 'organization-2',
    });
    expect(server.lastRequest()).toEqual({
      method: 'PUT',
      path: '/api/rdstation/contacts/contact-3',
      query: {},
      body: { name: 'Fernanda C. Costa', organization_id: 'organization-2' },
      headers: IDENTITY_HEADERS,
    });
  });

  it('updateContact sends only { name } when the organization did not change', async () => {
    await updateContact('contact-1', { name: 'Maria O.' });
    expect(server.lastRequest().body).toEqual({ name: 'Maria O.' });
  });
});

describe('contact mapping', () => {
  it('getContactMapping: GET /api/rdstation/contact-mapping/{hostContactId} → { mapped, rdstationContactId, lastDealId }', async () => {
    await expect(getContactMapping(HOST_CONTACT_ID_FIXTURE)).resolves.toEqual({
      mapped: true,
      rdstationContactId: 'contact-1',
      lastDealId: 'deal-1',
    });
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: `/api/rdstation/contact-mapping/${HOST_CONTACT_ID_FIXTURE}`,
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
    await expect(getContactMapping('host-desconhecido')).resolves.toEqual({
      mapped: false,
      rdstationContactId: null,
    });
  });

  it('saveContactMapping: POST /api/rdstation/contact-mapping with { contactId, rdstationContactId }', async () => {
    await saveContactMapping({ contactId: 'host-contact-9', rdstationContactId: 'contact-2' });

    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/contact-mapping',
      query: {},
      body: { contactId: 'host-contact-9', rdstationContactId: 'contact-2' },
      headers: IDENTITY_HEADERS,
    });
    await expect(getContactMapping('host-contact-9')).resolves.toEqual({
      mapped: true,
      rdstationContactId: 'contact-2',
      lastDealId: null,
    });
  });

  it('getContactMapping reads a lastDealId that is not an id as no last deal, and leaves it out when the api does', async () => {
    const answer = (data: Record<string, unknown>) =>
      server.use(
        http.get(`${server.baseURL}/api/rdstation/contact-mapping/:id`, () =>
          HttpResponse.json({ data }),
        ),
      );
    answer({ mapped: true, rdstationContactId: 'contact-1', lastDealId: '' });
    await expect(getContactMapping('h')).resolves.toEqual({
      mapped: true,
      rdstationContactId: 'contact-1',
      lastDealId: null,
    });
    answer({ mapped: true, rdstationContactId: 'contact-1' });
    await expect(getContactMapping('h')).resolves.toEqual({
      mapped: true,
      rdstationContactId: 'contact-1',
    });
    answer({ mapped: false, rdstationContactId: null, lastDealId: 'deal-1' });
    await expect(getContactMapping('h')).resolves.toEqual({
      mapped: false,
      rdstationContactId: null,
    });
  });
});

describe('last selected deal', () => {
  it('getLastDeal: GET /api/rdstation/contact/{id}/last-deal → the dealId', async () => {
    await expect(getLastDeal('contact-1')).resolves.toBe('deal-1');
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/contact/contact-1/last-deal',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
    await expect(getLastDeal('contact-2')).resolves.toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('getLastDeal resolves null on any error and logs "Erro ao buscar último deal selecionado"', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/contact/:id/last-deal',
        status: 500,
        message: 'Falha',
      }),
    );

    await expect(getLastDeal('contact-1')).resolves.toBeNull();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(
      'Erro ao buscar último deal selecionado',
      expect.anything(),
    );
  });

  it('getLastDeal resolves null when the network fails', async () => {
    server.use(
      http.get(`${server.baseURL}/api/rdstation/contact/:id/last-deal`, () => HttpResponse.error()),
    );

    await expect(getLastDeal('contact-1')).resolves.toBeNull();
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.deal.lastDealReadError, expect.anything());
  });

  it('saveLastDeal: POST /api/rdstation/contact/{id}/last-deal with { dealId }, and null clears it', async () => {
    await saveLastDeal('contact-2', 'deal-2');
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/contact/contact-2/last-deal',
      query: {},
      body: { dealId: 'deal-2' },
      headers: IDENTITY_HEADERS,
    });
    await expect(getLastDeal('contact-2')).resolves.toBe('deal-2');

    await saveLastDeal('contact-2', null);
    expect(server.lastRequest().body).toEqual({ dealId: null });
    await expect(getLastDeal('contact-2')).resolves.toBeNull();
  });

  it('saveLastDeal swallows errors and logs "Erro ao salvar último deal selecionado"', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'post',
        path: '/api/rdstation/contact/:id/last-deal',
        status: 502,
      }),
    );

    await expect(saveLastDeal('contact-1', 'deal-4')).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(
      'Erro ao salvar último deal selecionado',
      expect.anything(),
    );
  });
});

describe('createContactWithMapping', () => {
  const contact = {
    name: 'Roberto Alves',
    emails: [{ email: 'roberto@exemplo.com.br', type: 'work' }],
    phones: [{ phone: '+55 41 98888-7777', type: 'cellphone' }],
    job_title: 'Diretor',
    organization_id: 'organization-3',
  };

  it('POST /api/rdstation/contacts/with-mapping with { contact, contactId } and the mapping is saved', async () => {
    const result: CreatedContactWithMapping = await createContactWithMapping(
      contact,
      'host-contact-7',
    );

    expect(result.success).toBe(true);
    expect(result.contact).toMatchObject({
      ...contact,
      emails: [{ email: 'roberto@exemplo.com.br' }],
    });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/contacts/with-mapping',
      query: {},
      body: { contact, contactId: 'host-contact-7' },
      headers: IDENTITY_HEADERS,
    });
    await expect(getContactMapping('host-contact-7')).resolves.toEqual({
      mapped: true,
      rdstationContactId: result.rdstationContactId,
      lastDealId: null,
    });
  });

  it('accepts a contact answered with _id', async () => {
    server.use(
      http.post(`${server.baseURL}/api/rdstation/contacts/with-mapping`, () =>
        HttpResponse.json(
          { data: { success: true, contact: { _id: 'abc123', name: 'Roberto Alves' } } },
          { status: 201 },
        ),
      ),
    );

    await expect(createContactWithMapping(contact, 'host-contact-7')).resolves.toMatchObject({
      rdstationContactId: 'abc123',
    });
  });

  it('rejects with "Contato criado sem ID" when the answer has no id', async () => {
    server.use(
      http.post(`${server.baseURL}/api/rdstation/contacts/with-mapping`, () =>
        HttpResponse.json(
          { data: { success: true, contact: { name: 'Roberto Alves' } } },
          { status: 201 },
        ),
      ),
    );

    const error = await createContactWithMapping(contact, 'host-contact-7').catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Contato criado sem ID');
    expect(getErrorMessage(error, MESSAGES.contacts.createError)).toBe('Contato criado sem ID');
  });
});
