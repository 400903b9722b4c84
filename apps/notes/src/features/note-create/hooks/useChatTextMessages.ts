import { useQuery } from '@tanstack/react-query';
import { chatMessagesQueryOptions } from '@crm-panel/api-client';
import { type ChatMessage } from '@crm-panel/crm-model';
import { sortNewestFirst } from '@crm-panel/format';

function textMessagesNewestFirst(messages: ChatMessage[]): ChatMessage[] {
  // Media, stickers and system events arrive without text: nothing to import from them.
  return sortNewestFirst(messages.filter((message) => (message.text ?? '').trim() !== ''));
}

/** The attendance's text messages, newest first (the picker's order). */
export function useChatTextMessages(chatId: string | null, channelId: string | null) {
  return useQuery({
    ...chatMessagesQueryOptions(chatId ?? '', channelId ?? ''),
    enabled: chatId !== null && channelId !== null,
    select: textMessagesNewestFirst,
  });
}
