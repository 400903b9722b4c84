import { createContext } from 'react';
import { type HostUserInfo } from '@crm-panel/contracts';

export type HostUserInfoStatus = 'waiting' | 'ready' | 'missing';

export interface HostUserInfoState {
  status: HostUserInfoStatus;
  info: HostUserInfo | null;
}

export const HostUserInfoContext = createContext<HostUserInfoState | null>(null);
