import { type HostChannel } from '@crm-panel/contracts';
import { type SimAttendance, type SimIdentity, type SimMessage } from '../world/types.js';
import { channelName, NO_CONTACT_NAME } from './attendanceList.js';
import { el, formatMessageTime, initials } from './dom.js';

export interface ChatViewProps {
  item: SimAttendance | null;
  identity: SimIdentity;
  channels: HostChannel[];
  onClose(item: SimAttendance): void;
}

const MEDIA_LABELS: Record<Exclude<SimMessage['kind'], 'text'>, string> = {
  image: 'Imagem',
  audio: 'Áudio',
  document: 'Documento',
};

function headers(identity: SimIdentity): Record<string, string> {
  return { 'x-system-key': identity.systemKey, 'x-user-id': identity.userId };
}

function messagesUrl(atendimentoId: string): string {
  return `/sim/api/attendances/${encodeURIComponent(atendimentoId)}/messages`;
}

function renderMessage(message: SimMessage): HTMLElement {
  const body =
    message.kind === 'text'
      ? el('p', { className: 'bubble-text', text: message.text })
      : el('div', { className: `media-placeholder is-${message.kind}` }, [
          el('span', { className: 'media-icon', attrs: { 'aria-hidden': 'true' } }),
          el('span', {
            className: 'media-label',
            text: message.mediaLabel
              ? `${MEDIA_LABELS[message.kind]} · ${message.mediaLabel}`
              : MEDIA_LABELS[message.kind],
          }),
        ]);
  return el(
    'li',
    {
      className: message.isSentByMe ? 'bubble is-mine' : 'bubble',
      attrs: { 'data-message-id': message.IdMessage },
    },
    [
      el('span', { className: 'bubble-sender', text: message.senderName }),
      body,
      el('time', {
        className: 'bubble-time',
        text: formatMessageTime(message.unixTimeMessage),
        attrs: { datetime: message.dhMessage },
      }),
    ],
  );
}

async function loadMessages(
  item: SimAttendance,
  identity: SimIdentity,
  list: HTMLElement,
): Promise<void> {
  try {
    const response = await fetch(messagesUrl(item.attendance.atendimentoId), {
      headers: headers(identity),
    });
    if (!response.ok) throw new Error(String(response.status));
    const { messages } = (await response.json()) as { messages: SimMessage[] };
    list.replaceChildren(...messages.map(renderMessage));
    // Scroll the list only: scrollIntoView would scroll the whole page too.
    list.scrollTop = list.scrollHeight;
  } catch {
    list.replaceChildren(
      el('li', { className: 'chat-error', text: 'Não foi possível carregar as mensagens.' }),
    );
  }
}

/** The middle column: the open attendance's conversation and the composer. */
export function renderChatView(container: HTMLElement, props: ChatViewProps): void {
  const { item, identity } = props;
  if (!item) {
    container.replaceChildren(
      el('div', { className: 'chat-empty' }, [
        el('p', { className: 'chat-empty-title', text: 'Nenhum atendimento aberto' }),
        el('p', { text: 'Selecione um atendimento na lista para começar.' }),
      ]),
    );
    return;
  }
  const { attendance } = item;
  const name = attendance.contato?.nome ?? NO_CONTACT_NAME;
  const details = [
    attendance.contato?.numero ?? attendance.contato?.nomeSecundario ?? 'Sem telefone',
    channelName(props.channels, attendance.canalId),
  ].join(' · ');
  const list = el('ol', {
    className: 'messages',
    attrs: { 'aria-label': 'Mensagens', 'aria-live': 'polite' },
  });
  const input = el('input', {
    attrs: {
      type: 'text',
      name: 'mensagem',
      placeholder: 'Digite uma mensagem',
      'aria-label': 'Mensagem',
      autocomplete: 'off',
    },
  });
  const composer = el('form', { className: 'composer' }, [
    input,
    el('button', { className: 'button primary', text: 'Enviar', attrs: { type: 'submit' } }),
  ]);
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    void fetch(messagesUrl(attendance.atendimentoId), {
      method: 'POST',
      headers: { ...headers(identity), 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    }).then(() => loadMessages(item, identity, list));
  });
  container.replaceChildren(
    el('header', { className: 'chat-header' }, [
      el('span', {
        className: attendance.contato ? 'avatar' : 'avatar is-anonymous',
        text: attendance.contato ? initials(name) : '?',
        attrs: { 'aria-hidden': 'true' },
      }),
      el('div', { className: 'chat-title' }, [
        el('h2', { text: name }),
        el('p', { className: 'chat-details', text: details }),
        el('p', { className: 'chat-description', text: attendance.descricao }),
      ]),
      el('button', {
        className: 'button secondary',
        text: 'Encerrar atendimento',
        attrs: { type: 'button' },
        onClick: () => props.onClose(item),
      }),
    ]),
    list,
    composer,
  );
  void loadMessages(item, identity, list);
}
