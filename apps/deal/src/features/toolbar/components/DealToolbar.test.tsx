import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { type Deal } from '@crm-panel/crm-model';
import {
  dealsFixture,
  mockErrorHandler,
  mockHeldHandler,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import { renderWithProviders } from '@deal/test-utils';
import { DealToolbar } from './DealToolbar';

const server = setupTestServer();

const dealRequests = () =>
  server.requests.filter((request) => request.path === '/api/rdstation/deals');
/** The lists of every deal (no contact filter): what 'Todas as negociações' reads. */
const allDealRequests = () =>
  dealRequests().filter((request) => !String(request.query.filter ?? '').includes('contact_ids'));

/** A chat contact with no deal of their own in the mock world: the picker opens on every deal. */
const NO_DEALS_CONTACT = 'contact-9';

afterEach(() => {
  jest.useRealTimers();
});

function renderToolbar(props: { contactId: string | null; dealId: string | null }) {
  const onDealChange = jest.fn();
  const view = renderWithProviders(<DealToolbar {...props} onDealChange={onDealChange} />);
  return {
    ...view,
    onDealChange,
    rerenderProps: (next: { contactId: string | null; dealId: string | null }) =>
      view.rerenderWith(<DealToolbar {...next} onDealChange={onDealChange} />),
  };
}

describe('deal picker', () => {
  it('shows the selected deal with Alterar and the CRM link, and lists deals only on Alterar', async () => {
    const user = userEvent.setup();
    const { onDealChange } = renderToolbar({ contactId: NO_DEALS_CONTACT, dealId: 'deal-1' });

    expect(await screen.findByText('Contrato anual Acme')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Abrir no CRM' });
    expect(link).toHaveAttribute('href', 'https://crm.rdstation.com/app/deals/deal-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(allDealRequests()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    const option = await screen.findByRole('option', { name: /Expansão Padaria/ });
    expect(allDealRequests()[0]?.query).toEqual({
      limit: '200',
      page: '1',
      order: 'name',
      direction: 'desc',
    });
    expect(within(option).getByText('Pausada · R$ 0,00')).toBeInTheDocument();

    await user.click(option);
    expect(onDealChange).toHaveBeenCalledWith('deal-2');
  });

  it("once a deal is chosen through 'Alterar', a deal write re-reads no list (nobody sees one)", async () => {
    const user = userEvent.setup();
    const { onDealChange, rerenderProps } = renderToolbar({
      contactId: NO_DEALS_CONTACT,
      dealId: 'deal-1',
    });
    await user.click(await screen.findByRole('button', { name: 'Alterar' }));
    await user.click(await screen.findByRole('option', { name: /Expansão Padaria/ }));
    expect(onDealChange).toHaveBeenCalledWith('deal-2');
    rerenderProps({ contactId: NO_DEALS_CONTACT, dealId: 'deal-2' });
    expect(allDealRequests()).toHaveLength(1);
    const listsBefore = dealRequests().length;

    await user.click(await screen.findByRole('button', { name: 'Adicionar contato à negociação' }));
    await screen.findByText('Contato adicionado à negociação com sucesso!');
    // The write's answer is the deal; a list still wanted would have been fetched again by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(dealRequests()).toHaveLength(listsBefore);
    expect(server.requests.slice(-2).map((request) => `${request.method} ${request.path}`)).toEqual(
      ['GET /api/rdstation/deals/deal-2', 'PUT /api/rdstation/deals/deal-2'],
    );
  });

  it("says 'Carregando...' for the selected deal until its name is known, never its id", async () => {
    const deal = mockHeldHandler({
      baseURL: server.baseURL,
      path: '/api/rdstation/deals/:id',
      body: { data: { data: dealsFixture[0] } },
    });
    server.use(deal.handler);
    renderToolbar({ contactId: NO_DEALS_CONTACT, dealId: 'deal-1' });
    const chosen = await screen.findByRole('group', { name: 'Negociação' });
    expect(chosen).toHaveTextContent('Carregando...');
    expect(chosen).not.toHaveTextContent('deal-1');
    deal.release();
    expect(await within(chosen).findByText('Contrato anual Acme')).toBeInTheDocument();
  });

  it('lists deals at once when none is selected', async () => {
    const user = userEvent.setup();
    const { onDealChange } = renderToolbar({ contactId: NO_DEALS_CONTACT, dealId: null });
    await screen.findByRole('button', { name: 'Todas as negociações' });
    await waitFor(() => expect(allDealRequests()).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    const options = await screen.findAllByRole('option');
    // order name, direction desc
    expect(
      options.map((option) => option.textContent?.split(/Em andamento|Pausada|Venda/)[0]),
    ).toEqual([
      'Renovação Acme',
      'Licenças Tech Soluções',
      'Expansão Padaria',
      'Contrato anual Acme',
    ]);
    await user.click(options[3] as HTMLElement);
    expect(onDealChange).toHaveBeenCalledWith('deal-1');
  });

  it('searches by name 600 ms after typing stops', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderToolbar({ contactId: NO_DEALS_CONTACT, dealId: null });
    await waitFor(() => expect(allDealRequests()).toHaveLength(1));

    await user.type(screen.getByRole('combobox', { name: 'Negociação' }), 'Acme');
    act(() => jest.advanceTimersByTime(599));
    expect(allDealRequests()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(allDealRequests()).toHaveLength(2));
    expect(allDealRequests()[1]?.query).toEqual({
      limit: '200',
      page: '1',
      order: 'name',
      direction: 'desc',
      filter: 'name:~"Acme"',
    });
    expect(await screen.findByRole('option', { name: /Renovação Acme/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Expansão Padaria/ })).not.toBeInTheDocument();
  });

  it('loads the next page when the list is scrolled to its end', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const base = dealsFixture[0] as Deal;
    server.db.state.deals = Array.from({ length: 250 }, (_, index) => ({
      ...base,
      id: `deal-many-${index}`,
      name: `Negociação ${String(index).padStart(3, '0')}`,
    }));
    renderToolbar({ contactId: NO_DEALS_CONTACT, dealId: null });
    await waitFor(() => expect(allDealRequests()).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(200));

    fireEvent.scroll(screen.getByRole('listbox').parentElement as HTMLElement);
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(250));
    expect(allDealRequests().map((request) => request.query.page)).toEqual(['1', '2']);
  });

  it('shows a retry when the deals cannot be loaded', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/deals',
        status: 500,
      }),
    );
    const user = userEvent.setup();
    renderToolbar({ contactId: 'contact-1', dealId: null });
    expect(
      await screen.findByText('Erro ao carregar negociações. Tente novamente.'),
    ).toBeInTheDocument();
    server.use(
      http.get(`${server.baseURL}/api/rdstation/deals`, () =>
        HttpResponse.json({ data: { data: [dealsFixture[0]], links: {} } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Erro ao carregar negociações. Tente novamente.'),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('filter menu', () => {
  it("opens on 'Negociações com esse contato' when the chat's contact has deals, from one request the list reuses", async () => {
    const user = userEvent.setup();
    renderToolbar({ contactId: 'contact-2', dealId: null });
    await screen.findByRole('button', { name: 'Negociações com esse contato' });
    expect(dealRequests()).toHaveLength(1);
    expect(dealRequests()[0]?.query).toEqual({
      limit: '200',
      page: '1',
      order: 'name',
      direction: 'desc',
      filter: 'contact_ids:"contact-2"',
    });

    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('option', { name: /Expansão Padaria/ })).toBeInTheDocument();
    // The list is the answer that chose the filter: no second request.
    expect(dealRequests()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Negociações com esse contato' }));
    expect(
      screen.getByRole('menuitemradio', { name: 'Negociações com esse contato' }),
    ).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Todas as negociações' }));
    await waitFor(() => expect(allDealRequests()).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    expect(await screen.findAllByRole('option')).toHaveLength(4);
  });

  it("opens on 'Negociações com esse contato' from the deal on screen when it holds the contact, reading the contact's deals only when the list opens", async () => {
    const user = userEvent.setup();
    renderToolbar({ contactId: 'contact-1', dealId: 'deal-1' });
    expect(await screen.findByText('Contrato anual Acme')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Negociações com esse contato' }),
    ).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(dealRequests()).toHaveLength(0);
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/rdstation/deals/deal-1',
    ]);

    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    expect(await screen.findByRole('option', { name: /Renovação Acme/ })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(dealRequests().map((request) => request.query)).toEqual([
      {
        limit: '200',
        page: '1',
        order: 'name',
        direction: 'desc',
        filter: 'contact_ids:"contact-1"',
      },
    ]);
  });

  it("reads the contact's deals when the deal on screen does not hold the contact", async () => {
    renderToolbar({ contactId: 'contact-2', dealId: 'deal-1' });
    expect(await screen.findByText('Contrato anual Acme')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Negociações com esse contato' });
    await waitFor(() => expect(dealRequests()).toHaveLength(1));
    expect(dealRequests()[0]?.query.filter).toBe('contact_ids:"contact-2"');
  });

  it("opens on 'Todas as negociações' when the chat's contact has no deal", async () => {
    renderToolbar({ contactId: NO_DEALS_CONTACT, dealId: null });
    await screen.findByRole('button', { name: 'Todas as negociações' });
    expect(dealRequests()[0]?.query.filter).toBe(`contact_ids:"${NO_DEALS_CONTACT}"`);
    await waitFor(() => expect(allDealRequests()).toHaveLength(1));
  });

  it('notes discreetly when the api looked only at the most recent deals for the contact', async () => {
    const user = userEvent.setup();
    const deal = dealsFixture.find((item) => item.contact_ids.includes('contact-2'));
    server.use(
      http.get(`${server.baseURL}/api/rdstation/deals`, ({ request }) => {
        const filter = new URL(request.url).searchParams.get('filter');
        return filter === 'contact_ids:"contact-2"'
          ? HttpResponse.json({ data: { data: [deal], links: {}, limitedTo: 500 } })
          : HttpResponse.json({ data: { data: dealsFixture, links: {} } });
      }),
    );
    renderToolbar({ contactId: 'contact-2', dealId: null });
    expect(
      await screen.findByText('Busca limitada às 500 negociações atualizadas mais recentemente.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Negociações com esse contato' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Todas as negociações' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Busca limitada às 500 negociações atualizadas mais recentemente.'),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows no note when the api saw every deal', async () => {
    const user = userEvent.setup();
    renderToolbar({ contactId: 'contact-2', dealId: null });
    await screen.findByRole('button', { name: 'Negociações com esse contato' });
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    expect(screen.queryByText(/Busca limitada/)).not.toBeInTheDocument();
  });

  it('offers only every deal, and no contact button, without a contact', async () => {
    const user = userEvent.setup();
    renderToolbar({ contactId: null, dealId: 'deal-1' });
    expect(await screen.findByText('Contrato anual Acme')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Todas as negociações' }));
    expect(screen.getAllByRole('menuitemradio')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /contato/ })).not.toBeInTheDocument();
  });
});

describe('contact on the deal', () => {
  it('adds the contact to the deal, then removes it', async () => {
    const user = userEvent.setup();
    renderToolbar({ contactId: 'contact-1', dealId: 'deal-2' });

    await user.click(await screen.findByRole('button', { name: 'Adicionar contato à negociação' }));
    expect(
      await screen.findByText('Contato adicionado à negociação com sucesso!'),
    ).toBeInTheDocument();
    const puts = () => server.requests.filter((request) => request.method === 'PUT');
    expect(puts()[0]).toMatchObject({
      path: '/api/rdstation/deals/deal-2',
      body: { contact_ids: ['contact-2', 'contact-1'] },
    });

    await user.click(await screen.findByRole('button', { name: 'Remover contato da negociação' }));
    expect(
      await screen.findByText('Contato removido da negociação com sucesso!'),
    ).toBeInTheDocument();
    expect(puts()[1]).toMatchObject({
      path: '/api/rdstation/deals/deal-2',
      body: { contact_ids: ['contact-2'] },
    });
    expect(
      await screen.findByRole('button', { name: 'Adicionar contato à negociação' }),
    ).toBeInTheDocument();
  });

  it('says so when the change fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'put',
        path: '/api/rdstation/deals/:id',
        status: 500,
      }),
    );
    const user = userEvent.setup();
    // deal-3 has contact-3 besides: removing contact-1 sends a list RD documents.
    renderToolbar({ contactId: 'contact-1', dealId: 'deal-3' });
    await user.click(await screen.findByRole('button', { name: 'Remover contato da negociação' }));
    expect(
      await screen.findByText('Erro ao atualizar negociação. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover contato da negociação' })).toBeEnabled();
  });

  it("keeps the deal's last contact, says why, and sends nothing", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    log.mockClear();
    const user = userEvent.setup();
    renderToolbar({ contactId: 'contact-1', dealId: 'deal-1' });
    await user.click(await screen.findByRole('button', { name: 'Remover contato da negociação' }));
    expect(
      await screen.findByText(
        'A API do RD Station CRM não prevê tirar o último contato da negociação; vincule outro antes.',
      ),
    ).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'PUT')).toEqual([]);
    expect(log).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remover contato da negociação' })).toBeEnabled();
  });

  it("never shows the previous chat's answer on the next chat", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put(`${server.baseURL}/api/rdstation/deals/:id`, async () => {
        await gate;
        return HttpResponse.json({
          data: { data: { ...dealsFixture[1], contact_ids: ['contact-2', 'contact-1'] } },
        });
      }),
    );
    const user = userEvent.setup();
    const { rerenderProps } = renderToolbar({ contactId: 'contact-1', dealId: 'deal-2' });
    await user.click(await screen.findByRole('button', { name: 'Adicionar contato à negociação' }));
    rerenderProps({ contactId: 'contact-3', dealId: 'deal-3' });
    await act(async () => release());
    expect(await screen.findByText('Licenças Tech Soluções')).toBeInTheDocument();
    expect(
      screen.queryByText('Contato adicionado à negociação com sucesso!'),
    ).not.toBeInTheDocument();
  });
});

