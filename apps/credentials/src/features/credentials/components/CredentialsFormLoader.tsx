import { useQuery } from '@tanstack/react-query';
import { credentialsStatusQueryOptions } from '@crm-panel/api-client';
import { Skeleton } from '@crm-panel/ui';
import { CredentialsForm } from './CredentialsForm';

/** Reads credentials/status (the redirect URI, whether a setup code is asked) before the form. */
export function CredentialsFormLoader() {
  const status = useQuery(credentialsStatusQueryOptions());
  // The status only prefills the redirect URI: a failed read still shows an empty form.
  if (status.isPending) return <Skeleton variant="block" height="form" />;
  return (
    <CredentialsForm
      initialRedirectUri={status.data?.redirectUri ?? null}
      setupCodeRequired={status.data?.setupCodeRequired === true}
    />
  );
}
