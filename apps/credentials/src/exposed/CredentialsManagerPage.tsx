import type { PageModeProps } from '@crm-panel/contracts';
import { CredentialsManagerScreen } from '@credentials/features/manager/components/CredentialsManagerScreen';

/** /credentials-manager and /credentials-manager-modal */
export function CredentialsManagerPage({ mode }: PageModeProps) {
  return <CredentialsManagerScreen mode={mode} />;
}

export { CredentialsManagerPage as default };
