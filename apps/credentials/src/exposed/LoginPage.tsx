import type { NoProps } from '@crm-panel/contracts';
import { LoginScreen } from '@credentials/features/auth/components/LoginScreen';
import { type RemoteModules } from '@crm-panel/contracts';

/** /rdstation-login */
export function LoginPage(_props: NoProps) {
  return <LoginScreen />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default LoginPage satisfies RemoteModules['credentials/LoginPage'];
