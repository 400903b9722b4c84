import { type ReactNode } from 'react';
import { useHostUserInfo } from '@crm-panel/host-bridge';
import { Alert, Spinner } from '@crm-panel/ui';
import { TEXTS } from '../texts';

export interface HostUserGateProps {
  children: ReactNode;
}

/**
 * A modal page is a fresh document: it waits (up to 50 × 100 ms, host-bridge) for the host user
 * info before calling the api, since every request carries that identity.
 */
export function HostUserGate({ children }: HostUserGateProps) {
  const { status } = useHostUserInfo();
  if (status === 'waiting') return <Spinner message={TEXTS.common.loading} />;
  if (status === 'missing') return <Alert tone="error">{TEXTS.common.hostUserMissing}</Alert>;
  return <>{children}</>;
}
