import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  dealsFixture,
  mockErrorHandler,
  mockHeldHandler,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import { renderWithProviders } from '@deal/test-utils';
import { DealGeneralTab } from './DealGeneralTab';
import { FIELD_UPDATE_LOG } from '../hooks/useUpdateDealField';

const server = setupTestServer();

const puts = () => server.requests.filter((request) => request.method === 'PUT');

function combobox(name: string) {
  return screen.getByRole('combobox', { name });
}

async function renderDeal(dealId: string | null) {
  const view = renderWithProviders(<DealGeneralTab dealId={dealId} />);
  if (dealId) {
    await screen.findByRole('region', { name: 'Dados da negociação' });
    // The status and custom fields render just after the fields card (a deferred render).
    await screen.findByRole('region', { name: 'Status da venda' });
  }
  return view;
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(combobox(field));
  await user.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

it('asks for a deal when none is selected', async () => {
  renderWithProviders(<DealGeneralTab dealId={null} />);
  // Let the host's user info settle.
  await act(async () => undefined);
  expect(screen.getByText('Nenhuma negociação selecionada')).toBeInTheDocument();
  expect(
    screen.getByText('Selecione ou crie uma negociação para ver seus dados.'),
  ).toBeInTheDocument();
  expect(server.requests).toHaveLength(0);
});

it("shows the deal's fields, total, status and custom fields", async () => {
  await renderDeal('deal-1');
  expect(server.requests.find((r) => r.path === '/api/rdstation/deals/deal-1')).toBeDefined();
  await waitFor(() => expect(combobox('Responsável')).toHaveValue('Ana Souza'));
  expect(combobox('Fonte')).toHaveValue('Indicação');
  await waitFor(() => expect(combobox('Funil de vendas')).toHaveTextContent('Funil de Vendas'));
  await waitFor(() => expect(combobox('Etapa do funil')).toHaveTextContent('Qualificação'));
  expect(screen.getByRole('radio', { name: '4 de 5 estrelas' })).toBeChecked();
  expect(screen.getByText('R$ 2.301,70')).toBeInTheDocument();
  expect(screen.getByText('Em andamento')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Marcar como ganha' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Marcar como perdida' })).toBeInTheDocument();

  const custom = screen.getByRole('region', { name: 'Campos personalizados' });
  await within(custom).findByText('Segmento');
  expect(within(custom).getByText('Varejo')).toBeInTheDocument();
  expect(within(custom).getByText('Data da visita')).toBeInTheDocument();
  expect(within(custom).getByText('10/03/2025')).toBeInTheDocument();
  expect(within(custom).getByText('Canais')).toBeInTheDocument();
  expect(within(custom).getByText('Loja, Online')).toBeInTheDocument();
  // A contact field is not a deal field.
  expect(within(custom).queryByText('Aniversário')).not.toBeInTheDocument();
  expect(server.requests.find((r) => r.path === '/api/rdstation/custom-fields')?.query).toEqual({
    filter: 'entity:"deal"',
    limit: '200',
  });
});

it('changes the owner in place', async () => {
  const user = userEvent.setup();
  await renderDeal('deal-1');
  await waitFor(() => expect(combobox('Responsável')).toHaveValue('Ana Souza'));
  await choose(user, 'Responsável', 'Bruno Lima');
  await waitFor(() => expect(puts()).toHaveLength(1));
  expect(puts()[0]).toMatchObject({
    path: '/api/rdstation/deals/deal-1',
    body: { owner_id: 'user-2' },
  });
  expect(combobox('Responsável')).toHaveValue('Bruno Lima');
});

it('changes the rating in place', async () => {
  const user = userEvent.setup();
  await renderDeal('deal-1');
  await user.click(screen.getByRole('radio', { name: '2 de 5 estrelas' }));
  await waitFor(() => expect(puts()).toHaveLength(1));
  expect(puts()[0]?.body).toEqual({ rating: 2 });
  expect(screen.getByRole('radio', { name: '2 de 5 estrelas' })).toBeChecked();
});

it('changes the source in place', async () => {
  const user = userEvent.setup();
  await renderDeal('deal-1');
  await waitFor(() => expect(combobox('Fonte')).toHaveValue('Indicação'));
  await choose(user, 'Fonte', 'Site');
  await waitFor(() => expect(puts()).toHaveLength(1));
  expect(puts()[0]?.body).toEqual({ source_id: 'source-2' });
  expect(combobox('Fonte')).toHaveValue('Site');
});

it("keeps the source on 'Remover', says why, and sends nothing", async () => {
  const user = userEvent.setup();
  await renderDeal('deal-1');
  await waitFor(() => expect(combobox('Fonte')).toHaveValue('Indicação'));
  await user.click(screen.getByRole('button', { name: 'Remover' }));
  const why = 'A API do RD Station CRM não prevê remover a fonte; escolha outra.';
  expect(await screen.findByText(why)).toBeInTheDocument();
  expect(combobox('Fonte')).toHaveValue('Indicação');
  expect(combobox('Fonte')).toHaveAccessibleDescription(why);
  expect(puts()).toEqual([]);

  // The next change of the deal's fields sends, and the message goes.
  await choose(user, 'Fonte', 'Site');
  await waitFor(() => expect(puts()).toHaveLength(1));
  expect(puts()[0]?.body).toEqual({ source_id: 'source-2' });
  expect(screen.queryByText(why)).not.toBeInTheDocument();
});

