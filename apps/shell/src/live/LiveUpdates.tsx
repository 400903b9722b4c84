import { type ReactNode } from 'react';
import { LiveUpdatesProvider } from '@crm-panel/api-client';
import { useHostUserInfo } from '@crm-panel/host-bridge';

export interface LiveUpdatesProps {
  children: ReactNode;
}

/**
 * The tenant's changes while this page is open: one stream per panel page, over the
 * api client's session. The host user's own changes re-read without a hint.
 */
export function LiveUpdates({ children }: LiveUpdatesProps) {
  const { info } = useHostUserInfo();
  return <LiveUpdatesProvider selfUserId={info?.userId ?? null}>{children}</LiveUpdatesProvider>;
}
