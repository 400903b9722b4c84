import type { NoProps } from '@crm-panel/contracts';
import { TermsScreen } from '@credentials/features/terms/components/TermsScreen';
import { type RemoteModules } from '@crm-panel/contracts';

/** /terms-acceptance */
export function TermsPage(_props: NoProps) {
  return <TermsScreen />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default TermsPage satisfies RemoteModules['credentials/TermsPage'];
