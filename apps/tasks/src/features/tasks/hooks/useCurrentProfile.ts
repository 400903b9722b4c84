import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useFetchQuery, userProfileQueryOptions } from '@crm-panel/api-client';
import { useHostUserInfo } from '@crm-panel/host-bridge';

/**
 * The signed-in CRM user (PRODUCT.md §6: the task completer and creator). `resolveProfileId` answers
 * from the cache, fetching the profile when it is not there yet; null when it cannot be had.
 */
export function useCurrentProfile() {
  const { status } = useHostUserInfo();
  const fetchQuery = useFetchQuery();
  const query = useQuery({ ...userProfileQueryOptions(), enabled: status === 'ready' });
  const cachedId = query.data?.id ?? null;

  const resolveProfileId = useCallback(async (): Promise<string | null> => {
    if (cachedId) return cachedId;
    try {
      const profile = await fetchQuery(userProfileQueryOptions());
      return profile.id || null;
    } catch {
      return null;
    }
  }, [cachedId, fetchQuery]);

  return { profileId: cachedId, resolveProfileId };
}
