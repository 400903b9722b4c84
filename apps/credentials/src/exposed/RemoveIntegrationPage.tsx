import type { NoProps } from '@crm-panel/contracts';
import { RemoveIntegrationScreen } from '@credentials/features/manager/components/RemoveIntegrationScreen';

/** /remove-integration-modal */
export function RemoveIntegrationPage(_props: NoProps) {
  return <RemoveIntegrationScreen />;
}

export { RemoveIntegrationPage as default };
