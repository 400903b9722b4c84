import type { ContactHeaderProps } from '@crm-panel/contracts';
import { MESSAGES } from '@crm-panel/crm-model';
import { Card, EmptyState } from '@crm-panel/ui';
import { ContactHeaderCard } from './ContactHeaderCard';

/**
 * The CRM contact of the selected chat: name (opens the contact in the CRM in a new tab),
 * organization, refresh and edit. The shell resolves the chat's contact to `contactId`.
 */
export function ContactHeader({ contactId }: ContactHeaderProps) {
  if (!contactId) {
    return (
      <Card aria-label="Contato">
        <EmptyState title={MESSAGES.contacts.noContactSelected} icon="user" />
      </Card>
    );
  }
  // Keyed so nothing of the previous chat's contact (e.g. a pending refresh spinner) carries over.
  return <ContactHeaderCard key={contactId} contactId={contactId} />;
}
