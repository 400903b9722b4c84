import { useContext } from 'react';
import { type HostForms } from '@host-bridge/forms/createHostForms';
import { HostAdapterContext } from './HostAdapterContext';

/** `openForm` / `closeForm` / `cancelForm` of the surrounding HostAdapterProvider. */
export function useHostForms(): HostForms {
  const value = useContext(HostAdapterContext);
  if (!value) throw new Error('useHostForms deve ser usado dentro de HostAdapterProvider');
  return value.forms;
}
