import { ContactLinkingPage } from '@contacts/features/contact-linking/components/ContactLinkingPage';

/** 'contacts/ContactLinkingPage': the /contact-linking route. */
export { ContactLinkingPage };
export { ContactLinkingPage as default };
