import type { ContactHeaderProps } from '@crm-panel/contracts';
import { Card, EmptyState } from '@crm-panel/ui';

/** The CRM contact of the selected chat. */
export function ContactHeader({ contactId }: ContactHeaderProps) {
  return (
    <Card flush>
      {contactId ? (
        <EmptyState title={`Contato ${contactId}`} icon="user" />
      ) : (
        <EmptyState title="Nenhum contato selecionado" icon="user" />
      )}
    </Card>
  );
}

export { ContactHeader as default };
