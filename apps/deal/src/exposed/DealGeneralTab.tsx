import { DealGeneralTab } from '@deal/features/general/components/DealGeneralTab';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

export { DealGeneralTab };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(DealGeneralTab) satisfies RemoteModules['deal/DealGeneralTab'];
