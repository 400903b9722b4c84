import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatDateTime } from '@crm-panel/format';
import { auditFixture, integrationFixture, setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderPage } from '@credentials/test-utils';
import { CredentialsManagerPage } from './CredentialsManagerPage';

const server = setupTestServer();

// Typing a password and filters takes a few seconds on a loaded machine.
jest.setTimeout(20_000);

async function openHistory() {
  const view = renderPage(<CredentialsManagerPage mode="page" />, {
    route: '/credentials-manager',
    adapter: createFakeHostAdapter(),
  });
  await view.user.click(await screen.findByRole('tab', { name: 'Histórico de alterações' }));
  return view;
}

const history = () => screen.getByRole('region', { name: 'Histórico de alterações' });
const auditRequests = () =>
  server.requests.filter((request) => request.path.startsWith('/api/audit'));
/** The list's reads (not the people's nor the export). */
const listRequests = () => server.requests.filter((request) => request.path === '/api/audit');
const entriesOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);

describe("CredentialsManagerPage: 'Histórico de alterações' reads money as the panel shows it", () => {
  it("shows a product's prices in R$, a percentage discount with '%' and codes by their labels", async () => {
    server.use(
      http.get(`${server.baseURL}/api/audit`, () =>
        HttpResponse.json({
          data: {
            data: [
              {
                id: 'audit-p',
                at: '2026-11-21T10:00:00.000Z',
                origin: 'panel',
                actor: { userId: 'host-user-1', name: 'Ana Souza', verified: true },
                attendanceId: null,
                chatId: null,
                record: { type: 'dealProduct', id: 'dp-1', dealId: 'deal-1', contactId: null },
                action: 'updated',
                fields: [
                  { field: 'price', before: '4320', after: '49.9' },
                  { field: 'discount', before: null, after: '12.5' },
                  { field: 'discount_type', before: null, after: 'percentage' },
                  { field: 'quantity', before: '1', after: '2' },
                ],
              },
            ],
            links: {},
          },
        }),
      ),
    );
    await openHistory();
    const list = await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    const [entry] = entriesOf(list);
    const fields = within(entry as HTMLElement).getAllByRole('listitem');
    expect(fields.map((field) => field.textContent)).toEqual([
      'Preço Unitário (R$): R$\u00a04.320,00 → R$\u00a049,90',
      'Valor do Desconto: — → 12,5%',
      'Tipo de Desconto: — → Porcentagem (%)',
      'Quantidade: 1 → 2',
    ]);
  });
});

describe("CredentialsManagerPage: 'Histórico de alterações' names where and what", () => {
  const inChat = {
    origin: 'panel',
    actor: { userId: 'user-ana', name: 'Ana Paula Ferreira', verified: true },
    attendanceId: 'at-1001',
    chatId: 'canal-whatsapp-acme',
    contactName: 'Mariana Costa',
    channelName: 'WhatsApp Comercial',
    action: 'created',
  };

  it("reads a note and a deal product written in a chat by the contact's, channel's, deal's and product's names, ids on hover", async () => {
    server.use(
      http.get(`${server.baseURL}/api/audit`, () =>
        HttpResponse.json({
          data: {
            data: [
              {
                ...inChat,
                id: 'audit-dp',
                at: '2026-11-21T10:05:00.000Z',
                record: {
                  type: 'dealProduct',
                  id: 'dp-9',
                  name: 'Suporte Premium Anual',
                  dealId: 'deal-1',
                  dealName: 'Implantação CRM - Costa & Filhos',
                  contactId: null,
                },
                fields: [
                  {
                    field: 'product_id',
                    before: null,
                    after: 'product-3',
                    afterLabel: 'Suporte Premium Anual',
                  },
                  { field: 'price', before: null, after: '49.9' },
                ],
              },
              {
                ...inChat,
                id: 'audit-note',
                at: '2026-11-21T10:00:00.000Z',
                record: {
                  type: 'note',
                  id: '6b0bb1a4c2c7b8157b6d4c99',
                  name: null,
                  dealId: 'deal-1',
                  dealName: 'Implantação CRM - Costa & Filhos',
                  contactId: null,
                },
                fields: [{ field: 'description', before: null, after: 'Cliente pediu proposta' }],
              },
            ],
            links: {},
          },
        }),
      ),
    );
    await openHistory();
    const list = await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    const [product, note] = entriesOf(list) as [HTMLElement, HTMLElement];

    expect(
      within(product).getByText('Suporte Premium Anual', { selector: 'span > span' }),
    ).toHaveAttribute('title', 'ID: dp-9');
    expect(
      within(product).getByText('Criação ·', { exact: false, selector: 'span' }),
    ).toHaveTextContent(
      /^Criação · Produto da negociação Suporte Premium Anual · Negociação Implantação CRM - Costa & Filhos$/,
    );
    expect(within(product).getAllByText('Implantação CRM - Costa & Filhos')[0]).toHaveAttribute(
      'title',
      'ID: deal-1',
    );
    expect(
      within(product)
        .getAllByRole('listitem')
        .map((field) => field.textContent),
    ).toEqual(['Produto: — → Suporte Premium Anual', 'Preço Unitário (R$): — → R$\u00a049,90']);

    expect(
      within(note).getByText('Criação ·', { exact: false, selector: 'span' }),
    ).toHaveTextContent(/^Criação · Nota · Negociação Implantação CRM - Costa & Filhos$/);
    expect(within(note).getByText('Nota')).toHaveAttribute('title', 'ID: 6b0bb1a4c2c7b8157b6d4c99');

    for (const entry of [product, note]) {
      const where = within(entry).getByText('Atendimento com Mariana Costa').parentElement;
      expect(where).toHaveTextContent(/^Atendimento com Mariana Costa · Canal WhatsApp Comercial$/);
      expect(within(entry).getByText('Atendimento com Mariana Costa')).toHaveAttribute(
        'title',
        'ID: at-1001',
      );
      expect(within(entry).getByText('Canal WhatsApp Comercial')).toHaveAttribute(
        'title',
        'ID: canal-whatsapp-acme',
      );
    }
  });
});

