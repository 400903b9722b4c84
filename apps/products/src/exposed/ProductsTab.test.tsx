import { screen, waitFor, within } from '@testing-library/react';
import { axe, toHaveNoViolations } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { queryKeys } from '@crm-panel/api-client';
import {
  dealsFixture,
  mockErrorHandler,
  MOCK_BASE_URL,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import { type Deal, type DealProduct } from '@crm-panel/crm-model';
import { renderWithProviders } from '@products/test-utils';
import { ProductsTab } from './ProductsTab';

const server = setupTestServer();
expect.extend(toHaveNoViolations);

function firstDeal(): Deal {
  const deal = dealsFixture[0];
  if (!deal) throw new Error('deal fixture missing');
  return deal;
}
const DEAL = firstDeal();

const requestsTo = (method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.path === path);

function renderTab(dealId: string | null = DEAL.id) {
  return renderWithProviders(<ProductsTab dealId={dealId} dealName={DEAL.name} />);
}

/** The card of one deal product, found by its (catalogue) name. */
const item = (name: string) => screen.getByRole('article', { name });

/** The value shown under a detail label inside one deal-product card. */
function detail(card: HTMLElement, term: string): string {
  const label = within(card).getByText(term, { selector: 'dt' });
  return label.nextElementSibling?.textContent ?? '';
}

describe('ProductsTab', () => {
  it('without a deal shows a calm empty state, disabled actions and makes no request', async () => {
    await renderTab(null);
    expect(screen.getByText('Nenhum produto encontrado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar Produto' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toEqual([]);
  });

  it('lists each deal product with catalogue name, prices, discount, billing and total', async () => {
    await renderTab();
    expect(await screen.findByRole('article', { name: 'Plano Profissional' })).toBeInTheDocument();

    const pro = item('Plano Profissional');
    expect(detail(pro, 'Quantidade')).toBe('2');
    expect(detail(pro, 'Preço de lista')).toBe('R$\u00a0299,00');
    // List price above the negotiated one.
    expect(detail(pro, 'Preço negociado')).toBe('R$\u00a0279,00(economia)');
    expect(detail(pro, 'Desconto')).toBe('10%');
    expect(detail(pro, 'Cobrança')).toBe('Mensal');
    expect(detail(pro, 'Total')).toBe('R$\u00a0502,20');

    const setup = item('Consultoria de Implantação');
    expect(detail(setup, 'Preço de lista')).toBe('R$\u00a01.500,00');
    expect(detail(setup, 'Preço negociado')).toBe('R$\u00a01.500,00');
    expect(within(setup).queryByText('(economia)')).not.toBeInTheDocument();
    expect(detail(setup, 'Desconto')).toBe('R$\u00a0200,00');
    expect(detail(setup, 'Cobrança')).toBe('Pagamento único');
    expect(detail(setup, 'Total')).toBe('R$\u00a01.300,00');

    const basic = item('Plano Básico');
    expect(detail(basic, 'Quantidade')).toBe('5');
    expect(detail(basic, 'Desconto')).toBe('Sem desconto');
    expect(detail(basic, 'Cobrança')).toBe('Anual');
    expect(detail(basic, 'Total')).toBe('R$\u00a0499,50');

    expect(screen.getAllByText('(economia)')).toHaveLength(1);
    expect(server.requests.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: '/api/rdstation/deals/deal-1/products', query: { limit: '200' } },
      { method: 'GET', path: '/api/rdstation/products', query: { limit: '200', page: '1' } },
    ]);
  });

  it('has no axe violations', async () => {
    const { container } = await renderTab();
    await screen.findByRole('article', { name: 'Plano Profissional' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it("shows 'Produto não encontrado' for a product absent from the catalogue, and fetches one beyond the first page", async () => {
    const extra = {
      id: 'product-far',
      name: 'Treinamento Avançado',
      description: null,
      price: 800,
    };
    server.db.state.products = [
      ...Array.from({ length: 200 }, (_, index) => ({
        id: `filler-${index}`,
        name: `Item ${String(index).padStart(3, '0')}`,
        description: null,
        price: 10,
      })),
      extra,
    ];
    const base: Omit<DealProduct, 'id' | 'product_id'> = {
      quantity: 1,
      price: 700,
      discount: 0,
      discount_type: null,
      billing_frequency: 'one-time',
      total_price: 700,
    };
    server.db.state.dealProducts = {
      'deal-1': [
        { ...base, id: 'dp-gone', product_id: 'product-removed' },
        { ...base, id: 'dp-far', product_id: 'product-far' },
      ],
    };
    await renderTab();

    expect(await screen.findByText('Produto não encontrado')).toBeInTheDocument();
    const far = await screen.findByRole('article', { name: 'Treinamento Avançado' });
    expect(detail(far, 'Preço de lista')).toBe('R$\u00a0800,00');
    expect(detail(far, 'Preço negociado')).toBe('R$\u00a0700,00(economia)');
    const gone = item('Produto não encontrado');
    expect(detail(gone, 'Preço de lista')).toBe('—');
    expect(detail(gone, 'Total')).toBe('R$\u00a0700,00');
    expect(requestsTo('GET', '/api/rdstation/products/product-removed')).toHaveLength(1);
    expect(requestsTo('GET', '/api/rdstation/products/product-far')).toHaveLength(1);
  });

  it("shows 'Nenhum produto encontrado' for a deal without products", async () => {
    await renderWithProviders(<ProductsTab dealId="deal-2" />);
    expect(await screen.findByText('Nenhum produto encontrado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar Produto' })).toBeEnabled();
    expect(requestsTo('GET', '/api/rdstation/deals/deal-2/products')).toHaveLength(1);
  });

  it('a failed load shows the inline banner with the list emptied, and the retry loads it', async () => {
    let failures = 1;
    server.use(
      http.get(`${MOCK_BASE_URL}/api/rdstation/deals/:id/products`, () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.json({ message: 'Falha do CRM' }, { status: 502 });
      }),
    );
    const { user } = await renderTab();

    expect(
      await screen.findByText('Erro ao carregar produtos. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'Plano Profissional' })).toBeInTheDocument();
    expect(
      screen.queryByText('Erro ao carregar produtos. Tente novamente.'),
    ).not.toBeInTheDocument();
  });

  it('a failed refresh empties the list too', async () => {
    const { user } = await renderTab();
    await screen.findByRole('article', { name: 'Plano Profissional' });
    server.use(
      mockErrorHandler({
        baseURL: MOCK_BASE_URL,
        method: 'get',
        path: '/api/rdstation/deals/:id/products',
        status: 500,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(
      await screen.findByText('Erro ao carregar produtos. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("'Atualizar' reloads the deal's products", async () => {
    const { user } = await renderTab();
    await screen.findByRole('article', { name: 'Plano Profissional' });
    server.db.state.dealProducts['deal-1'] = [];
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Nenhum produto encontrado')).toBeInTheDocument();
    expect(requestsTo('GET', '/api/rdstation/deals/deal-1/products')).toHaveLength(2);
  });

  it("'Adicionar Produto' and 'Editar' open /product-create-modal with the deal and the deal-product id", async () => {
    const { user, adapter } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Adicionar Produto' }));
    const pro = await screen.findByRole('article', { name: 'Plano Profissional' });
    await user.click(within(pro).getByRole('button', { name: 'Editar' }));

    expect(adapter.openedForms.map(({ route, query }) => ({ route, query }))).toEqual([
      { route: 'product-create', query: { dealId: 'deal-1', dealName: 'Contrato anual Acme' } },
      {
        route: 'product-create',
        query: { dealId: 'deal-1', dealName: 'Contrato anual Acme', productId: 'deal-product-1' },
      },
    ]);
    expect(adapter.openedForms[0]?.options.title).toBe('Adicionar Produto');
    expect(adapter.openedForms[1]?.options.title).toBe('Editar Produto');
  });

  it("shows the added product from the form's result without reading the list again, and re-reads the deal", async () => {
    const { user, adapter, queryClient } = await renderTab();
    queryClient.setQueryData(queryKeys.deal('deal-1'), DEAL);
    await user.click(screen.getByRole('button', { name: 'Adicionar Produto' }));
    await screen.findByRole('article', { name: 'Plano Profissional' });
    const shownBefore = screen.getAllByRole('article').length;
    const basicBefore = screen.queryAllByRole('article', { name: 'Plano Básico' }).length;

    const added: DealProduct = {
      id: 'deal-product-9',
      product_id: 'product-1',
      quantity: 1,
      price: 99.9,
      discount: 0,
      discount_type: null,
      billing_frequency: 'one-time',
      total_price: 99.9,
    };
    adapter.resolveModal({ success: true, product: added });

    expect(await screen.findByText('Produto adicionado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(shownBefore + 1));
    expect(screen.getAllByRole('article', { name: 'Plano Básico' })).toHaveLength(basicBefore + 1);
    expect(item('Plano Profissional')).toBeInTheDocument();
    // One request per write: the list was not read again; the deal's total is the
    // CRM's to recompute, so the deal is.
    expect(requestsTo('GET', '/api/rdstation/deals/deal-1/products')).toHaveLength(1);
    expect(queryClient.getQueryState(queryKeys.deal('deal-1'))?.isInvalidated).toBe(true);
  });

  it("confirms an edit with 'Produto atualizado com sucesso!'", async () => {
    const { user, adapter } = await renderTab();
    const pro = await screen.findByRole('article', { name: 'Plano Profissional' });
    await user.click(within(pro).getByRole('button', { name: 'Editar' }));
    adapter.resolveModal({ success: true, updated: true });
    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeInTheDocument();
  });

  it('a cancelled form changes nothing and reloads nothing', async () => {
    const { user, adapter } = await renderTab();
    await screen.findByRole('article', { name: 'Plano Profissional' });
    await user.click(screen.getByRole('button', { name: 'Adicionar Produto' }));
    adapter.resolveModal({ success: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsTo('GET', '/api/rdstation/deals/deal-1/products')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/com sucesso/)).not.toBeInTheDocument();
  });

  it("'Excluir' asks first, then deletes, confirms, takes it off the list and re-reads the deal", async () => {
    const { user, queryClient } = await renderTab();
    queryClient.setQueryData(queryKeys.deal('deal-1'), DEAL);
    const pro = await screen.findByRole('article', { name: 'Plano Profissional' });
    await user.click(within(pro).getByRole('button', { name: 'Excluir' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Excluir produto' });
    expect(dialog).toHaveTextContent('Remover "Plano Profissional" desta negociação?');
    expect(requestsTo('DELETE', '/api/rdstation/deals/deal-1/products/deal-product-1')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Produto removido com sucesso!')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Plano Profissional' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(
      requestsTo('DELETE', '/api/rdstation/deals/deal-1/products/deal-product-1'),
    ).toHaveLength(1);
    // Off the list without reading it again; the deal (its total) is read again.
    expect(requestsTo('GET', '/api/rdstation/deals/deal-1/products')).toHaveLength(1);
    expect(queryClient.getQueryState(queryKeys.deal('deal-1'))?.isInvalidated).toBe(true);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const { user } = await renderTab();
    const pro = await screen.findByRole('article', { name: 'Plano Profissional' });
    await user.click(within(pro).getByRole('button', { name: 'Excluir' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(item('Plano Profissional')).toBeInTheDocument();
  });

  it("a failed delete shows 'Erro ao remover produto. Tente novamente.' and keeps the product", async () => {
    server.use(
      mockErrorHandler({
        baseURL: MOCK_BASE_URL,
        method: 'delete',
        path: '/api/rdstation/deals/:id/products/:productId',
        status: 500,
        message: 'Falha do CRM',
      }),
    );
    const { user } = await renderTab();
    const pro = await screen.findByRole('article', { name: 'Plano Profissional' });
    await user.click(within(pro).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao remover produto. Tente novamente.',
    );
    expect(item('Plano Profissional')).toBeInTheDocument();
    expect(screen.queryByText('Produto removido com sucesso!')).not.toBeInTheDocument();
  });
});
