import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useHostUserInfo } from '@crm-panel/host-bridge';
import { getIdentity, setIdentity } from './identity';

/** Keeps the api client's identity in step with the host user; a new user starts a clean cache. */
export function IdentitySync() {
  const { info } = useHostUserInfo();
  const queryClient = useQueryClient();
  useEffect(() => {
    const previous = getIdentity();
    const changed =
      previous !== null &&
      (previous.userId !== info?.userId || previous.systemKey !== info?.systemKey);
    setIdentity(info ?? null);
    if (changed) queryClient.clear();
  }, [info, queryClient]);
  return null;
}