it("moves to another pipeline clearing the stage, lands in that pipeline's first stage, then sets the stage", async () => {
  const user = userEvent.setup();
  await renderDeal('deal-1');
  await waitFor(() => expect(combobox('Funil de vendas')).toHaveTextContent('Funil de Vendas'));
  await choose(user, 'Funil de vendas', 'Funil de Parcerias');
  await waitFor(() => expect(puts()).toHaveLength(1));
  // The new pipeline's stages are read first (a pipeline without one cannot take the deal).
  const stagesRead = server.requests.findIndex(
    (r) => r.path === '/api/rdstation/pipelines/pipeline-2/stages',
  );
  expect(server.requests[stagesRead]?.query).toEqual({ limit: '200' });
  expect(stagesRead).toBeLessThan(
    server.requests.indexOf(puts()[0] as (typeof server.requests)[0]),
  );
  expect(puts()[0]).toMatchObject({
    path: '/api/rdstation/deals/deal-1',
    body: { pipeline_id: 'pipeline-2', stage_id: null },
  });
  await waitFor(() => expect(combobox('Etapa do funil')).toHaveTextContent('Contato inicial'));
  expect(combobox('Funil de vendas')).toHaveTextContent('Funil de Parcerias');

  await choose(user, 'Etapa do funil', 'Negociação');
  await waitFor(() => expect(puts()).toHaveLength(2));
  expect(puts()[1]?.body).toEqual({ stage_id: 'stage-5' });
  expect(combobox('Etapa do funil')).toHaveTextContent('Negociação');
});

it('says so when the chosen pipeline has no stage, and sends nothing', async () => {
  server.use(
    http.get(`${server.baseURL}/api/rdstation/pipelines/:id/stages`, () =>
      HttpResponse.json({ data: { data: [], links: {} } }),
    ),
  );
  const user = userEvent.setup();
  await renderDeal('deal-1');
  await waitFor(() => expect(combobox('Funil de vendas')).toHaveTextContent('Funil de Vendas'));
  await choose(user, 'Funil de vendas', 'Funil de Parcerias');
  expect(await screen.findByText('Este funil não tem etapas; escolha outro.')).toBeInTheDocument();
  expect(combobox('Funil de vendas')).toHaveTextContent('Funil de Vendas');
  expect(puts()).toEqual([]);
});

it("only logs a failed read of the new pipeline's stages, and keeps the pipeline", async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = userEvent.setup();
  await renderDeal('deal-1');
  await waitFor(() => expect(combobox('Funil de vendas')).toHaveTextContent('Funil de Vendas'));
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'get',
      path: '/api/rdstation/pipelines/:id/stages',
      status: 500,
    }),
  );
  await choose(user, 'Funil de vendas', 'Funil de Parcerias');
  await waitFor(() => expect(log).toHaveBeenCalledWith(FIELD_UPDATE_LOG, expect.anything()));
  expect(combobox('Funil de vendas')).toHaveTextContent('Funil de Vendas');
  expect(puts()).toEqual([]);
  log.mockRestore();
});

it('keeps the stage disabled until the deal has a pipeline', async () => {
  await renderDeal('deal-4');
  expect(combobox('Etapa do funil')).toHaveAttribute('aria-disabled', 'true');
  expect(combobox('Funil de vendas')).toHaveTextContent('Selecione um funil');
});

it('only logs a failed field change, and shows the previous value again', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'put',
      path: '/api/rdstation/deals/:id',
      status: 500,
      message: 'Falha no CRM',
    }),
  );
  const user = userEvent.setup();
  await renderDeal('deal-1');
  await waitFor(() => expect(combobox('Responsável')).toHaveValue('Ana Souza'));
  await choose(user, 'Responsável', 'Carla Mendes');
  await waitFor(() => expect(log).toHaveBeenCalledWith(FIELD_UPDATE_LOG, expect.anything()));
  await waitFor(() => expect(combobox('Responsável')).toHaveValue('Ana Souza'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  log.mockRestore();
});

