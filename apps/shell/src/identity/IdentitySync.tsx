import { useEffect } from 'react';
import { usePanelCache } from '@crm-panel/api-client';
import { useHostUserInfo } from '@crm-panel/host-bridge';
import { getIdentity, setIdentity } from './identity';

/** Keeps the api client's identity in step with the host user; a new user starts a clean cache. */
export function IdentitySync() {
  const { info } = useHostUserInfo();
  const cache = usePanelCache();
  useEffect(() => {
    const previous = getIdentity();
    const changed =
      previous !== null &&
      (previous.userId !== info?.userId || previous.systemKey !== info?.systemKey);
    setIdentity(info ?? null);
    if (changed) cache.identityChanged();
  }, [info, cache]);
  return null;
}
