import { ContactHeader } from '@contacts/features/contact-header/components/ContactHeader';

/** 'contacts/ContactHeader' (ContactHeaderProps). */
export { ContactHeader };
export { ContactHeader as default };
