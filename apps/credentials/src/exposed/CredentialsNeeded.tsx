import type { CredentialsNeededProps } from '@crm-panel/contracts';
import { CredentialsNeededCard } from '@credentials/features/credentials/components/CredentialsNeededCard';
import { useConfigureCredentials } from '@credentials/features/credentials/hooks/useConfigureCredentials';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/**
 * Shown while the tenant has no CRM credentials. Without `onConfigure`, 'Configurar Agora' opens
 * the credentials-setup form and continues the access flow once it closes with success.
 */
export function CredentialsNeeded({ onConfigure }: CredentialsNeededProps) {
  const configure = useConfigureCredentials();
  return <CredentialsNeededCard onConfigure={onConfigure ?? configure} />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(
  CredentialsNeeded,
) satisfies RemoteModules['credentials/CredentialsNeeded'];