describe('Criar Negociação', () => {
  it('opens /deal-create-modal with the contact and selects the new deal', async () => {
    const user = userEvent.setup();
    const { adapter, onDealChange } = renderToolbar({ contactId: 'contact-1', dealId: 'deal-1' });
    await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));
    expect(adapter.openedForms).toHaveLength(1);
    expect(adapter.openedForms[0]).toMatchObject({
      route: 'deal-create',
      query: { contactId: 'contact-1' },
    });

    await act(async () => adapter.resolveModal({ success: true, dealId: 'deal-9' }));
    expect(onDealChange).toHaveBeenCalledWith('deal-9');
    expect(await screen.findByText('Negociação criada com sucesso!')).toBeInTheDocument();
  });

  it('changes nothing when the form is cancelled', async () => {
    const user = userEvent.setup();
    const { adapter, onDealChange } = renderToolbar({ contactId: 'contact-1', dealId: null });
    await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));
    await act(async () => adapter.resolveModal({ success: false }));
    expect(onDealChange).not.toHaveBeenCalled();
  });

  it('does not select a deal created for the previous chat', async () => {
    const user = userEvent.setup();
    const { adapter, onDealChange, rerenderProps } = renderToolbar({
      contactId: 'contact-1',
      dealId: null,
    });
    await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));
    rerenderProps({ contactId: 'contact-2', dealId: null });
    await act(async () => adapter.resolveModal({ success: true, dealId: 'deal-9' }));
    expect(onDealChange).not.toHaveBeenCalled();
    expect(screen.queryByText('Negociação criada com sucesso!')).not.toBeInTheDocument();
  });
});
