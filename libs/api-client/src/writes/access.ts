import { useMutation } from '@tanstack/react-query';
import { type CredentialsPayload } from '@crm-panel/crm-model';
import { chooseCrmUser } from '@api-client/resources/auth';
import { saveCredentials } from '@api-client/resources/credentials';
import { acceptTerms } from '@api-client/resources/terms';
import { getErrorCode } from '@api-client/client/errors';
import { usePanelCache } from './usePanelCache';

/** POST terms/accept; the guards see the acceptance at once. */
export function useAcceptTerms() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: () => acceptTerms(),
    onSuccess: () => rules.termsAccepted(),
  });
}

/** POST /api/rdstation/credentials; the guards see the tenant configured at once. */
export function useSaveCredentials() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: (payload: CredentialsPayload) => saveCredentials(payload),
    onSuccess: (_result, payload) => rules.credentialsSaved(payload.redirectUri),
  });
}

/**
 * POST auth/crm-user; the old sign-in status and profile are forgotten (the header greets the chosen
 * user). Already decided elsewhere (another window) counts as done.
 */
export function useChooseCrmUser() {
  const rules = usePanelCache();
  return useMutation({
    mutationFn: async (userId: string) => {
      try {
        await chooseCrmUser(userId);
      } catch (error) {
        if (getErrorCode(error) !== 'crm_user_chosen') throw error;
      }
    },
    onSuccess: () => rules.authChanged(),
  });
}
