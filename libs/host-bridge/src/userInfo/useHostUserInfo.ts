import { useContext } from 'react';
import { HostUserInfoContext, type HostUserInfoState } from './HostUserInfoContext';

/** The host user info: 'waiting' during the 50 × 100 ms wait, then 'ready' or 'missing'. */
export function useHostUserInfo(): HostUserInfoState {
  const state = useContext(HostUserInfoContext);
  if (!state) throw new Error('useHostUserInfo deve ser usado dentro de HostUserInfoProvider');
  return state;
}
