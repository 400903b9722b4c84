import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { contactQueryOptions } from '@crm-panel/api-client';
import {
  contactsFixture,
  mockErrorHandler,
  MOCK_BASE_URL,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import { ContactHeader } from './ContactHeader';
import { expectAccessible, renderPage, settle } from '@contacts/test-utils';

const server = setupTestServer();

const gets = (path: string) =>
  server.requests.filter((request) => request.method === 'GET' && request.path === path);

it("says 'Nenhum contato selecionado' without a contact and asks nothing", async () => {
  renderPage(<ContactHeader contactId={null} />);
  await settle();
  expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
  expect(server.requests).toHaveLength(0);
});

it('shows a skeleton, then the name linking to the CRM in a new tab and the organization', async () => {
  renderPage(<ContactHeader contactId="contact-1" />);
  expect(screen.getByText('Carregando dados do contato...')).toBeInTheDocument();

  const link = await screen.findByRole('link', { name: /Maria Oliveira/ });
  expect(link).toHaveAttribute('href', 'https://crm.rdstation.com/app/contacts/contact-1');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  expect(await screen.findByText('Acme Comércio Ltda')).toBeInTheDocument();

  expect(gets('/api/rdstation/contacts/contact-1')).toHaveLength(1);
  expect(gets('/api/rdstation/organizations/organization-1')).toHaveLength(1);
  expect(server.requests.every((request) => request.headers['x-user-id'] !== undefined)).toBe(true);
});

it('shows the contact in the commit its answer arrives in, not in a deferred render after it', async () => {
  // A deferred header waited for every other deferred render of the panel (the 'Geral' tab's
  // status and custom fields share React's one deferred lane): 80–200 ms after the deal's card.
  // In the commit where the panel first has the answer, the header shows the contact.
  const headerShownWithAnswer: boolean[] = [];
  function SameAnswerAtOnce() {
    const { data } = useQuery(contactQueryOptions('contact-1'));
    useLayoutEffect(() => {
      if (data)
        headerShownWithAnswer.push(screen.queryByRole('link', { name: /Maria Oliveira/ }) !== null);
    });
    return null;
  }
  renderPage(
    <>
      <ContactHeader contactId="contact-1" />
      <SameAnswerAtOnce />
    </>,
  );
  expect(await screen.findByRole('link', { name: /Maria Oliveira/ })).toBeInTheDocument();
  expect(await screen.findByText('Acme Comércio Ltda')).toBeInTheDocument();
  expect(headerShownWithAnswer[0]).toBe(true);
  expect(gets('/api/rdstation/contacts/contact-1')).toHaveLength(1);
  expect(gets('/api/rdstation/organizations/organization-1')).toHaveLength(1);
});

it('asks for no organization when the contact has none', async () => {
  renderPage(<ContactHeader contactId="contact-3" />);
  expect(await screen.findByRole('link', { name: /Fernanda Costa/ })).toBeInTheDocument();
  expect(screen.getByText('Sem organização')).toBeInTheDocument();
  expect(server.requests.map((request) => request.path)).toEqual([
    '/api/rdstation/contacts/contact-3',
  ]);
});

it("shows 'Erro ao carregar dados do contato' on failure and loads again on retry", async () => {
  server.use(
    http.get(
      `${MOCK_BASE_URL}/api/rdstation/contacts/contact-1`,
      () => HttpResponse.json({ message: 'Falha temporária' }, { status: 500 }),
      { once: true },
    ),
  );
  const { user } = renderPage(<ContactHeader contactId="contact-1" />);

  expect(await screen.findByText('Erro ao carregar dados do contato')).toBeInTheDocument();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(await screen.findByRole('link', { name: /Maria Oliveira/ })).toBeInTheDocument();
  expect(screen.queryByText('Erro ao carregar dados do contato')).not.toBeInTheDocument();
  expect(gets('/api/rdstation/contacts/contact-1')).toHaveLength(1);
});

it('treats an unknown contact (404) as a load failure', async () => {
  server.use(
    mockErrorHandler({
      baseURL: MOCK_BASE_URL,
      method: 'get',
      path: '/api/rdstation/contacts/contact-1',
      status: 404,
    }),
  );
  renderPage(<ContactHeader contactId="contact-1" />);
  expect(await screen.findByText('Erro ao carregar dados do contato')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
});

it('reloads the contact and its organization with the refresh button', async () => {
  const { user } = renderPage(<ContactHeader contactId="contact-1" />);
  await screen.findByText('Acme Comércio Ltda');

  const stored = server.db.state.contacts.find((item) => item.id === 'contact-1');
  if (!stored) throw new Error('fixture contact-1 missing');
  stored.name = 'Maria Oliveira Souza';
  const organization = server.db.state.organizations.find((item) => item.id === 'organization-1');
  if (!organization) throw new Error('fixture organization-1 missing');
  organization.name = 'Acme Comércio S.A.';

  await user.click(screen.getByRole('button', { name: 'Atualizar contato' }));
  expect(await screen.findByRole('link', { name: /Maria Oliveira Souza/ })).toBeInTheDocument();
  expect(await screen.findByText('Acme Comércio S.A.')).toBeInTheDocument();
  expect(gets('/api/rdstation/contacts/contact-1')).toHaveLength(2);
  expect(gets('/api/rdstation/organizations/organization-1')).toHaveLength(2);
});

it('opens /contact-edit-modal with the contact and reloads after a successful edit', async () => {
  const { user, adapter } = renderPage(<ContactHeader contactId="contact-1" />);
  await screen.findByText('Acme Comércio Ltda');

  await user.click(screen.getByRole('button', { name: 'Editar contato' }));
  expect(adapter.openedForms).toHaveLength(1);
  expect(adapter.openedForms[0]?.route).toBe('contact-edit');
  expect(adapter.openedForms[0]?.query).toEqual({
    contactId: 'contact-1',
    name: 'Maria Oliveira',
    organizationId: 'organization-1',
    organizationName: 'Acme Comércio Ltda',
  });

  const stored = server.db.state.contacts.find((item) => item.id === 'contact-1');
  if (!stored) throw new Error('fixture contact-1 missing');
  stored.name = 'Maria Editada';
  stored.organization_id = 'organization-2';
  act(() => adapter.resolveModal({ success: true, updated: true }));

  expect(await screen.findByRole('link', { name: /Maria Editada/ })).toBeInTheDocument();
  expect(await screen.findByText('Padaria Pão Quente')).toBeInTheDocument();
});

it('does not reload when the edit form was cancelled', async () => {
  const { user, adapter } = renderPage(<ContactHeader contactId="contact-1" />);
  await screen.findByText('Acme Comércio Ltda');
  await user.click(screen.getByRole('button', { name: 'Editar contato' }));

  act(() => adapter.resolveModal({ success: false }));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(gets('/api/rdstation/contacts/contact-1')).toHaveLength(1);
});

it("never shows the previous chat's contact when its answer arrives late", async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let answered = false;
  server.use(
    http.get(`${MOCK_BASE_URL}/api/rdstation/contacts/contact-1`, async () => {
      await held;
      answered = true;
      return HttpResponse.json({ data: { data: contactsFixture[0] } });
    }),
  );
  function ChatSwitch() {
    const [contactId, setContactId] = useState('contact-1');
    return (
      <>
        <button type="button" onClick={() => setContactId('contact-2')}>
          Outro atendimento
        </button>
        <ContactHeader contactId={contactId} />
      </>
    );
  }
  const { user } = renderPage(<ChatSwitch />);
  await user.click(screen.getByRole('button', { name: 'Outro atendimento' }));
  expect(await screen.findByRole('link', { name: /João Pereira/ })).toBeInTheDocument();

  await act(async () => {
    release();
    await held;
  });
  await waitFor(() => expect(answered).toBe(true));
  // Let the late answer reach the cache before looking.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(screen.getByRole('link', { name: /João Pereira/ })).toBeInTheDocument();
  expect(screen.queryByText(/Maria Oliveira/)).not.toBeInTheDocument();
});

it('names its actions for assistive technology', async () => {
  renderPage(<ContactHeader contactId="contact-2" />);
  const region = await screen.findByRole('region', { name: 'Contato' });
  await within(region).findByText('Padaria Pão Quente');
  expect(within(region).getByRole('heading', { name: /João Pereira/ })).toBeInTheDocument();
  expect(within(region).getByRole('button', { name: 'Atualizar contato' })).toBeEnabled();
  expect(within(region).getByRole('button', { name: 'Editar contato' })).toBeEnabled();
});

it('passes an accessibility check once loaded', async () => {
  const { container } = renderPage(<ContactHeader contactId="contact-1" />);
  await screen.findByText('Acme Comércio Ltda');
  await expectAccessible(container);
});
