import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import { createHostForms } from '@host-bridge/forms/createHostForms';
import { HostAdapterContext, type HostAdapterContextValue } from './HostAdapterContext';

export interface HostAdapterProviderProps {
  adapter: HostAdapter;
  /** In-app navigation, used by forms as their last fallback (e.g. the router's navigate). */
  navigate?: (path: string) => void;
  children: ReactNode;
}

export function HostAdapterProvider({ adapter, navigate, children }: HostAdapterProviderProps) {
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  const value = useMemo<HostAdapterContextValue>(
    () => ({
      adapter,
      forms: createHostForms({
        adapter,
        navigate: (path) => {
          if (navigateRef.current) navigateRef.current(path);
          else window.location.assign(path);
        },
      }),
    }),
    [adapter],
  );
  useEffect(() => () => value.forms.dispose(), [value]);
  return <HostAdapterContext.Provider value={value}>{children}</HostAdapterContext.Provider>;
}
