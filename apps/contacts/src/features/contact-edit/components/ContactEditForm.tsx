import { useMemo } from 'react';
import { useSearchParams } from '@crm-panel/contracts/router';
import { parseModalQuery } from '@crm-panel/contracts';
import { useHostForms } from '@crm-panel/host-bridge';
import { Alert, Button } from '@crm-panel/ui';
import { ModalPage } from '@crm-panel/ui/form-kit';
import { ContactEditFields } from './ContactEditFields';

/** /contact-edit-modal?contactId&name&organizationId&organizationName */
export function ContactEditForm() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseModalQuery('contact-edit', params), [params]);
  const { cancelForm } = useHostForms();

  if (!parsed.ok) {
    return (
      <ModalPage title="Editar Contato" onClose={cancelForm}>
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void cancelForm()}>
              Cancelar
            </Button>
          }
        >
          {parsed.error}
        </Alert>
      </ModalPage>
    );
  }
  return <ContactEditFields key={parsed.query.contactId} query={parsed.query} />;
}
