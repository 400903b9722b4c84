import { useState } from 'react';
import { useNavigate } from '@crm-panel/contracts/router';
import {
  credentialsStatusQueryOptions,
  getErrorMessage,
  useAcceptTerms as useAcceptTermsWrite,
  useFetchQuery,
} from '@crm-panel/api-client';
import { MESSAGES } from '@crm-panel/crm-model';

export interface AcceptTermsState {
  accept(): Promise<void>;
  submitting: boolean;
  error: string | null;
}

/**
 * POST terms/accept, then on with the access flow (PRODUCT.md §4): the login prompt when the tenant's
 * credentials are configured, else /credentials-setup. A failed status check counts as not
 * configured.
 */
export function useAcceptTerms(): AcceptTermsState {
  const acceptance = useAcceptTermsWrite();
  const fetchQuery = useFetchQuery();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept(): Promise<void> {
    setSubmitting(true);
    setError(null);
    try {
      // The guards see the acceptance at once: the next route must not bounce back here.
      await acceptance.mutateAsync();
    } catch (cause) {
      setError(getErrorMessage(cause, MESSAGES.terms.acceptError));
      setSubmitting(false);
      return;
    }
    const configured = await fetchQuery({ ...credentialsStatusQueryOptions(), staleTime: 0 }).then(
      (status) => status.configured,
      () => false,
    );
    navigate(configured ? '/rdstation-login-prompt' : '/credentials-setup', { replace: true });
  }

  return { accept, submitting, error };
}
