import { type ChatMessage } from '@crm-panel/crm-model';
import { CONVERSATIONS } from './conversations';
import { type SimMessage } from './types';

const MINUTE_MS = 60_000;

function toSimMessage(
  id: string,
  at: number,
  fields: Pick<SimMessage, 'text' | 'senderName' | 'isSentByMe' | 'kind' | 'mediaLabel'>,
): SimMessage {
  // Whole seconds, so dhMessage and unixTimeMessage name the same instant.
  const seconds = Math.floor(at / 1000);
  return {
    IdMessage: id,
    ...fields,
    dhMessage: new Date(seconds * 1000).toISOString(),
    unixTimeMessage: seconds,
  };
}

/** The platform's messages, per attendance, in memory (one store per server). */
export class ChatStore {
  private readonly messages = new Map<string, SimMessage[]>();
  private sequence = 0;

  constructor(seedTime: number) {
    for (const [atendimentoId, conversation] of Object.entries(CONVERSATIONS)) {
      const list = conversation.lines.map((line, index) =>
        toSimMessage(
          `msg-${atendimentoId}-${String(index + 1).padStart(2, '0')}`,
          seedTime - line.minutesAgo * MINUTE_MS,
          {
            text: line.kind === 'text' ? (line.text ?? '') : '',
            senderName:
              line.from === 'contact' ? conversation.contactName : conversation.attendantName,
            isSentByMe: line.from === 'attendant',
            kind: line.kind,
            mediaLabel: line.mediaLabel,
          },
        ),
      );
      this.messages.set(atendimentoId, list);
    }
  }

  /** Oldest first, with the platform's extra fields (for the simulator's own chat view). */
  list(atendimentoId: string): SimMessage[] {
    return [...(this.messages.get(atendimentoId) ?? [])].sort(
      (a, b) => a.unixTimeMessage - b.unixTimeMessage,
    );
  }

  /** Oldest first, exactly the public ChatMessage fields. */
  listPublic(atendimentoId: string): ChatMessage[] {
    return this.list(atendimentoId).map(
      ({ IdMessage, text, senderName, isSentByMe, dhMessage, unixTimeMessage }) => ({
        IdMessage,
        text,
        senderName,
        isSentByMe,
        dhMessage,
        unixTimeMessage,
      }),
    );
  }

  /** An attendant's reply typed in the simulator. */
  addAttendantText(
    atendimentoId: string,
    senderName: string,
    text: string,
    at: number,
  ): SimMessage {
    this.sequence += 1;
    const message = toSimMessage(`msg-${atendimentoId}-novo-${this.sequence}`, at, {
      text,
      senderName,
      isSentByMe: true,
      kind: 'text',
    });
    const list = this.messages.get(atendimentoId) ?? [];
    list.push(message);
    this.messages.set(atendimentoId, list);
    return message;
  }
}
