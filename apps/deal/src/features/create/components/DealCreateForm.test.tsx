import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { renderWithProviders } from '@deal/test-utils';
import { DealCreateForm } from './DealCreateForm';

const server = setupTestServer();

const posts = () =>
  server.requests.filter((r) => r.method === 'POST' && r.path === '/api/rdstation/deals');

afterEach(() => {
  jest.useRealTimers();
});

async function renderForm(route = '/deal-create-modal?contactId=contact-1') {
  const view = renderWithProviders(<DealCreateForm />, { route });
  await screen.findByRole('heading', { name: 'Criar Negociação' });
  return view;
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

function failProfile() {
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'get',
      path: '/api/rdstation/user/profile',
      status: 500,
    }),
  );
}

it('requires name, pipeline, stage and owner, and sends nothing without them', async () => {
  failProfile();
  const user = userEvent.setup();
  await renderForm();
  await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));

  expect(await screen.findByText('Nome da negociação é obrigatório')).toBeInTheDocument();
  expect(screen.getByText('Funil de vendas é obrigatório')).toBeInTheDocument();
  expect(screen.getByText('Etapa do funil é obrigatória')).toBeInTheDocument();
  expect(screen.getByText('Responsável é obrigatório')).toBeInTheDocument();
  expect(posts()).toHaveLength(0);
});

it("starts with the signed-in user as owner, who can be removed: then 'Responsável é obrigatório'", async () => {
  const user = userEvent.setup();
  await renderForm();
  const owner = screen.getByRole('combobox', { name: /Responsável/ });
  await waitFor(() => expect(owner).toHaveValue('Ana Souza'));
  await user.click(screen.getByRole('textbox', { name: /Nome da negociação/ }));
  await user.paste('Plano anual');
  await choose(user, /Funil de vendas/, 'Funil de Vendas');
  await choose(user, /Etapa do funil/, 'Proposta');

  await user.click(screen.getByRole('button', { name: 'Remover' }));
  expect(owner).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));
  expect(await screen.findByText('Responsável é obrigatório')).toBeInTheDocument();
  // Removed stays removed: the profile does not come back as owner.
  expect(owner).toHaveValue('');
  expect(posts()).toHaveLength(0);

  await choose(user, /Responsável/, 'Carla Mendes');
  await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));
  expect(await screen.findByText('Negociação criada com sucesso!')).toBeInTheDocument();
  expect(posts()[0]?.body).toMatchObject({ owner_id: 'user-3' });
});

it('keeps the stage disabled until a pipeline is chosen, and clears it when the pipeline changes', async () => {
  const user = userEvent.setup();
  await renderForm();
  expect(screen.getByRole('combobox', { name: /Etapa do funil/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await choose(user, /Funil de vendas/, 'Funil de Vendas');
  await choose(user, /Etapa do funil/, 'Proposta');
  expect(screen.getByRole('combobox', { name: /Etapa do funil/ })).toHaveTextContent('Proposta');
  await choose(user, /Funil de vendas/, 'Funil de Parcerias');
  expect(screen.getByRole('combobox', { name: /Etapa do funil/ })).toHaveTextContent(
    'Selecione uma etapa',
  );
  await user.click(screen.getByRole('combobox', { name: /Etapa do funil/ }));
  expect(await screen.findByRole('option', { name: 'Contato inicial' })).toBeInTheDocument();
});

it('creates the deal with the contact and every optional field, then closes with its id', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { adapter } = await renderForm();
  expect(await screen.findByText('Contato: Maria Oliveira')).toBeInTheDocument();
  // The person creating the deal starts as its owner.
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /Responsável/ })).toHaveValue('Ana Souza'),
  );

  await user.click(screen.getByRole('textbox', { name: /Nome da negociação/ }));
  await user.paste('  Plano anual  ');
  await choose(user, /Funil de vendas/, 'Funil de Vendas');
  await choose(user, /Etapa do funil/, 'Proposta');
  await choose(user, /Responsável/, 'Carla Mendes');

  await user.type(screen.getByRole('combobox', { name: 'Empresa' }), 'Padaria');
  act(() => jest.advanceTimersByTime(600));
  await waitFor(() =>
    expect(
      server.requests.filter((r) => r.path === '/api/rdstation/organizations').at(-1)?.query,
    ).toEqual({ limit: '50', page: '1', order: 'name', filter: 'name:~"Padaria"' }),
  );
  await user.click(await screen.findByRole('option', { name: 'Padaria Pão Quente' }));

  await user.click(screen.getByRole('radio', { name: '3 de 5 estrelas' }));
  await choose(user, /Fonte/, 'WhatsApp');
  await choose(user, /Campanha/, 'Black Friday');
  await user.click(screen.getByRole('textbox', { name: 'Segmento' }));
  await user.paste('Varejo');
  await user.type(screen.getByLabelText('Data da visita'), '02/04/2025');
  await user.click(screen.getByRole('combobox', { name: 'Canais' }));
  await user.click(await screen.findByRole('option', { name: 'Online' }));

  await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));

  expect(await screen.findByText('Negociação criada com sucesso!')).toBeInTheDocument();
  expect(posts()).toHaveLength(1);
  expect(posts()[0]?.body).toEqual({
    name: 'Plano anual',
    pipeline_id: 'pipeline-1',
    stage_id: 'stage-3',
    owner_id: 'user-3',
    organization_id: 'organization-2',
    rating: 3,
    source_id: 'source-3',
    campaign_id: 'campaign-1',
    custom_fields: { segmento: 'Varejo', data_visita: '2025-04-02', canais: ['Online'] },
    contact_ids: ['contact-1'],
  });
  const created = server.db.state.deals.find((deal) => deal.name === 'Plano anual');
  await waitFor(() =>
    expect(adapter.closedForms).toEqual([{ success: true, dealId: created?.id }]),
  );
  // The deal carries the chat's contact.
  expect(created?.contact_ids).toEqual(['contact-1']);
}, 30_000);

