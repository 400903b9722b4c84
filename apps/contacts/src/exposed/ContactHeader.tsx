import { ContactHeader } from '@contacts/features/contact-header/components/ContactHeader';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** 'contacts/ContactHeader' (ContactHeaderProps). */
export { ContactHeader };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(ContactHeader) satisfies RemoteModules['contacts/ContactHeader'];
