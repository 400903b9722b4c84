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
    expect(within(stage).getByText('Alteração · Negociação deal-1')).toBeVisible();
    expect(within(stage).getByText('Atendimento at-1001 · Chat canal-whatsapp')).toBeVisible();
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
    expect(auditRequests().map((request) => request.query)).toEqual([{ limit: '50' }]);
  });

  it('sends the filters it was given: person, record type and id, period', async () => {
    const { user } = await openHistory();
    await within(history()).findByRole('list', { name: 'Histórico de alterações' });
    await user.type(screen.getByLabelText('Pessoa (ID do usuário)'), 'host-user-1');
    await user.selectOptions(screen.getByLabelText('Tipo de registro'), 'Negociação');
    await user.type(screen.getByLabelText('ID do registro'), 'deal-1');
    await user.type(screen.getByLabelText('De'), '2026-11-20');
    await user.type(screen.getByLabelText('Até'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(auditRequests()).toHaveLength(2));
    expect(auditRequests()[1]?.query).toEqual({
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
    await waitFor(() => expect(auditRequests()).toHaveLength(3));
    expect(auditRequests()[2]?.query).toEqual({ limit: '50' });
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
    expect(auditRequests()[1]?.query).toEqual({ limit: '50', cursor: 'e-49' });
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
      await user.type(screen.getByLabelText('Pessoa (ID do usuário)'), 'host-user-2');
      await user.click(screen.getByRole('button', { name: 'Filtrar' }));
      await waitFor(() => expect(auditRequests()).toHaveLength(2));
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
