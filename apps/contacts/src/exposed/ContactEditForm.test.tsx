import { act, screen, waitFor } from '@testing-library/react';
import { buildModalUrl } from '@crm-panel/contracts';
import { LiveUpdatesProvider } from '@crm-panel/api-client';
import {
  liveChangeFrame,
  liveDealChange,
  mockErrorHandler,
  MOCK_BASE_URL,
  scriptedLiveServer,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import { ContactEditForm } from './ContactEditForm';
import { expectAccessible, renderPage } from '@contacts/test-utils';

const server = setupTestServer();

const PUT_PATH = '/api/rdstation/contacts/contact-1';

const EDIT_URL = buildModalUrl('contact-edit', {
  contactId: 'contact-1',
  name: 'Maria Oliveira',
  organizationId: 'organization-1',
  organizationName: 'Acme Comércio Ltda',
});

function renderEdit(route = EDIT_URL, fakeTimers = false) {
  return renderPage(<ContactEditForm />, { route, path: '/contact-edit-modal', fakeTimers });
}

const puts = () => server.requests.filter((request) => request.method === 'PUT');
const organizationSearches = () =>
  server.requests.filter((request) => request.path === '/api/rdstation/organizations');

afterEach(() => {
  jest.useRealTimers();
});

it('starts with the name and organization of the query; organizations load 50 at a time', async () => {
  renderEdit();
  expect(screen.getByRole('heading', { name: 'Editar Contato' })).toBeInTheDocument();
  expect(screen.getByLabelText(/^Nome/)).toHaveValue('Maria Oliveira');
  expect(screen.getByRole('combobox', { name: 'Organização' })).toHaveValue('Acme Comércio Ltda');
  await waitFor(() => expect(organizationSearches()).toHaveLength(1));
  expect(organizationSearches()[0]?.query).toEqual({ limit: '50', page: '1', order: 'name' });
});

it('saves the name alone when the organization did not change, then closes with success', async () => {
  const { user, adapter } = renderEdit();
  const name = screen.getByLabelText(/^Nome/);
  await user.clear(name);
  await user.click(name);
  await user.paste('  Maria Oliveira Souza ');
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

  await waitFor(() => expect(adapter.closedForms).toEqual([{ success: true, updated: true }]));
  expect(puts().map((request) => [request.path, request.body])).toEqual([
    [PUT_PATH, { name: 'Maria Oliveira Souza' }],
  ]);
});

it('sends the organization when it changed', async () => {
  const { user, adapter } = renderEdit();
  await user.click(screen.getByRole('combobox', { name: 'Organização' }));
  await user.click(await screen.findByRole('option', { name: 'Padaria Pão Quente' }));
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

  await waitFor(() => expect(adapter.closedForms).toHaveLength(1));
  expect(puts()[0]?.body).toEqual({ name: 'Maria Oliveira', organization_id: 'organization-2' });
});

it('refuses to remove the organization, says why under it, keeps it and what was typed; another one saves', async () => {
  const { user, adapter } = renderEdit();
  const name = screen.getByLabelText(/^Nome/);
  await user.clear(name);
  await user.type(name, 'Maria O. Souza');
  const organization = screen.getByRole('combobox', { name: 'Organização' });
  await user.click(screen.getByRole('button', { name: 'Remover' }));

  const why = 'A API do RD Station CRM não prevê remover a organização do contato; escolha outra.';
  expect(organization).toHaveAccessibleDescription(why);
  expect(organization).toHaveValue('Acme Comércio Ltda');
  expect(name).toHaveValue('Maria O. Souza');
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
  await waitFor(() => expect(adapter.closedForms).toHaveLength(1));
  // The removal never went out: the name alone, the organization as it was.
  expect(puts().map((request) => request.body)).toEqual([{ name: 'Maria O. Souza' }]);
});

it('takes another organization after a refused removal, and the reason goes', async () => {
  const { user, adapter } = renderEdit();
  const organization = screen.getByRole('combobox', { name: 'Organização' });
  await user.click(screen.getByRole('button', { name: 'Remover' }));
  expect(organization).toHaveAccessibleDescription(
    'A API do RD Station CRM não prevê remover a organização do contato; escolha outra.',
  );
  await user.click(organization);
  await user.click(await screen.findByRole('option', { name: 'Padaria Pão Quente' }));
  expect(organization).not.toHaveAccessibleDescription();
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

  await waitFor(() => expect(adapter.closedForms).toHaveLength(1));
  expect(puts()[0]?.body).toEqual({ name: 'Maria Oliveira', organization_id: 'organization-2' });
});

it('a contact without an organization may pick one and take it back: nothing about it is sent', async () => {
  const { user, adapter } = renderEdit(
    buildModalUrl('contact-edit', { contactId: 'contact-1', name: 'Maria Oliveira' }),
  );
  const organization = screen.getByRole('combobox', { name: 'Organização' });
  await user.click(organization);
  await user.click(await screen.findByRole('option', { name: 'Padaria Pão Quente' }));
  await user.click(screen.getByRole('button', { name: 'Remover' }));
  expect(organization).toHaveValue('');
  expect(organization).not.toHaveAccessibleDescription();
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

  await waitFor(() => expect(adapter.closedForms).toHaveLength(1));
  expect(puts()[0]?.body).toEqual({ name: 'Maria Oliveira' });
});

it('searches organizations by name 600 ms after typing stops', async () => {
  jest.useFakeTimers();
  const { user } = renderEdit(EDIT_URL, true);
  const combobox = screen.getByRole('combobox', { name: 'Organização' });
  await user.click(combobox);
  await user.type(combobox, 'Tech');
  act(() => jest.advanceTimersByTime(600));

  expect(await screen.findByRole('option', { name: 'Tech Soluções S.A.' })).toBeInTheDocument();
  expect(organizationSearches().map((request) => request.query)).toContainEqual({
    limit: '50',
    page: '1',
    order: 'name',
    filter: 'name:~"Tech"',
  });
});

it("requires the name ('Nome do contato é obrigatório') and sends nothing", async () => {
  const { user, adapter } = renderEdit();
  await user.clear(screen.getByLabelText(/^Nome/));
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

  expect(await screen.findByText('Nome do contato é obrigatório')).toBeInTheDocument();
  expect(puts()).toHaveLength(0);
  expect(adapter.closedForms).toHaveLength(0);
});

it("shows 'Erro ao atualizar contato. Tente novamente.' and keeps what was typed", async () => {
  server.use(
    mockErrorHandler({ baseURL: MOCK_BASE_URL, method: 'put', path: PUT_PATH, status: 500 }),
  );
  const { user, adapter } = renderEdit();
  const name = screen.getByLabelText(/^Nome/);
  await user.clear(name);
  await user.click(name);
  await user.paste('Maria Nova');
  await user.click(screen.getByRole('combobox', { name: 'Organização' }));
  await user.click(await screen.findByRole('option', { name: 'Padaria Pão Quente' }));
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Erro ao atualizar contato. Tente novamente.',
  );
  expect(screen.getByLabelText(/^Nome/)).toHaveValue('Maria Nova');
  expect(screen.getByRole('combobox', { name: 'Organização' })).toHaveValue('Padaria Pão Quente');
  expect(adapter.closedForms).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Salvar Alterações' })).toBeEnabled();
});