describe('status', () => {
  it('marks an ongoing deal won after the confirmation', async () => {
    const user = userEvent.setup();
    await renderDeal('deal-1');
    await user.click(screen.getByRole('button', { name: 'Marcar como ganha' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText('Tem certeza que deseja marcar esta venda como ganha?'),
    ).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como ganha' }));

    expect(await screen.findByText('Venda marcada como ganha com sucesso!')).toBeInTheDocument();
    expect(puts()[0]).toMatchObject({
      path: '/api/rdstation/deals/deal-1',
      body: { status: 'won' },
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Venda Ganha')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como ganha' })).not.toBeInTheDocument();
  });

  it('keeps the deal as it was when cancelled', async () => {
    const user = userEvent.setup();
    await renderDeal('deal-2');
    expect(screen.getByText('Pausada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar como ganha' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('says so when marking won fails', async () => {
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
    await renderDeal('deal-1');
    await user.click(screen.getByRole('button', { name: 'Marcar como ganha' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Marcar como ganha' }),
    );
    expect(
      await screen.findByText('Erro ao atualizar status da venda. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Em andamento')).toBeInTheDocument();
  });

  it('requires a lost reason, then marks the deal lost with it', async () => {
    const user = userEvent.setup();
    await renderDeal('deal-1');
    await user.click(screen.getByRole('button', { name: 'Marcar como perdida' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como perdida' }));
    expect(
      within(dialog).getByText('Selecione um motivo de perda antes de confirmar.'),
    ).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Motivo da perda/ }));
    await user.click(await screen.findByRole('option', { name: 'Preço alto' }));
    expect(
      within(dialog).queryByText('Selecione um motivo de perda antes de confirmar.'),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como perdida' }));

    expect(await screen.findByText('Venda marcada como perdida com sucesso!')).toBeInTheDocument();
    expect(puts()[0]).toMatchObject({
      path: '/api/rdstation/deals/deal-1',
      body: { status: 'lost', lost_reason_id: 'lost-reason-1' },
    });
    expect(screen.getByText('Venda Perdida')).toBeInTheDocument();
    expect(await screen.findByText('Motivo da perda: Preço alto')).toBeInTheDocument();
  });

  it('keeps the reason picked when marking lost fails', async () => {
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
    await renderDeal('deal-1');
    await user.click(screen.getByRole('button', { name: 'Marcar como perdida' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Motivo da perda/ }));
    await user.click(await screen.findByRole('option', { name: 'Sem orçamento' }));
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como perdida' }));
    expect(
      await within(dialog).findByText('Erro ao atualizar status da venda. Tente novamente.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Motivo da perda/ })).toHaveValue(
      'Sem orçamento',
    );
  });

  it('shows won and lost deals as read-only badges', async () => {
    const { rerenderWith } = await renderDeal('deal-3');
    expect(screen.getByText('Venda Ganha')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Marcar como/ })).not.toBeInTheDocument();

    rerenderWith(<DealGeneralTab dealId="deal-4" />);
    expect(await screen.findByText('Venda Perdida')).toBeInTheDocument();
    expect(await screen.findByText('Motivo da perda: Preço alto')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Marcar como/ })).not.toBeInTheDocument();
  });
});

it('offers a retry when the deal cannot be loaded', async () => {
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'get',
      path: '/api/rdstation/deals/:id',
      status: 500,
    }),
  );
  const user = userEvent.setup();
  renderWithProviders(<DealGeneralTab dealId="deal-1" />);
  expect(
    await screen.findByText('Erro ao carregar dados da negociação. Tente novamente.'),
  ).toBeInTheDocument();
  server.use(
    http.get(`${server.baseURL}/api/rdstation/deals/:id`, () =>
      HttpResponse.json({ data: { data: dealsFixture[0] } }),
    ),
  );
  await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(await screen.findByRole('region', { name: 'Dados da negociação' })).toBeInTheDocument();
  expect(screen.getByText('R$ 2.301,70')).toBeInTheDocument();
});

it('shows the card with its fields waiting while the deal loads, then fills the same fields in', async () => {
  const deal = mockHeldHandler({
    baseURL: server.baseURL,
    path: '/api/rdstation/deals/:id',
    body: { data: { data: dealsFixture[0] } },
  });
  server.use(deal.handler);
  renderWithProviders(<DealGeneralTab dealId="deal-1" />);
  const card = await screen.findByRole('region', { name: 'Dados da negociação' });
  expect(card).toHaveAttribute('aria-busy', 'true');
  expect(within(card).getByRole('status')).toHaveTextContent('Carregando negociação...');
  const owner = combobox('Responsável');
  expect(owner).toBeDisabled();
  expect(owner).toHaveValue('');
  expect(owner).toHaveAttribute('placeholder', 'Carregando...');
  expect(combobox('Fonte')).toBeDisabled();
  expect(combobox('Funil de vendas')).toHaveTextContent('Carregando...');
  expect(combobox('Etapa do funil')).toHaveTextContent('Carregando...');
  // Nothing claims a value the deal has not told yet.
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  expect(screen.queryByText(/R\$/)).not.toBeInTheDocument();
  expect(screen.queryByText('Defina o funil de vendas para escolher a etapa.')).toBeNull();

  deal.release();
  await waitFor(() => expect(owner).toHaveValue('Ana Souza'));
  // The same field, filled in: the card was not rebuilt.
  expect(combobox('Responsável')).toBe(owner);
  expect(owner).toBeEnabled();
  expect(card).not.toHaveAttribute('aria-busy');
  expect(screen.getByRole('radio', { name: '4 de 5 estrelas' })).toBeChecked();
  expect(screen.getByText('R$ 2.301,70')).toBeInTheDocument();
  expect(screen.queryByText('Carregando negociação...')).not.toBeInTheDocument();
});
