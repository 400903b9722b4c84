import { useContext } from 'react';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import { HostAdapterContext } from './HostAdapterContext';

export function useHostAdapter(): HostAdapter {
  const value = useContext(HostAdapterContext);
  if (!value) throw new Error('useHostAdapter deve ser usado dentro de HostAdapterProvider');
  return value.adapter;
}
