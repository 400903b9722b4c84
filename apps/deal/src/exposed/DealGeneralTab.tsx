import { DealGeneralTab } from '@deal/features/general/components/DealGeneralTab';
import { type RemoteModules } from '@crm-panel/contracts';

export { DealGeneralTab };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default DealGeneralTab satisfies RemoteModules['deal/DealGeneralTab'];
