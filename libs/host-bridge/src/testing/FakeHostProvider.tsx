import { useState, type ReactNode } from 'react';
import { HostBridgeProvider } from '@host-bridge/provider/HostBridgeProvider';
import { createFakeHostAdapter, type FakeHostAdapter } from './createFakeHostAdapter';

export interface FakeHostProviderProps {
  /** Defaults to a fake host with FAKE_USER_INFO and no attendance. */
  adapter?: FakeHostAdapter;
  navigate?: (path: string) => void;
  children: ReactNode;
}

/** Everything host-bridge provides, over a fake host: for tests and standalone remote pages. */
export function FakeHostProvider({ adapter, navigate, children }: FakeHostProviderProps) {
  const [fallback] = useState(() => adapter ?? createFakeHostAdapter());
  return (
    <HostBridgeProvider adapter={adapter ?? fallback} navigate={navigate}>
      {children}
    </HostBridgeProvider>
  );
}