describe("CredentialsManagerPage: 'Histórico de alterações'", () => {
  it("answers who changed the deal's stage, from which chat, and when", async () => {
    await openHistory();
    const list = await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items).toHaveLength(3);
    const stage = items[1] as HTMLElement;
    expect(within(stage).getByText(formatDateTime('2026-11-20T13:05:00.000Z'))).toBeVisible();
    expect(within(stage).getByText('Ana Souza')).toBeVisible();
    expect(within(stage).getByText('Identidade verificada')).toBeVisible();
    // The record by the name recorded with the change, its id on hover.
    const dealName = within(stage).getByText('Contrato anual Acme');
    expect(dealName).toHaveAttribute('title', 'ID: deal-1');
    expect(dealName.parentElement).toHaveTextContent(
      /^Alteração · Negociação Contrato anual Acme$/,
    );
    expect(
      within(stage).getByText('Atendimento com Mariana Costa').parentElement,
    ).toHaveTextContent(/^Atendimento com Mariana Costa · Canal WhatsApp Comercial$/);
    // An entry recorded without names: where, by its ids.
    expect(
      within(items[2] as HTMLElement).getByText('Atendimento at-1000 · Chat canal-whatsapp'),
    ).toBeVisible();
    // The names recorded with the change; each id on hover.
    const [stageChange, ownerChange] = within(stage).getAllByRole('listitem');
    expect(stageChange).toHaveTextContent(/^Etapa do funil: Prospecção → Qualificação$/);
    expect(within(stageChange as HTMLElement).getByText('Prospecção')).toHaveAttribute(
      'title',
      'ID: stage-1',
    );
    expect(within(stageChange as HTMLElement).getByText('Qualificação')).toHaveAttribute(
      'title',
      'ID: stage-2',
    );
    expect(ownerChange).toHaveTextContent(/^Responsável: Bruno Lima → Carla Mendes$/);
    expect(within(ownerChange as HTMLElement).getByText('Carla Mendes')).toHaveAttribute(
      'title',
      'ID: user-3',
    );
    const note = items[0] as HTMLElement;
    expect(within(note).getByText('Identidade não verificada')).toBeVisible();
    expect(within(note).getByText('Fora de um atendimento')).toBeVisible();
    // An entry recorded before names were: its ids still show, with nothing on hover.
    const [rating, source] = within(items[2] as HTMLElement).getAllByRole('listitem');
    expect(rating).toHaveTextContent(/^Avaliação: — → 4$/);
    expect(source).toHaveTextContent(/^Fonte: source-1 → source-2$/);
    expect(within(source as HTMLElement).getByText('source-2')).not.toHaveAttribute('title');
    // …and its record by its id, as before.
    const olderRecord = within(items[2] as HTMLElement).getByText('deal-1');
    expect(olderRecord).not.toHaveAttribute('title');
    expect(olderRecord.parentElement).toHaveTextContent(/^Alteração · Negociação deal-1$/);
    // A note has no name: its kind, the id on hover, and its deal (recorded without a name: the id).
    expect(within(note).getByText('Nota')).toHaveAttribute('title', 'ID: note-9');
    expect(within(note).getByText('Nota').parentElement).toHaveTextContent(
      /^Criação · Nota · Negociação deal-1$/,
    );
    expect(
      auditRequests()
        .filter((request) => request.path === '/api/audit')
        .map((request) => request.query),
    ).toEqual([{ limit: '50' }]);
  });

  it("offers the people of the trail by name, and filters by the chosen one's user id", async () => {
    const { user } = await openHistory();
    await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    const person = screen.getByRole('combobox', { name: 'Pessoa' });
    expect(person).toHaveValue('');
    expect(person).toHaveAttribute('placeholder', 'Todas as pessoas');
    await user.click(person);
    // Each person once (Ana has two entries), by name, the id beside it; an unverified one says so.
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Todas as pessoas',
      'Ana SouzaID: host-user-1',
      'Bruno LimaID: host-user-2 · Identidade não verificada',
    ]);
    await user.click(screen.getByRole('option', { name: /Bruno Lima/ }));
    expect(person).toHaveValue('Bruno Lima');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    expect(listRequests()[1]?.query).toEqual({ person: 'host-user-2', limit: '50' });
    const list = await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    await waitFor(() => expect(entriesOf(list)).toHaveLength(1));
    expect(within(entriesOf(list)[0] as HTMLElement).getByText('Bruno Lima')).toBeVisible();
    // Back to everyone without clearing the other filters.
    await user.click(person);
    await user.click(screen.getByRole('option', { name: 'Todas as pessoas' }));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(listRequests()).toHaveLength(3));
    expect(listRequests()[2]?.query).toEqual({ limit: '50' });
    // The choices were read once, from the trail: GET /api/audit/people, no query.
    expect(
      auditRequests()
        .filter((request) => request.path === '/api/audit/people')
        .map((request) => request.query),
    ).toEqual([{}]);
  });

  it('sends the filters it was given: person, record type and id, period', async () => {
    const { user } = await openHistory();
    await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    await user.click(screen.getByRole('combobox', { name: 'Pessoa' }));
    await user.click(await screen.findByRole('option', { name: /Ana Souza/ }));
    await user.selectOptions(screen.getByLabelText('Tipo de registro'), 'Negociação');
    await user.type(screen.getByLabelText('ID do registro'), 'deal-1');
    // The period as a person in Brazil writes it, whatever the browser's language; the slashes
    // come by themselves.
    await user.type(screen.getByRole('textbox', { name: 'De' }), '20112026');
    await user.type(screen.getByRole('textbox', { name: 'Até' }), '20/11/2026');
    expect(screen.getByRole('textbox', { name: 'De' })).toHaveValue('20/11/2026');
    expect(screen.getByRole('textbox', { name: 'De' })).toHaveAttribute(
      'placeholder',
      'dd/mm/aaaa',
    );
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    expect(listRequests()[1]?.query).toEqual({
      person: 'host-user-1',
      recordType: 'deal',
      recordId: 'deal-1',
      from: '2026-11-20',
      to: '2026-11-20',
      limit: '50',
    });
    const list = await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .filter((item) => item.parentElement === list),
      ).toHaveLength(1),
    );
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(listRequests()).toHaveLength(3));
    expect(listRequests()[2]?.query).toEqual({ limit: '50' });
  });

  it('refuses a date that is not a real day and a period that ends before it starts, keeping what was typed', async () => {
    const { user } = await openHistory();
    await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    const from = screen.getByRole('textbox', { name: 'De' });
    const to = screen.getByRole('textbox', { name: 'Até' });
    await user.type(from, '31022026');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(from).toHaveAccessibleDescription('Data inválida. Use o formato dd/mm/aaaa.');
    expect(from).toHaveValue('31/02/2026');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    // An unfinished one too.
    await user.clear(from);
    await user.type(from, '2011');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(from).toHaveAccessibleDescription('Data inválida. Use o formato dd/mm/aaaa.');
    expect(from).toHaveValue('20/11');

    await user.clear(from);
    await user.type(from, '21112026');
    expect(from).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(to, '20112026');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(to).toHaveAccessibleDescription(
      'Período inválido: a data inicial deve ser anterior ou igual à final.',
    );
    expect(from).toHaveValue('21/11/2026');
    expect(to).toHaveValue('20/11/2026');
    // Nothing was asked but the first page.
    expect(listRequests()).toHaveLength(1);

    // The same day at both ends is a period.
    await user.clear(to);
    await user.type(to, '21112026');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    expect(listRequests()[1]?.query).toEqual({ from: '2026-11-21', to: '2026-11-21', limit: '50' });
    expect(to).toHaveAccessibleDescription('');
  });

  it("pages with 'Carregar mais' after the cursor the last page ended on", async () => {
    server.db.state.audit.entries = Array.from({ length: 52 }, (_, index) => ({
      ...(auditFixture[1] ?? auditFixture[0]!),
      id: `e-${String(index).padStart(2, '0')}`,
    }));
    const { user } = await openHistory();
    const list = await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    const rows = () =>
      within(list)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement === list);
    expect(rows()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(rows()).toHaveLength(52));
    expect(listRequests()[1]?.query).toEqual({ limit: '50', cursor: 'e-49' });
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('shows an empty state when nothing matches', async () => {
    server.db.state.audit.entries = [];
    await openHistory();
    expect(await within(history()).findByText('Nenhuma alteração encontrada')).toBeVisible();
    expect(
      within(history()).getByText('Ajuste os filtros ou escolha outro período.'),
    ).toBeVisible();
  });

  it("offers 'Tentar novamente' when the history cannot be read", async () => {
    // Fails once: the retry reaches the mock api.
    server.use(
      http.get(`${server.baseURL}/api/audit`, () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = await openHistory();
    expect(
      await within(history()).findByText('Erro ao carregar o histórico de alterações'),
    ).toBeVisible();
    await user.click(within(history()).getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await within(history()).findByRole('list', { name: 'Histórico de alterações' }),
    ).toBeVisible();
  });

  it("shows the api's refusal to an attendant, and nothing of the history", async () => {
    server.db.state.audit.access = 'attendant';
    await openHistory();
    expect(
      await within(history()).findByText(
        'Apenas administradores podem ver o histórico de alterações.',
      ),
    ).toBeVisible();
    expect(within(history()).queryByRole('list')).not.toBeInTheDocument();
    expect(
      within(history()).queryByRole('button', { name: 'Exportar CSV' }),
    ).not.toBeInTheDocument();
  });

  it('a host that signs nothing: asks for the security password, refuses a wrong one, opens with the right one', async () => {
    server.db.state.audit.access = 'password';
    const { user } = await openHistory();
    const field = await within(history()).findByLabelText('Senha de segurança');
    await user.type(field, 'errada');
    await user.click(screen.getByRole('button', { name: 'Ver histórico' }));
    expect(await within(history()).findByText('Senha de segurança incorreta')).toBeVisible();
    await user.clear(within(history()).getByLabelText('Senha de segurança'));
    await user.type(
      within(history()).getByLabelText('Senha de segurança'),
      integrationFixture.securityPassword,
    );
    await user.click(screen.getByRole('button', { name: 'Ver histórico' }));
    expect(
      await within(history()).findByRole('list', { name: 'Histórico de alterações' }),
    ).toBeVisible();
    expect(auditRequests().at(-1)?.headers['x-security-password']).toBe(
      integrationFixture.securityPassword,
    );
  });

  it("'Exportar CSV' downloads the file of the applied filters", async () => {
    const created: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:historico';
    });
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    try {
      const { user } = await openHistory();
      await within(history()).findByRole('list', { name: 'Histórico de alterações' });
      await user.click(screen.getByRole('combobox', { name: 'Pessoa' }));
      await user.click(await screen.findByRole('option', { name: /Bruno Lima/ }));
      await user.click(screen.getByRole('button', { name: 'Filtrar' }));
      await waitFor(() => expect(listRequests()).toHaveLength(2));
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(auditRequests().at(-1)).toMatchObject({
        path: '/api/audit.csv',
        query: { person: 'host-user-2' },
      });
      const anchor = click.mock.contexts[0] as HTMLAnchorElement;
      expect(anchor.download).toBe('historico-de-alteracoes.csv');
      expect(anchor.href).toBe('blob:historico');
      expect(created).toHaveLength(1);
    } finally {
      click.mockRestore();
    }
  });
});
