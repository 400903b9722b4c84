import { useEffect, useRef, useState } from 'react';
import { MESSAGES, RELOAD_AFTER_REMOVAL_MS } from '@crm-panel/crm-model';
import { useFormResult } from '@crm-panel/host-bridge';

/**
 * What the panel does when the integration manager (a host modal) ends: after a removal it says
 * how many users were affected and reloads after 2 s; after a logout it reloads at once (the
 * modal already showed 'Logout realizado com sucesso!' for its 0.5 s).
 */
export function useIntegrationResult(reload: () => void = () => window.location.reload()) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useFormResult('credentials-manager', ({ result }) => {
    if (!result.success) return;
    if (result.removed) {
      setMessage(MESSAGES.credentials.removalSuccess(result.usersAffected ?? 0));
      timer.current = setTimeout(reload, RELOAD_AFTER_REMOVAL_MS);
    } else if (result.updated) {
      reload();
    }
  });
  return message;
}
