import { useQuery } from '@tanstack/react-query';
import { chatMessagesQueryOptions } from '@crm-panel/api-client';
import { type ChatMessage } from '@crm-panel/crm-model';
import { sortNewestFirst } from '@crm-panel/format';
import { useHostAdapter } from '@crm-panel/host-bridge';
import { useChatMessagesSource } from './useChatMessagesSource';

function textMessagesNewestFirst(messages: ChatMessage[]): ChatMessage[] {
  // Media, stickers and system events arrive without text: nothing to import from them.
  return sortNewestFirst(messages.filter((message) => (message.text ?? '').trim() !== ''));
}

/**
 * The attendance's text messages, newest first (the picker's order). Read through the host when
 * it offers that (host-bridge's `readChatMessages`), else from the api route of spec §7; under
 * Novus, not before the tenant's mapping says which (`source` 'mapping-pending' or
 * 'mapping-failed': nothing is read, the panel says why).
 */
export function useChatTextMessages(chatId: string | null, channelId: string | null) {
  const adapter = useHostAdapter();
  const { source, retryMapping } = useChatMessagesSource();
  const chat = { chatId: chatId ?? '', channelId: channelId ?? '' };
  const viaHost = source === 'host' ? adapter.readChatMessages?.bind(adapter) : undefined;
  const readFromHost = viaHost && (() => viaHost(chat));
  const query = useQuery({
    ...chatMessagesQueryOptions(chat.chatId, chat.channelId, readFromHost),
    enabled: chatId !== null && channelId !== null && (source === 'host' || source === 'api'),
    select: textMessagesNewestFirst,
  });
  return { query, source, retryMapping };
}
