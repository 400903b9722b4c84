import type { NoProps } from '@crm-panel/contracts';
import { AuthPopup } from '@credentials/features/auth/components/AuthPopup';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** /rdstation-auth-popup */
export function AuthPopupPage(_props: NoProps) {
  return <AuthPopup />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(AuthPopupPage) satisfies RemoteModules['credentials/AuthPopupPage'];
