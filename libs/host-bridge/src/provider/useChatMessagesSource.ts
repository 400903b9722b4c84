import { useCallback, useEffect, useState } from 'react';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import {
  isNovusPanelAdapter,
  type ChatMessagesSource,
} from '@host-bridge/adapter/novus/createNovusHostAdapter';
import { useHostAdapter } from './useHostAdapter';

function sourceOf(adapter: HostAdapter): ChatMessagesSource {
  if (isNovusPanelAdapter(adapter)) return adapter.chatMessagesSource();
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
  const adapter = useHostAdapter();
  const [source, setSource] = useState(() => sourceOf(adapter));
  useEffect(() => {
    setSource(sourceOf(adapter));
    if (!isNovusPanelAdapter(adapter)) return undefined;
    return adapter.watchDiagnostics(() => setSource(sourceOf(adapter)));
  }, [adapter]);
  const retryMapping = useCallback(() => {
    if (isNovusPanelAdapter(adapter)) adapter.retryMapping();
  }, [adapter]);
  return { source, retryMapping };
}
