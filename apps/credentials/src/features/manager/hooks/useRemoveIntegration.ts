import { useState } from 'react';
import { getErrorMessage, isHttpStatus, removeCredentials } from '@crm-panel/api-client';
import { type PageModeProps } from '@crm-panel/contracts';
import { MESSAGES, RELOAD_AFTER_REMOVAL_MS } from '@crm-panel/crm-model';
import { useHostForms } from '@crm-panel/host-bridge';
import { scheduleReload } from '@credentials/features/shared/scheduleReload';
import { type ActionStatus } from '@credentials/features/shared/hooks/useLogout';

export interface RemoveIntegrationState {
  remove(securityPassword: string): Promise<void>;
  status: ActionStatus;
  error: string | null;
  usersAffected: number | null;
}

/**
 * DELETE credentials with the security password. A modal ends at once with `removed` and the
 * affected-user count; the panel reloads after 2 s (PRODUCT.md §4, §8).
 */
export function useRemoveIntegration(
  mode: PageModeProps['mode'],
  onRemoved?: (usersAffected: number) => void,
): RemoveIntegrationState {
  const { closeForm } = useHostForms();
  const [status, setStatus] = useState<ActionStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [usersAffected, setUsersAffected] = useState<number | null>(null);

  async function remove(securityPassword: string): Promise<void> {
    setStatus('pending');
    setError(null);
    let count: number;
    try {
      count = (await removeCredentials(securityPassword)).usersAffected;
    } catch (cause) {
      setError(
        isHttpStatus(cause, 403)
          ? MESSAGES.credentials.wrongSecurityPassword
          : getErrorMessage(cause, MESSAGES.credentials.removalError),
      );
      setStatus('idle');
      return;
    }
    setUsersAffected(count);
    setStatus('done');
    onRemoved?.(count);
    if (mode === 'modal') void closeForm({ success: true, removed: true, usersAffected: count });
    scheduleReload(RELOAD_AFTER_REMOVAL_MS);
  }

  return { remove, status, error, usersAffected };
}
