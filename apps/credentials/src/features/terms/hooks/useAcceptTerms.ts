import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  acceptTerms,
  credentialsStatusQueryOptions,
  getErrorMessage,
  queryKeys,
} from '@crm-panel/api-client';
import { MESSAGES, type TermsStatus } from '@crm-panel/crm-model';

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
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept(): Promise<void> {
    setSubmitting(true);
    setError(null);
    try {
      await acceptTerms();
    } catch (cause) {
      setError(getErrorMessage(cause, MESSAGES.terms.acceptError));
      setSubmitting(false);
      return;
    }
    // The shell's guards read this key: the next route must not bounce back here.
    queryClient.setQueryData<TermsStatus>(queryKeys.termsStatus(), { accepted: true });
    const configured = await queryClient
      .fetchQuery({ ...credentialsStatusQueryOptions(), staleTime: 0 })
      .then(
        (status) => status.configured,
        () => false,
      );
    navigate(configured ? '/rdstation-login-prompt' : '/credentials-setup', { replace: true });
  }

  return { accept, submitting, error };
}
