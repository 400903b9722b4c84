import { useEffect, useState } from 'react';
import { hostWaitingOf } from '@host-bridge/adapter/hostWaiting';
import { useHostAdapter } from './useHostAdapter';

/**
 * True while a request to the host has waited longer than 5 s (a host whose requests wait as
 * long as it needs: Novus); the shell then shows 'Aguardando o sistema de atendimento…'.
 */
export function useHostWaiting(): boolean {
  const adapter = useHostAdapter();
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    setWaiting(false);
    return hostWaitingOf(adapter)?.watchWaiting(setWaiting);
  }, [adapter]);
  return waiting;
}
