import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { queryKeys } from '@crm-panel/api-client';
import { type CredentialsStatus } from '@crm-panel/crm-model';
import { useFormResult, useHostForms } from '@crm-panel/host-bridge';

/**
 * Opens the credentials-setup form; once it closes with success the access flow goes on to the
 * login prompt (configured, not yet authenticated: PRODUCT.md §4).
 */
export function useConfigureCredentials(): () => void {
  const { openForm } = useHostForms();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useFormResult('credentials-setup', ({ result }) => {
    if (!result.success) return;
    // Known now, before any refetch: the shell's guard must not send the user back here.
    queryClient.setQueryData<CredentialsStatus>(queryKeys.credentialsStatus(), (previous) => ({
      configured: true,
      redirectUri: previous?.redirectUri ?? null,
    }));
    void queryClient.invalidateQueries({ queryKey: queryKeys.credentialsStatus() });
    navigate('/rdstation-login-prompt', { replace: true });
  });

  return () => {
    openForm('credentials-setup', {});
  };
}
