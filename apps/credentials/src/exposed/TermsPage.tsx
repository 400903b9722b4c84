import type { NoProps } from '@crm-panel/contracts';
import { TermsScreen } from '@credentials/features/terms/components/TermsScreen';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** /terms-acceptance */
export function TermsPage(_props: NoProps) {
  return <TermsScreen />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(TermsPage) satisfies RemoteModules['credentials/TermsPage'];
