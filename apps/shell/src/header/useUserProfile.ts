import { useQuery } from '@tanstack/react-query';
import {
  getErrorCode,
  getErrorMessage,
  isHttpStatus,
  userProfileQueryOptions,
} from '@crm-panel/api-client';
import { CRM_USER_REQUIRED_CODE, MESSAGES, type UserProfile } from '@crm-panel/crm-model';
import { useHostUserInfo } from '@crm-panel/host-bridge';

export interface UserProfileState {
  profile: UserProfile | null;
  loading: boolean;
  /** The server's message or 'Erro ao carregar perfil do usuário'; null on a 401 (no session). */
  error: string | null;
  /** The api does not know who the attendant is in the CRM yet (409): the picker's turn. */
  needsCrmUser: boolean;
}

/**
 * The signed-in CRM user. Loads as soon as the host user info is ready (the spec's ~1 s delay is
 * only an upper bound for the host to get ready). A 401 means no CRM session: no profile, no error.
 * A 409 `crm_user_required` means the attendant has not said who they are in the CRM yet.
 */
export function useUserProfile(): UserProfileState {
  const { status } = useHostUserInfo();
  const query = useQuery({ ...userProfileQueryOptions(), enabled: status === 'ready' });
  if (query.isError) {
    const needsCrmUser = getErrorCode(query.error) === CRM_USER_REQUIRED_CODE;
    return {
      profile: null,
      loading: false,
      error:
        isHttpStatus(query.error, 401) || needsCrmUser
          ? null
          : getErrorMessage(query.error, MESSAGES.profile.loadError),
      needsCrmUser,
    };
  }
  return {
    profile: query.data ?? null,
    loading: status === 'waiting' || (status === 'ready' && query.isPending),
    error: null,
    needsCrmUser: false,
  };
}
