import { DealToolbar } from '@deal/features/toolbar/components/DealToolbar';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

export { DealToolbar };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(DealToolbar) satisfies RemoteModules['deal/DealToolbar'];
