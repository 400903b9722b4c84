import type { NoProps } from '@crm-panel/contracts';
import { AuthPopup } from '@credentials/features/auth/components/AuthPopup';

/** /rdstation-auth-popup */
export function AuthPopupPage(_props: NoProps) {
  return <AuthPopup />;
}

export { AuthPopupPage as default };
