import { useQuery } from '@tanstack/react-query';
import { credentialsStatusQueryOptions } from '@crm-panel/api-client';
import { Skeleton } from '@crm-panel/ui';
import { CredentialsForm } from './CredentialsForm';

/** Reads credentials/status for the redirect URI before showing the form. */
export function CredentialsFormLoader() {
  const status = useQuery(credentialsStatusQueryOptions());
  // The status only prefills the redirect URI: a failed read still shows an empty form.
  if (status.isPending) return <Skeleton variant="block" height="420px" />;
  return <CredentialsForm initialRedirectUri={status.data?.redirectUri ?? null} />;
}
