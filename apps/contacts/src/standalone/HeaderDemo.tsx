import { useState } from 'react';
import { contactsFixture } from '@crm-panel/api-client/testing';
import { Select } from '@crm-panel/ui/fields';
import { ContactHeader } from '@contacts/exposed/ContactHeader';

const NONE = '';
const MISSING = 'contato-inexistente';

/** The contact header for any mock contact, none, or one that fails to load. */
export function HeaderDemo() {
  const [contactId, setContactId] = useState<string>(contactsFixture[0]?.id ?? NONE);
  return (
    <>
      <Select
        label="Contato do CRM (contactId)"
        value={contactId}
        onChange={(event) => setContactId(event.target.value)}
        options={[
          ...contactsFixture.map((contact) => ({ value: contact.id, label: contact.name })),
          { value: MISSING, label: 'Contato inexistente (erro)' },
          { value: NONE, label: 'Nenhum (sem atendimento)' },
        ]}
      />
      <ContactHeader contactId={contactId === NONE ? null : contactId} />
    </>
  );
}
