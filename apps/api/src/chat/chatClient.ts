import { type ChatMessage } from '@crm-panel/crm-model';
import { type ApiMode } from '@api/config';
import { ApiError } from '@api/errors';
import { isRecord, readJson } from '@api/http';
import { guardedFetch, OutboundRefused } from '@api/security/outbound';
import { API_MESSAGES } from '@api/messages';

/**
 * The host's chat origin from the tenant's defaultChatDomain: a bare host ('chat.example.com')
 * means https; a full origin ('http://127.0.0.1:4300') is used as given. Null when unusable.
 */
export function chatOrigin(defaultChatDomain: string): string | null {
  const value = defaultChatDomain.trim();
  if (value === '') return null;
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

function toChatMessage(value: unknown): ChatMessage | null {
  if (!isRecord(value)) return null;
  const id = value.IdMessage;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return {
    IdMessage: String(id),
    text: typeof value.text === 'string' ? value.text : '',
    senderName: typeof value.senderName === 'string' ? value.senderName : '',
    isSentByMe: value.isSentByMe === true,
    dhMessage: typeof value.dhMessage === 'string' ? value.dhMessage : '',
    unixTimeMessage: typeof value.unixTimeMessage === 'number' ? value.unixTimeMessage : 0,
  };
}

export interface ChatClientDeps {
  fetch: typeof fetch;
  timeoutMs: number;
  /** Production refuses http and internal addresses (README, 'Outbound addresses'). */
  mode: ApiMode;
  lookupHost: (hostname: string) => Promise<string[]>;
}

export function createChatClient(deps: ChatClientDeps) {
  return {
    /** GET {origin}/api/chat/{chatId}/messages?channelId= with x-system-key → { messages }. */
    async messages(
      defaultChatDomain: string,
      systemKey: string,
      chatId: string,
      channelId: string,
    ): Promise<ChatMessage[]> {
      const origin = chatOrigin(defaultChatDomain);
      if (!origin) throw new ApiError(502, API_MESSAGES.chatDomainInvalid);
      const url = new URL(`${origin}/api/chat/${encodeURIComponent(chatId)}/messages`);
      url.searchParams.set('channelId', channelId);
      let body: unknown;
      const signal = AbortSignal.timeout(deps.timeoutMs);
      try {
        const response = await guardedFetch(
          deps.fetch,
          url,
          { headers: { accept: 'application/json', 'x-system-key': systemKey }, signal },
          { mode: deps.mode, lookupHost: deps.lookupHost },
        );
        if (!response.ok) throw new ApiError(502, API_MESSAGES.chatFailed);
        body = await readJson(response);
      } catch (error) {
        if (error instanceof OutboundRefused)
          throw new ApiError(502, API_MESSAGES.chatDomainInvalid);
        throw new ApiError(502, API_MESSAGES.chatFailed);
      }
      if (!isRecord(body) || !Array.isArray(body.messages))
        throw new ApiError(502, API_MESSAGES.chatFailed);
      return body.messages
        .map(toChatMessage)
        .filter((message): message is ChatMessage => message !== null);
    },
  };
}

export type ChatClient = ReturnType<typeof createChatClient>;
