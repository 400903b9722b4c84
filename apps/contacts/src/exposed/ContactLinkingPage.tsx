import { ContactLinkingPage } from '@contacts/features/contact-linking/components/ContactLinkingPage';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** 'contacts/ContactLinkingPage': the /contact-linking route. */
export { ContactLinkingPage };
// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(
  ContactLinkingPage,
) satisfies RemoteModules['contacts/ContactLinkingPage'];
