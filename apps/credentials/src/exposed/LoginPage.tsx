import type { NoProps } from '@crm-panel/contracts';
import { LoginScreen } from '@credentials/features/auth/components/LoginScreen';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** /rdstation-login */
export function LoginPage(_props: NoProps) {
  return <LoginScreen />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(LoginPage) satisfies RemoteModules['credentials/LoginPage'];
