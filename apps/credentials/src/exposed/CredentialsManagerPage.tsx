import type { PageModeProps } from '@crm-panel/contracts';
import { CredentialsManagerScreen } from '@credentials/features/manager/components/CredentialsManagerScreen';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** /credentials-manager and /credentials-manager-modal */
export function CredentialsManagerPage({ mode }: PageModeProps) {
  return <CredentialsManagerScreen mode={mode} />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(
  CredentialsManagerPage,
) satisfies RemoteModules['credentials/CredentialsManagerPage'];
