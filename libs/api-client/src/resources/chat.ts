import { type ChatMessage, type DataEnvelope } from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import { enc, readPayload, requestConfig, type RequestOptions } from '@api-client/client/envelope';

/** GET /api/chat/{chatId}/messages?channelId=… → the attendance's messages (data.data). */
export async function getChatMessages(
  chatId: string,
  channelId: string,
  options?: RequestOptions,
): Promise<ChatMessage[]> {
  const response = await apiClient.get<DataEnvelope<ChatMessage[]>>(
    `/api/chat/${enc(chatId)}/messages`,
    requestConfig(options, { channelId }),
  );
  return readPayload(response);
}
