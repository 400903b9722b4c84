import { useState } from 'react';
import { usePanelCache } from '@crm-panel/api-client';
import { MESSAGES, RELOAD_AFTER_REMOVAL_MS } from '@crm-panel/crm-model';
import { useFormResult } from '@crm-panel/host-bridge';
import { scheduleReload } from '@credentials/features/shared/scheduleReload';

/**
 * What a page that opens the credentials-manager modal does with its result: after a removal,
 * 'Integração removida com sucesso! N usuário(s) afetado(s).' and a reload after 2 s; after a
 * logout (`updated`), fresh statuses. Returns the success message to show, if any.
 */
export function useManagerResult(): string | null {
  const cache = usePanelCache();
  const [message, setMessage] = useState<string | null>(null);
  useFormResult('credentials-manager', ({ result }) => {
    if (!result.success) return;
    if (result.removed) {
      setMessage(MESSAGES.credentials.removalSuccess(result.usersAffected ?? 0));
      scheduleReload(RELOAD_AFTER_REMOVAL_MS);
      return;
    }
    void cache.accessChanged();
  });
  return message;
}
