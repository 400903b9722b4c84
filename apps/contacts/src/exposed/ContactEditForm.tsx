import { ContactEditForm } from '@contacts/features/contact-edit/components/ContactEditForm';

/** 'contacts/ContactEditForm': the /contact-edit-modal route. */
export { ContactEditForm };
export { ContactEditForm as default };
