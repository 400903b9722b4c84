import type { NoProps } from '@crm-panel/contracts';
import { LoginScreen } from '@credentials/features/auth/components/LoginScreen';

/** /rdstation-login */
export function LoginPage(_props: NoProps) {
  return <LoginScreen />;
}

export { LoginPage as default };
