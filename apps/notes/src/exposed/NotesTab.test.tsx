import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { queryKeys } from '@crm-panel/api-client';
import { MOCK_BASE_URL, setupTestServer } from '@crm-panel/api-client/testing';
import { type Note } from '@crm-panel/crm-model';
import { formatDate } from '@crm-panel/format';
import { createFakeHostAdapter, FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { renderWithProviders } from '@notes/test-utils';
import { NotesTab } from './NotesTab';

const server = setupTestServer();

const NOTES_PATH = '/api/rdstation/deals/deal-1/notes';

function localDate(daysAgo: number, hours: number, minutes: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hours, minutes);
}

const olderDay = new Date(2025, 2, 1, 18, 5);
const longText =
  'Cliente relatou que o time financeiro precisa aprovar o orçamento antes do fim do trimestre. ' +
  'Combinamos enviar uma nova proposta com desconto progressivo, prazo de pagamento em doze ' +
  'parcelas e suporte dedicado durante a implantação do sistema nas três filiais da empresa.';

const seededNotes: Note[] = [
  {
    id: 'note-today',
    description: 'Cliente pediu uma proposta com pagamento mensal.',
    registered_at: localDate(0, 9, 7).toISOString(),
    user_id: 'user-1',
  },
  {
    id: 'note-yesterday',
    description: '<p>Reunião com a <strong>diretoria</strong> confirmada.</p>',
    registered_at: localDate(1, 16, 45).toISOString(),
    user_id: 'user-2',
  },
  {
    id: 'note-old',
    description: longText,
    registered_at: olderDay.toISOString(),
    user_id: 'user-9',
  },
];

function seed(notes: Note[] = seededNotes) {
  server.db.state.notes['deal-1'] = structuredClone(notes);
}

function notesRequests() {
  return server.requests.filter((request) => request.path === NOTES_PATH);
}

/** Lets pending answers land, inside act (no request is expected to be missing). */
async function settle(ms = 20): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

function daySection(label: string): HTMLElement {
  return screen.getByRole('region', { name: label });
}

