import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axe, toHaveNoViolations } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { LiveUpdatesProvider } from '@crm-panel/api-client';
import {
  liveChangeFrame,
  liveDealChange,
  mockErrorHandler,
  MOCK_BASE_URL,
  scriptedLiveServer,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import { type Product } from '@crm-panel/crm-model';
import { createFakeHostAdapter, FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';
import { renderWithProviders } from '@products/test-utils';
import { ProductForm } from './ProductForm';

const server = setupTestServer();
expect.extend(toHaveNoViolations);

const ADD = '/product-create-modal?dealId=deal-1&dealName=Contrato%20anual%20Acme';
const EDIT = `${ADD}&productId=deal-product-1`;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

/** Lets requests and renders in flight finish without moving the clock. */
async function settle() {
  for (let round = 0; round < 10; round += 1) await advance(0);
}

const catalogueRequests = () =>
  server.requests.filter((request) => request.path === '/api/rdstation/products');
const dealProductReads = () =>
  server.requests.filter(
    (request) =>
      request.method === 'GET' && request.path === '/api/rdstation/deals/deal-1/products',
  );

async function renderForm(route = ADD, adapter = createFakeHostAdapter()) {
  const rendered = await renderWithProviders(<ProductForm />, { route, adapter });
  await settle();
  return rendered;
}

const productSelect = () => screen.getByRole('combobox', { name: /^Produto/ });
const priceInput = () => screen.getByRole('textbox', { name: /^Preço Unitário \(R\$\)/ });
const quantityInput = () => screen.getByRole('textbox', { name: /^Quantidade/ });
const discountTypeSelect = () => screen.getByRole('combobox', { name: 'Tipo de Desconto' });
const discountInput = () => screen.getByRole('textbox', { name: /^Valor do Desconto/ });
const billingSelect = () => screen.getByRole('combobox', { name: 'Frequência de Cobrança' });
const submitButton = (name = 'Adicionar Produto') => screen.getByRole('button', { name });
const listedOptions = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((option) => option.textContent);
const estimateBox = () => screen.queryByRole('region', { name: 'Valor Total Estimado' });

async function choose(user: Awaited<ReturnType<typeof renderForm>>['user'], label: string) {
  await user.click(productSelect());
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${label}`) }));
}

function manyProducts(count: number): Product[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `p-${index + 1}`,
    name: `Produto ${String(index + 1).padStart(3, '0')}`,
    description: `Descrição ${index + 1}`,
    price: index + 1,
  }));
}

describe('ProductForm — loading (PRODUCT.md §4 5000 ms)', () => {
  it('loads at once when the host user info is ready, well before 5000 ms', async () => {
    await renderForm();
    expect(catalogueRequests()).toHaveLength(1);
    expect(catalogueRequests()[0]?.query).toEqual({ limit: '200', page: '1' });
  });

  it('waits for a host that is not ready, and loads at 5000 ms at the latest', async () => {
    await renderForm(ADD, createFakeHostAdapter({ userInfo: null }));
    await advance(4999);
    expect(server.requests).toEqual([]);
    await advance(1);
    await settle();
    expect(catalogueRequests()).toHaveLength(1);
  });

  it('loads as soon as the host hands over the user info (here after 1.2 s)', async () => {
    const adapter = createFakeHostAdapter({ userInfo: null });
    const start = Date.now();
    await renderForm(ADD, adapter);
    await advance(1200);
    expect(server.requests).toEqual([]);
    adapter.setUserInfo(FAKE_USER_INFO);
    await advance(100);
    await settle();
    expect(catalogueRequests()).toHaveLength(1);
    expect(Date.now() - start).toBeLessThan(5000);
  });

  it('edit mode shows a skeleton, then the item whose id equals productId', async () => {
    await renderForm(EDIT, createFakeHostAdapter({ userInfo: null }));
    expect(screen.getByRole('heading', { name: 'Editar Produto' })).toBeInTheDocument();
    expect(screen.getByText('Carregando produto...')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Quantidade/ })).not.toBeInTheDocument();
    await advance(4999);
    expect(server.requests).toEqual([]);
    await advance(1);
    await settle();

    expect(dealProductReads()).toHaveLength(1);
    expect(priceInput()).toHaveValue('279,00');
    expect(quantityInput()).toHaveValue('2');
    expect(discountTypeSelect()).toHaveValue('percentage');
    expect(discountInput()).toHaveValue('10');
    expect(billingSelect()).toHaveValue('monthly');
    expect(productSelect()).toHaveValue('Plano Profissional - R$\u00a0299,00');
  });
});

describe('ProductForm — fields', () => {
  it('starts empty with quantity 1, one-time billing, no discount and submit disabled', async () => {
    await renderForm();
    expect(screen.getByRole('heading', { name: 'Adicionar Produto' })).toBeInTheDocument();
    expect(screen.getByText('Negociação: Contrato anual Acme')).toBeInTheDocument();
    expect(priceInput()).toHaveValue('');
    // Money is text the form reads (a comma for the decimals), on a keyboard with decimals.
    expect(priceInput()).toHaveAttribute('inputmode', 'decimal');
    expect(quantityInput()).toHaveValue('1');
    expect(quantityInput()).toHaveAttribute('inputmode', 'numeric');
    expect(discountTypeSelect()).toHaveValue('');
    expect(
      within(discountTypeSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sem desconto', 'Valor fixo (R$)', 'Porcentagem (%)']);
    expect(discountInput()).toBeDisabled();
    expect(billingSelect()).toHaveValue('one-time');
    expect(
      within(billingSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pagamento único', 'Mensal', 'Anual']);
    expect(estimateBox()).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('has no axe violations, with the list open', async () => {
    const { user, container } = await renderForm();
    await user.click(productSelect());
    // axe needs real timers.
    jest.useRealTimers();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('lists products as name - BRL price with the first 60 characters of the description', async () => {
    const { user } = await renderForm();
    await user.click(productSelect());
    expect(listedOptions()).toEqual([
      'Plano Básico - R$\u00a099,90Até 3 usuários.',
      'Plano Profissional - R$\u00a0299,00' +
        'Usuários ilimitados, relatórios avançados e suporte prioritá',
      'Consultoria de Implantação - R$\u00a01.500,00',
    ]);
  });

  it('choosing a product fills in its price, and the estimate box appears', async () => {
    const { user } = await renderForm();
    await choose(user, 'Plano Profissional');
    expect(priceInput()).toHaveValue('299,00');
    expect(productSelect()).toHaveValue('Plano Profissional - R$\u00a0299,00');
    expect(estimateBox()).toHaveTextContent('Valor Total EstimadoR$ 299,00');
    expect(submitButton()).toBeEnabled();

    await user.clear(priceInput());
    expect(estimateBox()).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('filters the loaded catalogue accent-insensitively and also sends the exact-name search', async () => {
    const { user } = await renderForm();
    await user.click(productSelect());
    await user.type(productSelect(), 'basico');
    await advance(600);
    await settle();
    expect(listedOptions()).toEqual(['Plano Básico - R$\u00a099,90Até 3 usuários.']);
    expect(catalogueRequests().map((request) => request.query)).toEqual([
      { limit: '200', page: '1' },
      { filter: 'name:"basico"', limit: '200', page: '1' },
    ]);
  });

  it('finds a product beyond the loaded pages by its exact name', async () => {
    server.db.state.products = manyProducts(205);
    const { user } = await renderForm();
    await user.click(productSelect());
    await user.type(productSelect(), 'Produto 204');
    await advance(600);
    expect(await screen.findByRole('option', { name: /^Produto 204 - R\$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /^Produto 204 - R\$/ }));
    expect(priceInput()).toHaveValue('204,00');
  });

  it('loads the next page of 200 when the list is scrolled to its end', async () => {
    server.db.state.products = manyProducts(205);
    const { user } = await renderForm();
    await user.click(productSelect());
    expect(listedOptions()).toHaveLength(200);
    fireEvent.scroll(screen.getByRole('listbox').parentElement as HTMLElement);
    await advance(200);
    await settle();
    // The answer's body streams through fetch: let RTL move the fake clock until it shows.
    await waitFor(() => expect(listedOptions()).toHaveLength(205));
    expect(catalogueRequests().map((request) => request.query)).toEqual([
      { limit: '200', page: '1' },
      { limit: '200', page: '2' },
    ]);
  });

  it('enables the discount value once a type is chosen; percentage shows 0 - 100', async () => {
    const { user } = await renderForm();
    await user.selectOptions(discountTypeSelect(), 'Porcentagem (%)');
    expect(discountInput()).toBeEnabled();
    expect(discountInput()).toHaveAttribute('placeholder', '0 - 100');
    await user.selectOptions(discountTypeSelect(), 'Valor fixo (R$)');
    expect(discountInput()).not.toHaveAttribute('placeholder', '0 - 100');
    await user.type(discountInput(), '50');
    await user.selectOptions(discountTypeSelect(), 'Sem desconto');
    expect(discountInput()).toBeDisabled();
    expect(discountInput()).toHaveValue('');
  });

  it('notes the gross price and the discount in the estimate box', async () => {
    const { user } = await renderForm();
    await choose(user, 'Plano Profissional');
    await user.clear(quantityInput());
    await user.type(quantityInput(), '2');
    await user.selectOptions(discountTypeSelect(), 'Porcentagem (%)');
    await user.type(discountInput(), '10');
    expect(estimateBox()).toHaveTextContent(
      'Valor Total EstimadoR$ 538,20Preço bruto: R$ 598,00 · Desconto: R$ 59,80 (10%)',
    );
    await user.selectOptions(discountTypeSelect(), 'Valor fixo (R$)');
    await user.clear(discountInput());
    await user.type(discountInput(), '100');
    expect(estimateBox()).toHaveTextContent(
      'Valor Total EstimadoR$ 498,00Preço bruto: R$ 598,00 · Desconto: R$ 100,00',
    );
  });
});

describe('ProductForm — validation (PRODUCT.md §5)', () => {
  it("'Selecione um produto' when the select is left without a choice", async () => {
    const { user } = await renderForm();
    await user.click(productSelect());
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await screen.findByText('Selecione um produto')).toBeInTheDocument();
  });

  it("'Preço inválido' for a negative price", async () => {
    const { user } = await renderForm();
    await user.type(priceInput(), '-1');
    await user.tab();
    expect(await screen.findByText('Preço inválido')).toBeInTheDocument();
  });

  it("'Quantidade deve ser no mínimo 1' for 0 or a fraction", async () => {
    const { user } = await renderForm();
    await user.clear(quantityInput());
    await user.type(quantityInput(), '0');
    await user.tab();
    expect(await screen.findByText('Quantidade deve ser no mínimo 1')).toBeInTheDocument();
    await user.clear(quantityInput());
    await user.type(quantityInput(), '1.5');
    await settle();
    expect(quantityInput()).toHaveValue('1.5');
    expect(screen.getByText('Quantidade deve ser no mínimo 1')).toBeInTheDocument();
    // The pt-BR fraction too: a number input took '1,5' as 15.
    await user.clear(quantityInput());
    await user.type(quantityInput(), '1,5');
    await settle();
    expect(quantityInput()).toHaveValue('1,5');
    expect(screen.getByText('Quantidade deve ser no mínimo 1')).toBeInTheDocument();
    await user.clear(quantityInput());
    await user.type(quantityInput(), '4');
    await settle();
    expect(screen.queryByText('Quantidade deve ser no mínimo 1')).not.toBeInTheDocument();
  });

  it("'Desconto inválido' and 'Desconto percentual não pode ser maior que 100%'", async () => {
    const { user } = await renderForm();
    await user.selectOptions(discountTypeSelect(), 'Valor fixo (R$)');
    await user.type(discountInput(), '-5');
    await user.tab();
    expect(await screen.findByText('Desconto inválido')).toBeInTheDocument();

    await user.selectOptions(discountTypeSelect(), 'Porcentagem (%)');
    await user.clear(discountInput());
    await user.type(discountInput(), '150');
    await user.tab();
    expect(
      await screen.findByText('Desconto percentual não pode ser maior que 100%'),
    ).toBeInTheDocument();

    await user.clear(discountInput());
    await user.type(discountInput(), '100');
    await settle();
    expect(
      screen.queryByText('Desconto percentual não pode ser maior que 100%'),
    ).not.toBeInTheDocument();
  });

  it('does not submit while a field is invalid', async () => {
    const { user } = await renderForm();
    await choose(user, 'Plano Básico');
    await user.selectOptions(discountTypeSelect(), 'Porcentagem (%)');
    await user.type(discountInput(), '101');
    await user.click(submitButton());
    await settle();
    expect(screen.getByText('Desconto percentual não pode ser maior que 100%')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("'ID da negociação não fornecido' without a deal id: shown at once and on submit", async () => {
    const { user } = await renderForm('/product-create-modal');
    expect(screen.getByRole('alert')).toHaveTextContent('ID da negociação não fornecido');
    await choose(user, 'Plano Básico');
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await user.click(submitButton());
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('ID da negociação não fornecido');
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("'ID do produto não fornecido' when productId is present but empty", async () => {
    await renderForm('/product-create-modal?dealId=deal-1&productId=');
    expect(screen.getByRole('heading', { name: 'Editar Produto' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ID do produto não fornecido');
    expect(dealProductReads()).toEqual([]);
  });
});

describe('ProductForm — saving', () => {
  it('adds: sends the payload with a discount > 0, confirms and closes with the product', async () => {
    const { user, adapter } = await renderForm();
    await choose(user, 'Plano Básico');
    await user.clear(priceInput());
    await user.type(priceInput(), '89.9');
    await user.clear(quantityInput());
    await user.type(quantityInput(), '3');
    await user.selectOptions(discountTypeSelect(), 'Porcentagem (%)');
    await user.type(discountInput(), '10');
    await user.selectOptions(billingSelect(), 'Mensal');
    await user.click(submitButton());
    await settle();

    const post = server.lastRequest();
    expect(post.method).toBe('POST');
    expect(post.path).toBe('/api/rdstation/deals/deal-1/products');
    expect(post.body).toEqual({
      product_id: 'product-1',
      price: 89.9,
      quantity: 3,
      billing_frequency: 'monthly',
      discount_type: 'percentage',
      discount: 10,
    });
    expect(screen.getByText('Produto adicionado com sucesso!')).toBeInTheDocument();
    expect(adapter.closedForms).toEqual([
      {
        success: true,
        product: expect.objectContaining({
          id: expect.any(String),
          product_id: 'product-1',
          quantity: 3,
          total_price: 242.73,
        }),
      },
    ]);
  });

  it('reads money as a person in Brazil types it: 1.234,56 with R$ 10,50 off', async () => {
    const { user } = await renderForm();
    await choose(user, 'Plano Básico');
    expect(priceInput()).toHaveValue('99,90');
    await user.clear(priceInput());
    await user.type(priceInput(), '1.234,56');
    await user.clear(quantityInput());
    await user.type(quantityInput(), '2');
    await user.selectOptions(discountTypeSelect(), 'Valor fixo (R$)');
    await user.type(discountInput(), '10,50');
    expect(estimateBox()).toHaveTextContent('Valor Total EstimadoR$ 2.458,62');
    await user.click(submitButton());
    await settle();

    expect(server.lastRequest().body).toEqual({
      product_id: 'product-1',
      price: 1234.56,
      quantity: 2,
      billing_frequency: 'one-time',
      discount_type: 'amount',
      discount: 10.5,
    });
  });

  it('steps price and discount by a cent and the quantity by one with the arrow keys, never below their minimum', async () => {
    const { user } = await renderForm();
    await choose(user, 'Plano Básico');
    await user.click(priceInput());
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(priceInput()).toHaveValue('99,92');
    await user.selectOptions(discountTypeSelect(), 'Porcentagem (%)');
    await user.click(discountInput());
    await user.keyboard('{ArrowDown}');
    expect(discountInput()).toHaveValue('0');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(discountInput()).toHaveValue('0,03');
    // The quantity by one, never below 1.
    await user.click(quantityInput());
    await user.keyboard('{ArrowDown}');
    expect(quantityInput()).toHaveValue('1');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(quantityInput()).toHaveValue('3');
  });

  it('leaves discount and its type out when the discount is 0 or empty', async () => {
    const { user } = await renderForm();
    await choose(user, 'Consultoria de Implantação');
    await user.selectOptions(discountTypeSelect(), 'Valor fixo (R$)');
    await user.type(discountInput(), '0');
    await user.click(submitButton());
    await settle();
    expect(server.lastRequest().body).toEqual({
      product_id: 'product-3',
      price: 1500,
      quantity: 1,
      billing_frequency: 'one-time',
    });
  });

  it("a failed add shows 'Erro ao criar produto. Tente novamente.' above the form and keeps what was typed", async () => {
    server.use(
      mockErrorHandler({
        baseURL: MOCK_BASE_URL,
        method: 'post',
        path: '/api/rdstation/deals/:id/products',
        status: 500,
      }),
    );
    const { user, adapter } = await renderForm();
    await choose(user, 'Plano Profissional');
    await user.clear(quantityInput());
    await user.type(quantityInput(), '7');
    await user.selectOptions(discountTypeSelect(), 'Valor fixo (R$)');
    await user.type(discountInput(), '15');
    await user.click(submitButton());
    await settle();

    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao criar produto. Tente novamente.');
    expect(productSelect()).toHaveValue('Plano Profissional - R$\u00a0299,00');
    expect(priceInput()).toHaveValue('299,00');
    expect(quantityInput()).toHaveValue('7');
    expect(discountTypeSelect()).toHaveValue('amount');
    expect(discountInput()).toHaveValue('15');
    expect(submitButton()).toBeEnabled();
    expect(adapter.closedForms).toEqual([]);
  });

  it('prefers the server message when the api gives one', async () => {
    server.use(
      mockErrorHandler({
        baseURL: MOCK_BASE_URL,
        method: 'post',
        path: '/api/rdstation/deals/:id/products',
        status: 422,
        message: 'O RD Station CRM recusou os dados enviados',
      }),
    );
    const { user } = await renderForm();
    await choose(user, 'Plano Básico');
    await user.click(submitButton());
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'O RD Station CRM recusou os dados enviados',
    );
  });

  it('edits: PUTs the item (taking its discount off sends discount 0) and closes with it', async () => {
    const { user, adapter } = await renderForm(EDIT);
    await user.clear(quantityInput());
    await user.type(quantityInput(), '4');
    await user.selectOptions(discountTypeSelect(), 'Sem desconto');
    await user.click(submitButton('Salvar Alterações'));
    await settle();

    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/rdstation/deals/deal-1/products/deal-product-1');
    expect(put?.body).toEqual({
      product_id: 'product-2',
      price: 279,
      quantity: 4,
      billing_frequency: 'monthly',
      discount: 0,
    });
    expect(screen.getByText('Produto atualizado com sucesso!')).toBeInTheDocument();
    expect(adapter.closedForms).toEqual([
      {
        success: true,
        product: expect.objectContaining({ id: 'deal-product-1', quantity: 4, discount: 0 }),
      },
    ]);
  });

  it("a failed edit shows 'Erro ao atualizar produto. Tente novamente.'", async () => {
    server.use(
      mockErrorHandler({
        baseURL: MOCK_BASE_URL,
        method: 'put',
        path: '/api/rdstation/deals/:id/products/:productId',
        status: 500,
      }),
    );
    const { user, adapter } = await renderForm(EDIT);
    await user.clear(priceInput());
    await user.type(priceInput(), '250');
    await user.click(submitButton('Salvar Alterações'));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Erro ao atualizar produto. Tente novamente.',
    );
    expect(priceInput()).toHaveValue('250');
    expect(adapter.closedForms).toEqual([]);
  });

  it("'Cancelar' closes the form with success false", async () => {
    const { user, adapter } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(adapter.closedForms).toEqual([{ success: false }]);
  });
});

describe('ProductForm — load errors (PRODUCT.md §8)', () => {
  it("'Erro ao carregar lista de produtos' when the catalogue fails, with a retry", async () => {
    let failures = 1;
    server.use(
      http.get(`${MOCK_BASE_URL}/api/rdstation/products`, () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const { user } = await renderForm();
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao carregar lista de produtos');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settle();
    expect(screen.queryByText('Erro ao carregar lista de produtos')).not.toBeInTheDocument();
    await user.click(productSelect());
    expect(listedOptions()).toHaveLength(3);
  });

  it("'Erro ao carregar produto. Tente novamente.' when the deal's products fail, with a retry", async () => {
    let failures = 1;
    server.use(
      http.get(`${MOCK_BASE_URL}/api/rdstation/deals/:id/products`, () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const { user } = await renderForm(EDIT);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Erro ao carregar produto. Tente novamente.',
    );
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settle();
    expect(quantityInput()).toHaveValue('2');
  });

  it("'Produto não encontrado' when no item of the deal has that id", async () => {
    const { user, adapter } = await renderForm(
      '/product-create-modal?dealId=deal-1&productId=deal-product-404',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Produto não encontrado');
    expect(screen.queryByRole('textbox', { name: /^Quantidade/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(adapter.closedForms).toEqual([{ success: false }]);
  });

  it("shows 'Produto não encontrado' as the choice when the edited item's product left the catalogue", async () => {
    server.db.state.dealProducts['deal-1'] = [
      {
        id: 'deal-product-1',
        product_id: 'product-removed',
        quantity: 1,
        price: 10,
        discount: 0,
        discount_type: null,
        billing_frequency: 'one-time',
        total_price: 10,
      },
    ];
    await renderForm(EDIT);
    await waitFor(() => expect(productSelect()).toHaveValue('Produto não encontrado'));
    expect(
      server.requests.filter(
        (request) => request.path === '/api/rdstation/products/product-removed',
      ),
    ).toHaveLength(1);
  });
});

describe('ProductForm — changed elsewhere while open (live updates)', () => {
  /** The form inside the panel's live updates, fed by a stream the test writes to. */
  async function renderLive(route: string) {
    const live = scriptedLiveServer();
    const rendered = await renderWithProviders(
      <LiveUpdatesProvider
        selfUserId="u-ana"
        transport={{ context: live.context, fetch: live.fetch }}
      >
        <ProductForm />
      </LiveUpdatesProvider>,
      { route, adapter: createFakeHostAdapter() },
    );
    await settle();
    await waitFor(() => expect(live.streams).toHaveLength(1));
    const push = async (change: Record<string, unknown>) => {
      live.streams[0]?.push(liveChangeFrame(change));
      await settle();
    };
    return { ...rendered, push };
  }

  const productChange = (id: string, dealProductId: string) => ({
    ...liveDealChange(id),
    record: { type: 'dealProduct', id: dealProductId, dealId: 'deal-1', contactId: null },
  });

  it('warns when the edited deal product is changed by someone else, and keeps what was typed', async () => {
    const { user, push } = await renderLive(EDIT);
    await waitFor(() => expect(quantityInput()).toHaveValue('2'));
    await user.clear(quantityInput());
    await user.type(quantityInput(), '7');
    // Another product of the same deal changing says nothing here.
    await push(productChange('c0', 'deal-product-2'));
    expect(screen.queryByText(/Este registro foi alterado/)).not.toBeInTheDocument();
    await push(productChange('c1', 'deal-product-1'));
    expect(
      screen.getByText(
        'Este registro foi alterado por Arthur Lima. Suas alterações não foram salvas ainda.',
      ),
    ).toBeInTheDocument();
    expect(quantityInput()).toHaveValue('7');
    expect(server.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('warns when its deal is changed in the CRM while a product is being added', async () => {
    const { user, push } = await renderLive(ADD);
    await choose(user, 'Plano Básico');
    await user.clear(quantityInput());
    await user.type(quantityInput(), '3');
    await push({ ...liveDealChange('c2', { origin: 'crm', actor: null }) });
    expect(
      screen.getByText(
        'Este registro foi alterado no RD Station CRM. Suas alterações não foram salvas ainda.',
      ),
    ).toBeInTheDocument();
    expect((productSelect() as HTMLInputElement).value).toMatch(/^Plano Básico - R\$/);
    expect(quantityInput()).toHaveValue('3');
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
