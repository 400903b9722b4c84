import { useQuery } from '@tanstack/react-query';
import { userProfileQueryOptions } from '@crm-panel/api-client';

/**
 * The signed-in person's CRM user id (GET /api/rdstation/user/profile), the author of new notes.
 * Loaded ahead of time so 'Adicionar Nota' can open the form at once (popups need the click).
 */
export function useCurrentUserId(enabled: boolean): string | null {
  const profile = useQuery({ ...userProfileQueryOptions(), enabled });
  return profile.data?.id ?? null;
}
