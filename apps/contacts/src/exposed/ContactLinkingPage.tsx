import { ContactLinkingPage } from '../features/contact-linking/components/ContactLinkingPage';

/** 'contacts/ContactLinkingPage': the /contact-linking route. */
export { ContactLinkingPage };
export { ContactLinkingPage as default };
