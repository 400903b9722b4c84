import { useHostForms } from '@crm-panel/host-bridge';
import { ModalPage } from '@crm-panel/ui/form-kit';
import { HostUserGate } from '@credentials/features/shared/components/HostUserGate';
import { TEXTS } from '@credentials/features/shared/texts';
import { CREDENTIALS_FORM_TITLE_ID } from './CredentialsForm';
import { CredentialsFormLoader } from './CredentialsFormLoader';

/** /credentials-setup-modal */
export function CredentialsFormPage() {
  const { cancelForm } = useHostForms();
  return (
    <ModalPage
      onClose={cancelForm}
      title={TEXTS.form.title}
      subtitle={TEXTS.form.intro}
      titleId={CREDENTIALS_FORM_TITLE_ID}
    >
      <HostUserGate>
        <CredentialsFormLoader />
      </HostUserGate>
    </ModalPage>
  );
}
