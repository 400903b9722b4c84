import { useCallback, useEffect, useState } from 'react';
import { useHostAdapter, type ChatMessagesSource, type HostAdapter } from '@crm-panel/host-bridge';

/**
 * What a Novus adapter says about where the chat is read. Asked by feature, not by version: a
 * notes release runs under the host-bridge the page's shell brought, and a shell older than these
 * calls has none of them (the import then reads as it always did).
 */
interface ChatSourceCalls {
  chatMessagesSource?: () => ChatMessagesSource;
  retryMapping?: () => void;
  watchDiagnostics?: (listener: () => void) => () => void;
}

function sourceOf(adapter: HostAdapter & ChatSourceCalls): ChatMessagesSource {
  if (typeof adapter.chatMessagesSource === 'function') return adapter.chatMessagesSource();
  return adapter.readChatMessages ? 'host' : 'api';
}

/**
 * Where the chat import reads a chat's messages now, following the Novus tenant mapping as it is
 * read; `retryMapping` reads a mapping that failed again ('Tentar novamente').
 */
export function useChatMessagesSource(): {
  source: ChatMessagesSource;
  retryMapping: () => void;
} {
  const adapter: HostAdapter & ChatSourceCalls = useHostAdapter();
  const [source, setSource] = useState(() => sourceOf(adapter));
  useEffect(() => {
    setSource(sourceOf(adapter));
    if (typeof adapter.watchDiagnostics !== 'function') return undefined;
    return adapter.watchDiagnostics(() => setSource(sourceOf(adapter)));
  }, [adapter]);
  const retryMapping = useCallback(() => adapter.retryMapping?.(), [adapter]);
  return { source, retryMapping };
}
