import { useNavigate } from '@crm-panel/contracts/router';
import { usePanelCache } from '@crm-panel/api-client';
import { useFormResult, useHostForms } from '@crm-panel/host-bridge';

/**
 * Opens the credentials-setup form; once it closes with success the access flow goes on to the
 * login prompt (configured, not yet authenticated: PRODUCT.md §4).
 */
export function useConfigureCredentials(): () => void {
  const { openForm } = useHostForms();
  const cache = usePanelCache();
  const navigate = useNavigate();

  useFormResult('credentials-setup', ({ result }) => {
    if (!result.success) return;
    // Known now, before any refetch: the shell's guard must not send the user back here.
    cache.credentialsSaved();
    navigate('/rdstation-login-prompt', { replace: true });
  });

  return () => {
    openForm('credentials-setup', {});
  };
}
