import { ContactEditForm } from '@contacts/features/contact-edit/components/ContactEditForm';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** 'contacts/ContactEditForm': the /contact-edit-modal route. */
export { ContactEditForm };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(ContactEditForm) satisfies RemoteModules['contacts/ContactEditForm'];
