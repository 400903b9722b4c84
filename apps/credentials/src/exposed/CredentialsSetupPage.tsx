import type { PageModeProps } from '@crm-panel/contracts';
import { CredentialsFormPage } from '@credentials/features/credentials/components/CredentialsFormPage';
import { CredentialsSetupPrompt } from '@credentials/features/credentials/components/CredentialsSetupPrompt';

/** /credentials-setup ('Configuração Necessária') and /credentials-setup-modal (the form). */
export function CredentialsSetupPage({ mode }: PageModeProps) {
  return mode === 'modal' ? <CredentialsFormPage /> : <CredentialsSetupPrompt />;
}

export { CredentialsSetupPage as default };
