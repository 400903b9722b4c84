import type { NoProps } from '@crm-panel/contracts';
import { TermsScreen } from '@credentials/features/terms/components/TermsScreen';

/** /terms-acceptance */
export function TermsPage(_props: NoProps) {
  return <TermsScreen />;
}

export { TermsPage as default };
