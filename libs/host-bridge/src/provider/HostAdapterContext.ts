import { createContext, useContext } from 'react';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import { type HostForms } from '@host-bridge/forms/createHostForms';

export interface HostAdapterContextValue {
  adapter: HostAdapter;
  forms: HostForms;
}

export const HostAdapterContext = createContext<HostAdapterContextValue | null>(null);

/** The surrounding HostAdapterProvider's adapter, or null (providers that accept a prop). */
export function useOptionalHostAdapter(): HostAdapter | null {
  return useContext(HostAdapterContext)?.adapter ?? null;
}
