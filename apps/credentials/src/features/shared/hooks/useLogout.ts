import { useState } from 'react';
import { revokeAuth } from '@crm-panel/api-client';
import { type PageModeProps } from '@crm-panel/contracts';
import { MESSAGES, RELOAD_AFTER_LOGOUT_MS } from '@crm-panel/crm-model';
import { useHostForms } from '@crm-panel/host-bridge';
import { reloadPage } from '../reloadPage';

export type ActionStatus = 'idle' | 'pending' | 'done';

export interface LogoutState {
  logout(): Promise<void>;
  status: ActionStatus;
  error: string | null;
}

/**
 * POST auth/revoke (this user only), 'Logout realizado com sucesso!', and the panel reloads after
 * 0.5 s (PRODUCT.md §4). In a modal the form also ends with `updated`, so the panel behind it refreshes.
 */
export function useLogout(mode: PageModeProps['mode']): LogoutState {
  const { closeForm } = useHostForms();
  const [status, setStatus] = useState<ActionStatus>('idle');
  const [error, setError] = useState<string | null>(null);

  async function logout(): Promise<void> {
    setStatus('pending');
    setError(null);
    try {
      await revokeAuth();
    } catch {
      setError(MESSAGES.auth.logoutError);
      setStatus('idle');
      return;
    }
    setStatus('done');
    // Not tied to the component: the reload must happen even if the form page is gone by then.
    setTimeout(() => {
      const ended = mode === 'modal' ? closeForm({ success: true, updated: true }) : null;
      if (ended) void ended.finally(reloadPage);
      else reloadPage();
    }, RELOAD_AFTER_LOGOUT_MS);
  }

  return { logout, status, error };
}
