import type { NoProps } from '@crm-panel/contracts';
import { RemoveIntegrationScreen } from '@credentials/features/manager/components/RemoveIntegrationScreen';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** /remove-integration-modal */
export function RemoveIntegrationPage(_props: NoProps) {
  return <RemoveIntegrationScreen />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(
  RemoveIntegrationPage,
) satisfies RemoteModules['credentials/RemoveIntegrationPage'];