it('sends only what was filled in, and no contact without one', async () => {
  const user = userEvent.setup();
  const { adapter } = await renderForm('/deal-create-modal');
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /Responsável/ })).toHaveValue('Ana Souza'),
  );
  await user.click(screen.getByRole('textbox', { name: /Nome da negociação/ }));
  await user.paste('Simples');
  await choose(user, /Funil de vendas/, 'Funil de Parcerias');
  await choose(user, /Etapa do funil/, 'Contato inicial');
  await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));

  await waitFor(() => expect(adapter.closedForms).toHaveLength(1));
  expect(posts()[0]?.body).toEqual({
    name: 'Simples',
    pipeline_id: 'pipeline-2',
    stage_id: 'stage-4',
    owner_id: 'user-1',
  });
  expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
});

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /Responsável/ })).toHaveValue('Ana Souza'),
  );
  await user.click(screen.getByRole('textbox', { name: /Nome da negociação/ }));
  await user.paste('Plano anual');
  await choose(user, /Funil de vendas/, 'Funil de Vendas');
  await choose(user, /Etapa do funil/, 'Proposta');
}

it("shows the server's message above the form and keeps everything typed", async () => {
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'post',
      path: '/api/rdstation/deals',
      status: 422,
      message: 'O RD Station CRM recusou os dados enviados',
    }),
  );
  const user = userEvent.setup();
  const { adapter } = await renderForm();
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));

  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent('O RD Station CRM recusou os dados enviados');
  expect(screen.getByRole('textbox', { name: /Nome da negociação/ })).toHaveValue('Plano anual');
  expect(screen.getByRole('combobox', { name: /Etapa do funil/ })).toHaveTextContent('Proposta');
  expect(adapter.closedForms).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Criar Negociação' })).toBeEnabled();
});

it("falls back to 'Erro ao criar negociação. Tente novamente.'", async () => {
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'post',
      path: '/api/rdstation/deals',
      status: 500,
    }),
  );
  const user = userEvent.setup();
  await renderForm();
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Erro ao criar negociação. Tente novamente.',
  );
});

it('closes with success false on Cancelar', async () => {
  const user = userEvent.setup();
  const { adapter } = await renderForm();
  await user.click(screen.getByRole('textbox', { name: /Nome da negociação/ }));
  await user.paste('Rascunho');
  await user.click(screen.getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
  expect(posts()).toHaveLength(0);
});

it('renders each custom field by its type', async () => {
  await renderForm();
  const group = await screen.findByRole('group', { name: 'Campos personalizados' });
  expect(within(group).getByRole('textbox', { name: 'Segmento' })).toBeInTheDocument();
  // A date shows and takes dd/mm/yyyy whatever the browser's language.
  expect(within(group).getByLabelText('Data da visita')).toHaveAttribute(
    'placeholder',
    'dd/mm/aaaa',
  );
  expect(within(group).getByRole('combobox', { name: 'Canais' })).toBeInTheDocument();
  expect(within(group).queryByText('Aniversário')).not.toBeInTheDocument();
});
