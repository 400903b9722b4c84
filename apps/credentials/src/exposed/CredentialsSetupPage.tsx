import type { PageModeProps } from '@crm-panel/contracts';
import { CredentialsFormPage } from '@credentials/features/credentials/components/CredentialsFormPage';
import { CredentialsSetupPrompt } from '@credentials/features/credentials/components/CredentialsSetupPrompt';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** /credentials-setup ('Configuração Necessária') and /credentials-setup-modal (the form). */
export function CredentialsSetupPage({ mode }: PageModeProps) {
  return mode === 'modal' ? <CredentialsFormPage /> : <CredentialsSetupPrompt />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(
  CredentialsSetupPage,
) satisfies RemoteModules['credentials/CredentialsSetupPage'];
