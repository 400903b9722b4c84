import {
  chatMessagesRequest,
  chatMessagesSettingProblem,
  toChatMessages,
} from './novusChatMessages';

const chat = { chatId: 'at-1001', channelId: 'canal-whatsapp' };

describe('chatMessagesRequest', () => {
  it('fills {chatId}, {attendanceId} and {channelId}, GET on the publica host by default', () => {
    expect(chatMessagesRequest({ endpoint: 'v1/chats/{chatId}/mensagens' }, chat)).toEqual({
      host: 'publica',
      method: 'GET',
      endpoint: 'v1/chats/at-1001/mensagens',
    });
    expect(
      chatMessagesRequest(
        { endpoint: ' v1/canais/{channelId}/atendimentos/{attendanceId}?ordem=asc&c={channelId} ' },
        chat,
      ),
    ).toEqual({
      host: 'publica',
      method: 'GET',
      endpoint: 'v1/canais/canal-whatsapp/atendimentos/at-1001',
      query: { ordem: 'asc', c: 'canal-whatsapp' },
    });
  });
});

describe('chatMessagesSettingProblem', () => {
  it.each([
    ['', 'o endpoint está vazio'],
    ['https://api.example/x', 'o endpoint deve ser relativo ao host do proxy, não uma URL'],
    ['//api.example/x', 'o endpoint deve ser relativo ao host do proxy, não uma URL'],
    ['v1/../admin/{chatId}', 'o endpoint não pode conter ".."'],
    ['v1/chats/{contactId}', 'marcador desconhecido {contactId}'],
  ])('refuses %j', (endpoint, problem) => {
    expect(chatMessagesSettingProblem({ endpoint })).toBe(problem);
  });

  it('refuses a blank proxy host and accepts a usable setting', () => {
    expect(chatMessagesSettingProblem({ endpoint: 'v1/x', host: ' ' })).toBe('o host está vazio');
    expect(chatMessagesSettingProblem({ endpoint: 'v1/x/{chatId}?c={channelId}' })).toBeNull();
  });
});

describe('toChatMessages', () => {
  it('reads the list from the body or under messages / mensagens / data / Value / items', () => {
    const entry = { IdMessage: 'm1', text: 'Oi', unixTimeMessage: 1795179600 };
    for (const body of [
      [entry],
      { messages: [entry] },
      { mensagens: [entry] },
      { data: [entry] },
      { Value: [entry], Paging: { TotalCount: 1 } },
      { items: [entry] },
    ]) {
      expect(toChatMessages(body).map((m) => m.IdMessage)).toEqual(['m1']);
    }
  });

  it('gives missing fields their defaults and skips entries that are not objects', () => {
    expect(toChatMessages([{}, 'texto solto', null, { Texto: 'Só texto' }])).toEqual([
      {
        IdMessage: 'mensagem-1',
        text: '',
        senderName: '',
        isSentByMe: false,
        dhMessage: '',
        unixTimeMessage: 0,
      },
      {
        IdMessage: 'mensagem-4',
        text: 'Só texto',
        senderName: '',
        isSentByMe: false,
        dhMessage: '',
        unixTimeMessage: 0,
      },
    ]);
  });

  it('derives the date text from the Unix time (seconds or milliseconds) and the reverse', () => {
    const [fromSeconds, fromMs, fromDate, odd] = toChatMessages([
      { id: 1, unixTimeMessage: 1795179600 },
      { id: 2, timestamp: 1795179600000 },
      { id: 3, Data: '2026-11-20T13:00:00Z' },
      { id: 4, DataHora: 'ontem', enviadaPorMim: 'sim' },
    ]);
    expect(fromSeconds?.dhMessage).toBe('2026-11-20T13:00:00.000Z');
    expect(fromMs).toMatchObject({
      dhMessage: '2026-11-20T13:00:00.000Z',
      unixTimeMessage: 1795179600000,
    });
    expect(fromDate).toMatchObject({
      dhMessage: '2026-11-20T13:00:00Z',
      unixTimeMessage: 1795179600,
    });
    expect(odd).toMatchObject({ dhMessage: '', unixTimeMessage: 0, isSentByMe: false });
  });

  it('is an error for an answer holding no list', () => {
    for (const body of [null, undefined, 'ok', 42, { total: 3 }, { messages: 'nenhuma' }]) {
      expect(() => toChatMessages(body)).toThrow('Resposta inválida do sistema de atendimento.');
    }
  });
});
