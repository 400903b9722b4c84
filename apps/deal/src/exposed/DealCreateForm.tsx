import { DealCreateForm } from '@deal/features/create/components/DealCreateForm';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

export { DealCreateForm };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(DealCreateForm) satisfies RemoteModules['deal/DealCreateForm'];
