import { useEffect, useState, type ReactNode } from 'react';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import { useOptionalHostAdapter } from '@host-bridge/provider/HostAdapterContext';
import { HostUserInfoContext, type HostUserInfoState } from './HostUserInfoContext';
import { waitForHostUserInfo } from './waitForHostUserInfo';

export interface HostUserInfoProviderProps {
  /** Defaults to the adapter of the surrounding HostAdapterProvider. */
  adapter?: HostAdapter;
  children: ReactNode;
}

const WAITING: HostUserInfoState = { status: 'waiting', info: null };

export function HostUserInfoProvider({ adapter, children }: HostUserInfoProviderProps) {
  const fromContext = useOptionalHostAdapter();
  const source = adapter ?? fromContext;
  if (!source) {
    throw new Error('HostUserInfoProvider precisa de um adapter (prop ou HostAdapterProvider)');
  }
  const [state, setState] = useState<HostUserInfoState>(WAITING);

  useEffect(() => {
    const controller = new AbortController();
    setState(WAITING);
    waitForHostUserInfo(source, { signal: controller.signal }).then((info) => {
      if (controller.signal.aborted) return;
      setState(info ? { status: 'ready', info } : { status: 'missing', info: null });
    });
    return () => controller.abort();
  }, [source]);

  return <HostUserInfoContext.Provider value={state}>{children}</HostUserInfoContext.Provider>;
}
