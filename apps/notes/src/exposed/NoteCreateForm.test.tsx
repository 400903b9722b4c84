import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  CHANNEL_ID_FIXTURE,
  CHAT_ID_FIXTURE,
  chatMessagesFixture,
  MOCK_BASE_URL,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import { buildModalUrl, type ModalQueryInput } from '@crm-panel/contracts';
import { type ChatMessage } from '@crm-panel/crm-model';
import { formatDateTime } from '@crm-panel/format';
import {
  HOST_TIMEOUT_MESSAGE,
  HostRequestError,
  type ChatMessagesSource,
} from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderWithProviders, type RenderOptions } from '@notes/test-utils';
import { NoteCreateForm } from './NoteCreateForm';

const server = setupTestServer();

const NOTES_PATH = '/api/rdstation/deals/deal-1/notes';
const CHAT_PATH = `/api/chat/${CHAT_ID_FIXTURE}/messages`;

const FULL_QUERY: ModalQueryInput<'note-create'> = {
  dealId: 'deal-1',
  dealName: 'Contrato anual Acme',
  userId: 'user-2',
  chatId: CHAT_ID_FIXTURE,
  channelId: CHANNEL_ID_FIXTURE,
};

function renderForm(
  query: ModalQueryInput<'note-create'> = FULL_QUERY,
  options: Omit<RenderOptions, 'route'> = {},
) {
  return renderWithProviders(<NoteCreateForm />, {
    route: buildModalUrl('note-create', query),
    ...options,
  });
}

const contentField = () => screen.getByRole('textbox', { name: /Conteúdo da nota/ });
const saveButton = () => screen.getByRole('button', { name: 'Salvar Nota' });
const postRequests = () =>
  server.requests.filter((request) => request.method === 'POST' && request.path === NOTES_PATH);

async function settle(ms = 20): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

const [message1, message2, message3] = chatMessagesFixture[CHAT_ID_FIXTURE] as [
  ChatMessage,
  ChatMessage,
  ChatMessage,
];
/** The chat import's load error (the spec's text), then its 'Tentar novamente'. */
async function retryAfterLoadError(user: UserEvent): Promise<void> {
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent(
    'Erro ao carregar mensagens. Verifique se o domínio do chat está configurado.',
  );
  await user.click(within(banner).getByRole('button', { name: 'Tentar novamente' }));
}

const chooseImport = async (user: UserEvent) =>
  user.click(screen.getByRole('radio', { name: 'Importar do chat' }));

const stamp = (message: ChatMessage) => formatDateTime(new Date(message.unixTimeMessage * 1000));

