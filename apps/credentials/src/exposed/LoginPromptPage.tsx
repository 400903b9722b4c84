import type { NoProps } from '@crm-panel/contracts';
import { LoginPrompt } from '@credentials/features/auth/components/LoginPrompt';

/** /rdstation-login-prompt */
export function LoginPromptPage(_props: NoProps) {
  return <LoginPrompt />;
}

export { LoginPromptPage as default };
