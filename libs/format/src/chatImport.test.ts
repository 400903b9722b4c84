import { type ChatMessage } from '@crm-panel/crm-model';
import {
  chatMessageDate,
  formatChatImport,
  formatChatMessage,
  sortNewestFirst,
  sortOldestFirst,
} from './chatImport';

const unix = (date: Date): number => Math.floor(date.getTime() / 1000);

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    IdMessage: 'm',
    text: '',
    senderName: 'Maria Souza',
    isSentByMe: false,
    dhMessage: '',
    unixTimeMessage: 0,
    ...overrides,
  };
}

const first = message({
  IdMessage: 'm1',
  text: 'Olá, gostaria de um orçamento.',
  unixTimeMessage: unix(new Date(2024, 2, 5, 9, 7)),
});
const second = message({
  IdMessage: 'm2',
  text: 'Claro! Envio ainda hoje.',
  isSentByMe: true,
  senderName: 'Atendente Carlos',
  unixTimeMessage: unix(new Date(2024, 2, 5, 9, 12)),
});
const third = message({
  IdMessage: 'm3',
  text: 'Obrigada!',
  unixTimeMessage: unix(new Date(2024, 2, 6, 14, 0)),
});

describe('formatChatImport', () => {
  it('writes oldest first: sender (or Você) - dd/mm/yyyy HH:mm, the text below, blank line between', () => {
    expect(formatChatImport([third, first, second])).toBe(
      [
        'Maria Souza - 05/03/2024 09:07\nOlá, gostaria de um orçamento.',
        'Você - 05/03/2024 09:12\nClaro! Envio ainda hoje.',
        'Maria Souza - 06/03/2024 14:00\nObrigada!',
      ].join('\n\n'),
    );
  });

  it('formats one message', () => {
    expect(formatChatMessage(second)).toBe('Você - 05/03/2024 09:12\nClaro! Envio ainda hoje.');
  });

  it('is empty for no messages and does not reorder the input array', () => {
    const input = [third, first];
    expect(formatChatImport([])).toBe('');
    formatChatImport(input);
    expect(input).toEqual([third, first]);
  });

  it('keeps multi-line texts intact', () => {
    const multi = message({ text: 'linha 1\nlinha 2', unixTimeMessage: first.unixTimeMessage });
    expect(formatChatImport([multi])).toBe('Maria Souza - 05/03/2024 09:07\nlinha 1\nlinha 2');
  });
});

describe('sorting', () => {
  it('sorts newest first for the picker and oldest first for the note', () => {
    expect(sortNewestFirst([first, third, second]).map((m) => m.IdMessage)).toEqual([
      'm3',
      'm2',
      'm1',
    ]);
    expect(sortOldestFirst([third, first, second]).map((m) => m.IdMessage)).toEqual([
      'm1',
      'm2',
      'm3',
    ]);
  });

  it('keeps input order for messages sent at the same second', () => {
    const a = message({ IdMessage: 'a', unixTimeMessage: 100 });
    const b = message({ IdMessage: 'b', unixTimeMessage: 100 });
    expect(sortNewestFirst([a, b]).map((m) => m.IdMessage)).toEqual(['a', 'b']);
    expect(sortOldestFirst([b, a]).map((m) => m.IdMessage)).toEqual(['b', 'a']);
  });
});

describe('chatMessageDate', () => {
  it('reads unixTimeMessage as seconds', () => {
    expect(chatMessageDate(first)).toEqual(new Date(2024, 2, 5, 9, 7));
  });

  it('also accepts milliseconds', () => {
    const ms = new Date(2024, 2, 5, 9, 7).getTime();
    expect(chatMessageDate(message({ unixTimeMessage: ms }))).toEqual(new Date(ms));
  });

  it('falls back to dhMessage in dd/mm/yyyy HH:mm(:ss) or ISO form', () => {
    expect(chatMessageDate(message({ dhMessage: '05/03/2024 09:07:30' }))).toEqual(
      new Date(2024, 2, 5, 9, 7, 30),
    );
    expect(chatMessageDate(message({ dhMessage: '2024-03-05T09:07:00' }))).toEqual(
      new Date(2024, 2, 5, 9, 7),
    );
    expect(chatMessageDate(message({ dhMessage: 'ontem' }))).toBeNull();
  });

  it('writes the sender alone when the message has no date', () => {
    expect(formatChatMessage(message({ text: 'oi' }))).toBe('Maria Souza\noi');
  });
});