describe('NoteCreateForm — manual note', () => {
  it('shows the title, the deal and the field with its 5000-character counter', async () => {
    await renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Adicionar Nota' })).toBeInTheDocument();
    expect(screen.getByText('Negociação: Contrato anual Acme')).toBeInTheDocument();
    expect(contentField()).toHaveValue('');
    expect(screen.getByText('0/5000')).toBeInTheDocument();
  });

  it('requires the content (blank counts as empty) and sends nothing', async () => {
    const { user } = await renderForm();
    await user.click(saveButton());
    expect(await screen.findByText('O conteúdo da nota é obrigatório')).toBeInTheDocument();

    await user.click(contentField());
    await user.paste('   ');
    await user.click(saveButton());
    expect(await screen.findByText('O conteúdo da nota é obrigatório')).toBeInTheDocument();
    await settle();
    expect(postRequests()).toHaveLength(0);
  });

  it('refuses more than 5000 characters, with the counter showing it', async () => {
    const { user } = await renderForm();
    fireEvent.change(contentField(), { target: { value: 'a'.repeat(5001) } });
    expect(screen.getByText('5001/5000')).toBeInTheDocument();
    await user.click(saveButton());
    expect(
      await screen.findByText('O conteúdo não pode exceder 5000 caracteres'),
    ).toBeInTheDocument();
    await settle();
    expect(postRequests()).toHaveLength(0);
  });

  it('accepts exactly 5000 characters', async () => {
    const { user } = await renderForm();
    fireEvent.change(contentField(), { target: { value: 'b'.repeat(5000) } });
    expect(screen.getByText('5000/5000')).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText('Nota criada com sucesso!')).toBeInTheDocument();
    expect(postRequests()[0]?.body).toEqual({ description: 'b'.repeat(5000), user_id: 'user-2' });
  });

  it('without a deal id says "ID da negociação não encontrado" and cannot save', async () => {
    const { user } = await renderForm({ ...FULL_QUERY, dealId: null });
    expect(screen.getByRole('alert')).toHaveTextContent('ID da negociação não encontrado');
    await user.click(contentField());
    await user.paste('Uma nota');
    expect(saveButton()).toBeDisabled();
    await settle();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('saves the note as the current user, says so, and closes at once with success', async () => {
    const { user, adapter } = await renderForm(FULL_QUERY);
    await user.click(contentField());
    await user.paste('  Cliente aprovou a proposta.  ');
    await user.click(saveButton());

    expect(await screen.findByText('Nota criada com sucesso!')).toBeInTheDocument();
    expect(postRequests()).toHaveLength(1);
    expect(postRequests()[0]).toMatchObject({
      method: 'POST',
      path: NOTES_PATH,
      body: { description: 'Cliente aprovou a proposta.', user_id: 'user-2' },
    });
    // The author came with the query: no profile request.
    expect(server.requests.some((r) => r.path === '/api/rdstation/user/profile')).toBe(false);
    expect(server.db.state.notes['deal-1']?.[0]).toMatchObject({
      description: 'Cliente aprovou a proposta.',
      user_id: 'user-2',
    });
    // No wait of its own (the spec sets none): the Notas tab confirms it, as for tasks and products.
    // The CRM's answer goes back with the result: the tab shows it without reading the list again.
    const saved = server.db.state.notes['deal-1']?.[0];
    await waitFor(() =>
      expect(adapter.closedForms).toEqual([
        {
          success: true,
          updated: true,
          note: expect.objectContaining({
            id: saved?.id,
            description: 'Cliente aprovou a proposta.',
            user_id: 'user-2',
          }),
        },
      ]),
    );
  });

  it('takes the author from the profile when the query has no user id', async () => {
    const { user } = await renderForm({ ...FULL_QUERY, userId: null });
    await user.click(contentField());
    await user.paste('Sem usuário na URL');
    await user.click(saveButton());
    expect(await screen.findByText('Nota criada com sucesso!')).toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/rdstation/user/profile', `POST ${NOTES_PATH}`]),
    );
    expect(postRequests()[0]?.body).toEqual({
      description: 'Sem usuário na URL',
      user_id: 'user-1',
    });
  });

  it('shows the server message above the form and keeps what was typed', async () => {
    server.use(
      http.post(`${MOCK_BASE_URL}${NOTES_PATH}`, () =>
        HttpResponse.json(
          { message: 'O RD Station CRM recusou os dados enviados' },
          { status: 422 },
        ),
      ),
    );
    const { user, adapter } = await renderForm();
    await user.click(contentField());
    await user.paste('Texto que não pode se perder');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O RD Station CRM recusou os dados enviados',
    );
    expect(contentField()).toHaveValue('Texto que não pode se perder');
    expect(saveButton()).toBeEnabled();
    expect(adapter.closedForms).toEqual([]);
    expect(screen.queryByText('Nota criada com sucesso!')).not.toBeInTheDocument();
  });

  it('falls back to "Erro ao criar nota. Tente novamente." and lets the person try again', async () => {
    let failedPosts = 0;
    server.use(
      http.post(
        `${MOCK_BASE_URL}${NOTES_PATH}`,
        () => {
          failedPosts += 1;
          return new HttpResponse(null, { status: 500 });
        },
        { once: true },
      ),
    );
    const { user } = await renderForm();
    await user.click(contentField());
    await user.paste('Segunda tentativa');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao criar nota. Tente novamente.',
    );
    expect(contentField()).toHaveValue('Segunda tentativa');

    await user.click(saveButton());
    expect(await screen.findByText('Nota criada com sucesso!')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao criar nota. Tente novamente.')).not.toBeInTheDocument();
    // The failed attempt was answered by the override, the second one by the mock api.
    expect(failedPosts).toBe(1);
    expect(postRequests()).toHaveLength(1);
  });

  it('"Cancelar" closes with success false and sends nothing', async () => {
    const { user, adapter } = await renderForm();
    await user.click(contentField());
    await user.paste('Rascunho');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

describe('NoteCreateForm — import from chat', () => {
  it('loads the attendance messages and lists the text ones newest first', async () => {
    const { user } = await renderForm();
    expect(server.requests.some((r) => r.path === CHAT_PATH)).toBe(false);
    await chooseImport(user);

    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('li')?.textContent)).toEqual([
      `Maria Oliveira${stamp(message3)}${message3.text}`,
      `Você${stamp(message2)}${message2.text}`,
      `Maria Oliveira${stamp(message1)}${message1.text}`,
    ]);
    expect(server.requests.find((r) => r.path === CHAT_PATH)).toMatchObject({
      method: 'GET',
      query: { channelId: CHANNEL_ID_FIXTURE },
    });
  });

  it('asks for at least one message before importing', async () => {
    const { user } = await renderForm();
    await chooseImport(user);
    await screen.findAllByRole('checkbox');
    await user.click(screen.getByRole('button', { name: 'Importar mensagens selecionadas' }));
    expect(
      await screen.findByText('Selecione pelo menos uma mensagem para importar'),
    ).toBeInTheDocument();
    expect(contentField()).toHaveValue('');
  });

  it('writes the picked messages oldest first, editable, and saves the edited text', async () => {
    const { user } = await renderForm();
    await chooseImport(user);
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(message1.text) }));
    await user.click(screen.getByRole('checkbox', { name: new RegExp(message2.text) }));
    expect(screen.getByText('2 de 3 selecionada(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importar mensagens selecionadas' }));

    const imported =
      `Maria Oliveira - ${stamp(message1)}\n${message1.text}\n\n` +
      `Você - ${stamp(message2)}\n${message2.text}`;
    expect(contentField()).toHaveValue(imported);
    expect(contentField()).toHaveFocus();

    await user.click(contentField());
    await user.paste('\n\nCliente quer fechar ainda hoje.');
    await user.click(saveButton());

    expect(await screen.findByText('Nota criada com sucesso!')).toBeInTheDocument();
    expect(postRequests()[0]?.body).toEqual({
      description: `${imported}\n\nCliente quer fechar ainda hoje.`,
      user_id: 'user-2',
    });
  });

  it('adds the import after what was already typed, separated by a blank line', async () => {
    const { user } = await renderForm();
    await user.click(contentField());
    await user.paste('Resumo da conversa:');
    await chooseImport(user);
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(message3.text) }));
    await user.click(screen.getByRole('button', { name: 'Importar mensagens selecionadas' }));
    expect(contentField()).toHaveValue(
      `Resumo da conversa:\n\nMaria Oliveira - ${stamp(message3)}\n${message3.text}`,
    );
  });

  it('"Selecionar todas" ticks every message and imports them oldest first', async () => {
    const { user } = await renderForm();
    await chooseImport(user);
    await screen.findAllByRole('checkbox');
    await user.click(screen.getByRole('button', { name: 'Selecionar todas' }));
    expect(screen.getByText('3 de 3 selecionada(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importar mensagens selecionadas' }));
    const value = (contentField() as HTMLTextAreaElement).value;
    expect(value.split('\n\n').map((block) => block.split('\n')[1])).toEqual([
      message1.text,
      message2.text,
      message3.text,
    ]);
    await user.click(screen.getByRole('button', { name: 'Limpar seleção' }));
    expect(screen.getByText('0 de 3 selecionada(s)')).toBeInTheDocument();
  });

  it('a failed save keeps the text, the import mode and the ticked messages', async () => {
    server.use(
      http.post(`${MOCK_BASE_URL}${NOTES_PATH}`, () => new HttpResponse(null, { status: 503 })),
    );
    const { user } = await renderForm();
    await chooseImport(user);
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(message1.text) }));
    await user.click(screen.getByRole('button', { name: 'Importar mensagens selecionadas' }));
    const imported = (contentField() as HTMLTextAreaElement).value;
    await user.click(saveButton());

    expect(await screen.findByText('Erro ao criar nota. Tente novamente.')).toBeInTheDocument();
    expect(contentField()).toHaveValue(imported);
    expect(screen.getByRole('radio', { name: 'Importar do chat' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: new RegExp(message1.text) })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: new RegExp(message2.text) })).not.toBeChecked();
  });

  it('keeps the ticked messages when switching back and forth', async () => {
    const { user } = await renderForm();
    await chooseImport(user);
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(message2.text) }));
    await user.click(screen.getByRole('radio', { name: 'Escrever nota' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await chooseImport(user);
    expect(screen.getByRole('checkbox', { name: new RegExp(message2.text) })).toBeChecked();
  });

  it('without the attendance says "Informações do atendimento não disponíveis" and asks nothing', async () => {
    const { user } = await renderForm({ ...FULL_QUERY, chatId: null, channelId: null });
    await chooseImport(user);
    expect(screen.getByText('Informações do atendimento não disponíveis')).toBeInTheDocument();
    await settle();
    expect(server.requests.some((r) => r.path.startsWith('/api/chat/'))).toBe(false);
  });

  it('needs the channel too', async () => {
    const { user } = await renderForm({ ...FULL_QUERY, channelId: null });
    await chooseImport(user);
    expect(screen.getByText('Informações do atendimento não disponíveis')).toBeInTheDocument();
  });

  it('says when the attendance has no text message', async () => {
    server.db.state.chatMessages[CHAT_ID_FIXTURE] = [
      { ...message1, text: '' },
      { ...message2, text: '   ' },
    ];
    const { user } = await renderForm();
    await chooseImport(user);
    expect(
      await screen.findByText('Nenhuma mensagem de texto encontrada neste atendimento'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says the chat domain may be missing when the messages fail to load, and retries', async () => {
    server.use(
      http.get(
        `${MOCK_BASE_URL}/api/chat/:id/messages`,
        () => HttpResponse.json({ message: 'Falha no chat' }, { status: 502 }),
        { once: true },
      ),
    );
    const { user } = await renderForm();
    await chooseImport(user);
    await retryAfterLoadError(user);
    expect(await screen.findAllByRole('checkbox')).toHaveLength(3);
  });
});

describe('NoteCreateForm — import from chat through the host', () => {
  const chatRequests = () => server.requests.filter((r) => r.path.startsWith('/api/chat/'));
  const hostMessages: ChatMessage[] = [
    {
      IdMessage: 'h-1',
      text: 'Olá, recebi a proposta pelo WhatsApp.',
      senderName: 'Mariana Costa',
      isSentByMe: false,
      dhMessage: '2026-11-20T13:00:00.000Z',
      unixTimeMessage: 1_795_179_600,
    },
    {
      IdMessage: 'h-2',
      text: '',
      senderName: 'Mariana Costa',
      isSentByMe: false,
      dhMessage: '2026-11-20T13:01:00.000Z',
      unixTimeMessage: 1_795_179_660,
    },
    {
      IdMessage: 'h-3',
      text: 'Perfeito, te envio o contrato hoje.',
      senderName: 'Ana Souza',
      isSentByMe: true,
      dhMessage: '2026-11-20T13:05:00.000Z',
      unixTimeMessage: 1_795_179_900,
    },
  ];
  const [first, , last] = hostMessages as [ChatMessage, ChatMessage, ChatMessage];

  it('without the host capability reads the api route (spec §7)', async () => {
    const adapter = createFakeHostAdapter();
    const { user } = await renderForm(FULL_QUERY, { adapter });
    await chooseImport(user);
    expect(await screen.findAllByRole('checkbox')).toHaveLength(3);
    expect(adapter.readChatMessages).toBeUndefined();
    expect(chatRequests()).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: CHAT_PATH,
        query: { channelId: CHANNEL_ID_FIXTURE },
      }),
    ]);
  });

  it('reads the messages through the host, lists the text ones newest first, asks the api nothing', async () => {
    const adapter = createFakeHostAdapter({ chatMessages: hostMessages });
    const { user } = await renderForm(FULL_QUERY, { adapter });
    await chooseImport(user);

    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('li')?.textContent)).toEqual([
      `Você${stamp(last)}${last.text}`,
      `Mariana Costa${stamp(first)}${first.text}`,
    ]);
    expect(adapter.chatMessageRequests).toEqual([
      { chatId: CHAT_ID_FIXTURE, channelId: CHANNEL_ID_FIXTURE },
    ]);
    await user.click(screen.getByRole('button', { name: 'Selecionar todas' }));
    await user.click(screen.getByRole('button', { name: 'Importar mensagens selecionadas' }));
    expect(contentField()).toHaveValue(
      `Mariana Costa - ${stamp(first)}\n${first.text}\n\nVocê - ${stamp(last)}\n${last.text}`,
    );
    await settle();
    expect(chatRequests()).toEqual([]);
  });

  it.each([
    ['a timeout', new HostRequestError('timeout', HOST_TIMEOUT_MESSAGE)],
    ["the proxy's 'proxy 502'", new HostRequestError('host', 'proxy 502')],
  ])(
    'a passing failure of the host (%s) says to try again, with a retry that reads again, and asks the api nothing',
    async (_what, failure) => {
      let reads = 0;
      const adapter = createFakeHostAdapter({
        chatMessages: async () => {
          reads += 1;
          if (reads === 1) throw failure;
          return hostMessages;
        },
      });
      const { user } = await renderForm(FULL_QUERY, { adapter });
      await chooseImport(user);
      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent(
        'O Novus não conseguiu buscar as mensagens agora. Tente novamente em alguns instantes.',
      );
      await user.click(within(banner).getByRole('button', { name: 'Tentar novamente' }));
      expect(await screen.findAllByRole('checkbox')).toHaveLength(2);
      expect(reads).toBe(2);
      expect(chatRequests()).toEqual([]);
    },
  );

  it.each([
    [
      'Host not allowed',
      'A leitura das mensagens pelo Novus não está liberada nesta conta (host não permitido). Peça ao suporte do Novus CRM para liberar o host das mensagens para plugins.',
    ],
    [
      'Endpoint not allowed',
      'O Novus não liberou a consulta das mensagens do chat para plugins nesta conta. Peça ao suporte do Novus CRM para liberar o endpoint das mensagens.',
    ],
    [
      'Method not allowed',
      'O Novus não liberou a consulta das mensagens do chat para plugins nesta conta. Peça ao suporte do Novus CRM para liberar o endpoint das mensagens.',
    ],
    [
      'Secret not found: chaveApiPublica',
      'Falta cadastrar a variável "chaveApiPublica" nas configurações da conta do Novus. Peça a um administrador da conta para cadastrá-la.',
    ],
    [
      'Unauthorized',
      'A sessão do Novus CRM expirou. Atualize a página do Novus CRM para entrar novamente.',
    ],
    [
      'proxy 404',
      'A API consultada pelo Novus recusou a leitura das mensagens deste atendimento. Peça a um administrador para conferir o endpoint das mensagens em Gerenciar Integração → Diagnóstico do Novus.',
    ],
  ])(
    "the proxy's '%s' says what to do, with no retry (asking again cannot help)",
    async (error, shown) => {
      let reads = 0;
      const adapter = createFakeHostAdapter({
        chatMessages: async () => {
          reads += 1;
          throw new HostRequestError('host', error);
        },
      });
      const { user } = await renderForm(FULL_QUERY, { adapter });
      await chooseImport(user);
      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent(shown);
      expect(within(banner).queryByRole('button')).toBeNull();
      expect(banner).not.toHaveTextContent('domínio do chat');
      await settle();
      expect(reads).toBe(1);
      expect(chatRequests()).toEqual([]);
    },
  );

  it('an unusable endpoint setting says so and where an admin fixes it, with no retry', async () => {
    const adapter = createFakeHostAdapter({
      chatMessages: async () => {
        throw new HostRequestError(
          'config',
          'Configuração hostChatMessages inválida: o endpoint não pode ser um endereço absoluto.',
        );
      },
    });
    const { user } = await renderForm(FULL_QUERY, { adapter });
    await chooseImport(user);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'Configuração hostChatMessages inválida: o endpoint não pode ser um endereço absoluto. Peça a um administrador para corrigir o endpoint das mensagens em Gerenciar Integração → Diagnóstico do Novus.',
    );
    expect(within(banner).queryByRole('button')).toBeNull();
  });

  /**
   * A Novus page whose tenant mapping (which may name the host's endpoint) is still being read:
   * the fake host with the Novus adapter's `chatMessagesSource`, moved on by `settle(source)`.
   */
  function novusAwaitingMapping() {
    const fake = createFakeHostAdapter({ chatMessages: hostMessages });
    let source: ChatMessagesSource = 'mapping-pending';
    const listeners = new Set<() => void>();
    let retries = 0;
    const adapter = Object.assign(fake, {
      kind: 'novus',
      diagnostics: () => null,
      watchDiagnostics: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      chatMessagesSource: () => source,
      retryMapping: () => {
        retries += 1;
      },
    }) as unknown as typeof fake;
    const move = (next: ChatMessagesSource) =>
      act(() => {
        source = next;
        listeners.forEach((listener) => listener());
      });
    return { adapter, fake, move, retries: () => retries };
  }

  it("while the tenant's Novus mapping is read, or after its read failed, says so and reads nothing; then reads where it says", async () => {
    const { adapter, fake, move, retries } = novusAwaitingMapping();
    const { user } = await renderForm(FULL_QUERY, { adapter });
    await chooseImport(user);
    expect(
      await screen.findByText(
        'Lendo a configuração do Novus desta empresa antes de buscar as mensagens…',
      ),
    ).toBeInTheDocument();

    await move('mapping-failed');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'Não foi possível ler a configuração do Novus desta empresa, então as mensagens ainda não foram buscadas.',
    );
    await user.click(within(banner).getByRole('button', { name: 'Tentar novamente' }));
    expect(retries()).toBe(1);
    await settle();
    expect(fake.chatMessageRequests).toEqual([]);
    expect(chatRequests()).toEqual([]);

    await move('host');
    expect(await screen.findAllByRole('checkbox')).toHaveLength(2);
    expect(fake.chatMessageRequests).toHaveLength(1);
    expect(chatRequests()).toEqual([]);
  });

  it('a tenant mapping that names no endpoint sends the import to the api route, once read', async () => {
    const { adapter, fake, move } = novusAwaitingMapping();
    const { user } = await renderForm(FULL_QUERY, { adapter });
    await chooseImport(user);
    await screen.findByText(
      'Lendo a configuração do Novus desta empresa antes de buscar as mensagens…',
    );
    await settle();
    expect(chatRequests()).toEqual([]);
    await move('api');
    expect(await screen.findAllByRole('checkbox')).toHaveLength(3);
    expect(fake.chatMessageRequests).toEqual([]);
    expect(chatRequests()).toHaveLength(1);
  });

  it('says when the host has no text message for the attendance', async () => {
    const adapter = createFakeHostAdapter({ chatMessages: [{ ...first, text: ' ' }] });
    const { user } = await renderForm(FULL_QUERY, { adapter });
    await chooseImport(user);
    expect(
      await screen.findByText('Nenhuma mensagem de texto encontrada neste atendimento'),
    ).toBeInTheDocument();
    expect(chatRequests()).toEqual([]);
  });
});
