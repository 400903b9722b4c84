import type { NoProps } from '@crm-panel/contracts';
import { LoginPrompt } from '@credentials/features/auth/components/LoginPrompt';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** /rdstation-login-prompt */
export function LoginPromptPage(_props: NoProps) {
  return <LoginPrompt />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(
  LoginPromptPage,
) satisfies RemoteModules['credentials/LoginPromptPage'];
