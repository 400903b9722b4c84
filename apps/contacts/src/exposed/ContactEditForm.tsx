import { ContactEditForm } from '@contacts/features/contact-edit/components/ContactEditForm';
import { type RemoteModules } from '@crm-panel/contracts';

/** 'contacts/ContactEditForm': the /contact-edit-modal route. */
export { ContactEditForm };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default ContactEditForm satisfies RemoteModules['contacts/ContactEditForm'];
