import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userProfileQueryOptions } from '@crm-panel/api-client';
import { useHostUserInfo } from '@crm-panel/host-bridge';

/** Same freshness as the shell's header, which reads the same cache entry. */
const PROFILE_STALE_TIME_MS = 5 * 60_000;

/**
 * The signed-in CRM user (PRODUCT.md §6: the task completer and creator). `resolveProfileId` answers
 * from the cache, fetching the profile when it is not there yet; null when it cannot be had.
 */
export function useCurrentProfile() {
  const { status } = useHostUserInfo();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...userProfileQueryOptions(),
    enabled: status === 'ready',
    staleTime: PROFILE_STALE_TIME_MS,
  });
  const cachedId = query.data?.id ?? null;

  const resolveProfileId = useCallback(async (): Promise<string | null> => {
    if (cachedId) return cachedId;
    try {
      const profile = await queryClient.fetchQuery({
        ...userProfileQueryOptions(),
        staleTime: PROFILE_STALE_TIME_MS,
      });
      return profile.id || null;
    } catch {
      return null;
    }
  }, [cachedId, queryClient]);

  return { profileId: cachedId, resolveProfileId };
}
