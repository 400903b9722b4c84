import { type ChatMessage, MESSAGES } from '@crm-panel/crm-model';
import { formatDateTime } from './dates';

// Unix seconds reach 1e11 only in the year 5138, so anything larger must already be milliseconds.
const MS_THRESHOLD = 1e11;
const BR_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T,]+(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function parseHostDateText(text: string): Date | null {
  const br = BR_DATE_TIME.exec(text.trim());
  if (br) {
    const [, day, month, year, hours = '0', minutes = '0', seconds = '0'] = br;
    return new Date(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hours),
      Number(minutes),
      Number(seconds),
    );
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** When a chat message was sent: unixTimeMessage (seconds, or ms), else dhMessage. */
export function chatMessageDate(message: ChatMessage): Date | null {
  const unix = message.unixTimeMessage;
  if (typeof unix === 'number' && Number.isFinite(unix) && unix > 0) {
    return new Date(unix >= MS_THRESHOLD ? unix : unix * 1000);
  }
  return message.dhMessage ? parseHostDateText(message.dhMessage) : null;
}

function timeOf(message: ChatMessage): number {
  return chatMessageDate(message)?.getTime() ?? 0;
}

/** Oldest first; ties keep their input order. Returns a new array. */
export function sortOldestFirst(messages: readonly ChatMessage[]): ChatMessage[] {
  return [...messages].sort((a, b) => timeOf(a) - timeOf(b));
}

/** Newest first, for the message picker; ties keep their input order. Returns a new array. */
export function sortNewestFirst(messages: readonly ChatMessage[]): ChatMessage[] {
  return [...messages].sort((a, b) => timeOf(b) - timeOf(a));
}

/** One imported message: 'Sender - dd/mm/yyyy HH:mm' on the first line, the text below. */
export function formatChatMessage(message: ChatMessage): string {
  const sender = message.isSentByMe ? MESSAGES.chatImport.you : message.senderName;
  const date = chatMessageDate(message);
  const header = date ? `${sender} - ${formatDateTime(date)}` : sender;
  return `${header}\n${message.text}`;
}

/** The note body for imported messages: oldest first, separated by a blank line. */
export function formatChatImport(messages: readonly ChatMessage[]): string {
  return sortOldestFirst(messages).map(formatChatMessage).join('\n\n');
}