describe('NotesTab', () => {
  it('lists the notes by day with time, author and text, from the spec request', async () => {
    seed();
    await renderWithProviders(<NotesTab dealId="deal-1" dealName="Contrato anual Acme" />);

    const today = await screen.findByRole('region', { name: 'Hoje' });
    expect(within(today).getByText('09:07')).toBeInTheDocument();
    expect(await within(today).findByText('Ana Souza')).toBeInTheDocument();
    expect(
      within(today).getByText('Cliente pediu uma proposta com pagamento mensal.'),
    ).toBeInTheDocument();

    const yesterday = daySection('Ontem');
    expect(within(yesterday).getByText('16:45')).toBeInTheDocument();
    expect(await within(yesterday).findByText('Bruno Lima')).toBeInTheDocument();
    expect(within(yesterday).getByText('diretoria').tagName).toBe('STRONG');

    const older = daySection(formatDate(olderDay));
    expect(formatDate(olderDay)).toBe('01/03/2025');
    expect(within(older).getByText('18:05')).toBeInTheDocument();
    // user-9 does not exist in the CRM (404).
    expect(await within(older).findByText('Usuário desconhecido')).toBeInTheDocument();

    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Hoje', 'Ontem', '01/03/2025']);

    expect(notesRequests()).toHaveLength(1);
    expect(notesRequests()[0]).toMatchObject({
      method: 'GET',
      query: { limit: '200', page: '1', order: 'registered_at', direction: 'desc' },
    });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/rdstation/users/user-1',
        'GET /api/rdstation/users/user-2',
        'GET /api/rdstation/users/user-9',
      ]),
    );
  });

  it('shows "Usuário desconhecido" when the author request fails', async () => {
    seed([seededNotes[0] as Note]);
    server.use(
      http.get(`${MOCK_BASE_URL}/api/rdstation/users/:id`, () =>
        HttpResponse.json({ message: 'Falha' }, { status: 500 }),
      ),
    );
    await renderWithProviders(<NotesTab dealId="deal-1" dealName="Contrato anual Acme" />);
    expect(await screen.findByText('Usuário desconhecido')).toBeInTheDocument();
  });

  it('truncates a long note at 200 characters + "..." and opens it whole with "Ver mais"', async () => {
    seed();
    const { user, adapter } = await renderWithProviders(
      <NotesTab dealId="deal-1" dealName="Contrato anual Acme" />,
    );

    const preview = `${longText.slice(0, 200)}...`;
    expect(await screen.findByText(preview)).toBeInTheDocument();
    expect(screen.queryByText(longText)).not.toBeInTheDocument();

    // Only the truncated note needs 'Ver mais'.
    const buttons = screen.getAllByRole('button', { name: 'Ver mais' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);

    expect(adapter.openedForms).toHaveLength(1);
    expect(adapter.openedForms[0]).toMatchObject({
      route: 'note-view',
      query: {
        body: longText,
        registeredAt: olderDay.toISOString(),
        dealName: 'Contrato anual Acme',
      },
      options: { title: 'Nota' },
    });
  });

  it('"Adicionar Nota" opens the create form with the deal, current user and attendance', async () => {
    seed();
    const adapter = createFakeHostAdapter({ attendance: FAKE_ATTENDANCE });
    const { user, queryClient } = await renderWithProviders(
      <NotesTab dealId="deal-1" dealName="Contrato anual Acme" />,
      { adapter },
    );
    await screen.findByRole('region', { name: 'Hoje' });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.profile())?.status).toBe('success'),
    );

    await user.click(screen.getByRole('button', { name: 'Adicionar Nota' }));

    await waitFor(() => expect(adapter.openedForms).toHaveLength(1));
    expect(adapter.openedForms[0]).toMatchObject({
      route: 'note-create',
      query: {
        dealId: 'deal-1',
        dealName: 'Contrato anual Acme',
        userId: 'user-1',
        chatId: 'at-1001',
        channelId: 'canal-whatsapp-acme',
      },
      options: { title: 'Adicionar Nota' },
    });
    // The name came from the shell: no deal request.
    expect(server.requests.some((r) => r.path === '/api/rdstation/deals/deal-1')).toBe(false);
  });

  it('reads the deal name from the deal when the shell does not pass it', async () => {
    seed();
    const { user, adapter, queryClient } = await renderWithProviders(<NotesTab dealId="deal-1" />);
    await screen.findByRole('region', { name: 'Hoje' });
    await waitFor(() => {
      expect(queryClient.getQueryState(queryKeys.deal('deal-1'))?.status).toBe('success');
      expect(queryClient.getQueryState(queryKeys.profile())?.status).toBe('success');
    });

    await user.click(screen.getByRole('button', { name: 'Adicionar Nota' }));
    await waitFor(() =>
      expect(adapter.openedForms[0]?.query).toEqual({
        dealId: 'deal-1',
        dealName: 'Contrato anual Acme',
        userId: 'user-1',
      }),
    );
  });

  it('shows the new note without a reload after the create form closes with success', async () => {
    seed();
    const { user, adapter } = await renderWithProviders(
      <NotesTab dealId="deal-1" dealName="Contrato anual Acme" />,
    );
    await screen.findByRole('region', { name: 'Hoje' });
    await user.click(screen.getByRole('button', { name: 'Adicionar Nota' }));

    // The form (another page) saved a note; then the host closes it with the result.
    server.db.state.notes['deal-1']?.unshift({
      id: 'note-new',
      description: 'Nota recém-criada pelo formulário.',
      registered_at: new Date().toISOString(),
      user_id: 'user-3',
    });
    const before = notesRequests().length;
    await act(async () => adapter.resolveModal({ success: true, updated: true }));

    expect(await screen.findByText('Nota recém-criada pelo formulário.')).toBeInTheDocument();
    expect(await screen.findByText('Carla Mendes')).toBeInTheDocument();
    expect(notesRequests()).toHaveLength(before + 1);
    // Said in the tab, as the task and product tabs confirm their forms, until it is closed.
    const notice = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.includes('Nota criada com sucesso!'));
    if (!notice) throw new Error("'Nota criada com sucesso!' não aparece na aba");
    await user.click(within(notice).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByText('Nota criada com sucesso!')).not.toBeInTheDocument();
  });

  it("shows the note of the form's result in the timeline without reading it again", async () => {
    seed();
    const { user, adapter } = await renderWithProviders(
      <NotesTab dealId="deal-1" dealName="Contrato anual Acme" />,
    );
    await screen.findByRole('region', { name: 'Hoje' });
    await user.click(screen.getByRole('button', { name: 'Adicionar Nota' }));
    const note: Note = {
      id: 'note-from-form',
      description: 'Nota que voltou no resultado do formulário.',
      registered_at: new Date().toISOString(),
      user_id: 'user-3',
    };
    const before = notesRequests().length;
    await act(async () => adapter.resolveModal({ success: true, updated: true, note }));

    const today = screen.getByRole('region', { name: 'Hoje' });
    const entry = within(today)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('Nota que voltou no resultado do formulário.'));
    // Its author's name comes from the users list, read once for the whole timeline.
    await waitFor(() => expect(entry).toHaveTextContent('Carla Mendes'));
    expect(await screen.findByText('Nota criada com sucesso!')).toBeInTheDocument();
    // One request per write: the form's POST; the timeline is not read again.
    expect(notesRequests()).toHaveLength(before);
  });

  it('does not reload when the create form is cancelled', async () => {
    seed();
    const { user, adapter } = await renderWithProviders(<NotesTab dealId="deal-1" dealName="X" />);
    await screen.findByRole('region', { name: 'Hoje' });
    await user.click(screen.getByRole('button', { name: 'Adicionar Nota' }));
    const before = notesRequests().length;
    await act(async () => adapter.resolveModal({ success: false }));
    await settle();
    expect(notesRequests()).toHaveLength(before);
    expect(screen.queryByText('Nota criada com sucesso!')).not.toBeInTheDocument();
  });

  it('"Atualizar" loads the notes again', async () => {
    seed();
    const { user } = await renderWithProviders(<NotesTab dealId="deal-1" dealName="X" />);
    await screen.findByRole('region', { name: 'Hoje' });
    server.db.state.notes['deal-1']?.unshift({
      id: 'note-other',
      description: 'Escrita por outra pessoa no CRM.',
      registered_at: new Date().toISOString(),
      user_id: 'user-1',
    });

    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(await screen.findByText('Escrita por outra pessoa no CRM.')).toBeInTheDocument();
    expect(notesRequests()).toHaveLength(2);
  });

  it('shows "Nenhuma nota cadastrada" for a deal without notes', async () => {
    await renderWithProviders(<NotesTab dealId="deal-2" dealName="Expansão Padaria" />);
    expect(await screen.findByText('Nenhuma nota cadastrada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar Nota' })).toBeEnabled();
  });

  it('shows the load error as a banner with the list emptied, and retries', async () => {
    seed();
    server.use(
      http.get(
        `${MOCK_BASE_URL}${NOTES_PATH}`,
        () => HttpResponse.json({ message: 'Falha no CRM' }, { status: 502 }),
        { once: true },
      ),
    );
    const { user } = await renderWithProviders(<NotesTab dealId="deal-1" dealName="X" />);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Erro ao carregar notas. Tente novamente.');
    expect(screen.queryByRole('region', { name: 'Hoje' })).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Hoje' })).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar notas. Tente novamente.')).not.toBeInTheDocument();
  });

  it('empties the list when a refresh fails after a successful load', async () => {
    seed();
    const { user } = await renderWithProviders(<NotesTab dealId="deal-1" dealName="X" />);
    expect(
      await screen.findByText('Cliente pediu uma proposta com pagamento mensal.'),
    ).toBeInTheDocument();

    server.use(
      http.get(`${MOCK_BASE_URL}${NOTES_PATH}`, () => new HttpResponse(null, { status: 500 })),
    );
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(await screen.findByText('Erro ao carregar notas. Tente novamente.')).toBeInTheDocument();
    expect(
      screen.queryByText('Cliente pediu uma proposta com pagamento mensal.'),
    ).not.toBeInTheDocument();
  });

  it('without a deal shows a calm empty state, disables the actions and sends no request', async () => {
    await renderWithProviders(<NotesTab dealId={null} />);
    expect(screen.getByText('Nenhuma negociação selecionada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar Nota' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await settle();
    expect(server.requests).toEqual([]);
  });
});