it("prefers the server's message", async () => {
  server.use(
    mockErrorHandler({
      baseURL: MOCK_BASE_URL,
      method: 'put',
      path: PUT_PATH,
      status: 422,
      message: 'O RD Station CRM recusou os dados enviados',
    }),
  );
  const { user } = renderEdit();
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'O RD Station CRM recusou os dados enviados',
  );
});

it('cancels with success false and sends nothing', async () => {
  const { user, adapter } = renderEdit();
  await user.click(screen.getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
  expect(puts()).toHaveLength(0);
});

it('explains a query without contactId and still lets the form be closed', async () => {
  const { user, adapter } = renderEdit('/contact-edit-modal?name=Maria');
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Parâmetros inválidos em /contact-edit-modal: contactId (obrigatório)',
  );
  await user.click(screen.getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
});

it('starts without organization when the contact has none', async () => {
  const { user, adapter } = renderEdit(
    buildModalUrl('contact-edit', { contactId: 'contact-3', name: 'Fernanda Costa' }),
  );
  expect(screen.getByRole('combobox', { name: 'Organização' })).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
  await waitFor(() => expect(adapter.closedForms).toHaveLength(1));
  expect(puts()[0]?.body).toEqual({ name: 'Fernanda Costa' });
});

it('passes an accessibility check', async () => {
  const { container } = renderEdit();
  await waitFor(() => expect(organizationSearches()).toHaveLength(1));
  await expectAccessible(container);
});

it('warns when someone else changes the contact being edited, and keeps what was typed', async () => {
  const live = scriptedLiveServer();
  const { user } = renderPage(
    <LiveUpdatesProvider
      selfUserId="u-ana"
      transport={{ context: live.context, fetch: live.fetch }}
    >
      <ContactEditForm />
    </LiveUpdatesProvider>,
    { route: EDIT_URL, path: '/contact-edit-modal' },
  );
  const name = screen.getByLabelText(/^Nome/);
  await user.clear(name);
  await user.click(name);
  await user.paste('Maria O. Souza');
  await waitFor(() => expect(live.streams).toHaveLength(1));
  // Another contact changing says nothing here.
  live.streams[0]?.push(
    liveChangeFrame({
      ...liveDealChange('c0'),
      record: { type: 'contact', id: 'contact-2', dealId: null, contactId: 'contact-2' },
    }),
  );
  live.streams[0]?.push(
    liveChangeFrame({
      ...liveDealChange('c1'),
      record: { type: 'contact', id: 'contact-1', dealId: null, contactId: 'contact-1' },
    }),
  );
  expect(
    await screen.findByText(
      'Este registro foi alterado por Arthur Lima. Suas alterações não foram salvas ainda.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText(/^Nome/)).toHaveValue('Maria O. Souza');
  expect(puts()).toEqual([]);
});
