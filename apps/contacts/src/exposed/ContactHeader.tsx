import { ContactHeader } from '@contacts/features/contact-header/components/ContactHeader';
import { type RemoteModules } from '@crm-panel/contracts';

/** 'contacts/ContactHeader' (ContactHeaderProps). */
export { ContactHeader };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default ContactHeader satisfies RemoteModules['contacts/ContactHeader'];
