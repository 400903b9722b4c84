import { useHostForms } from '@crm-panel/host-bridge';
import { ModalPage } from '@crm-panel/ui/form-kit';
import { HostUserGate } from '@credentials/features/shared/components/HostUserGate';
import { TEXTS } from '@credentials/features/shared/texts';
import { RemoveIntegrationForm } from './RemoveIntegrationForm';

/** /remove-integration-modal: the deactivation form as a page of its own. */
export function RemoveIntegrationScreen() {
  const { cancelForm } = useHostForms();
  return (
    <ModalPage title={TEXTS.removal.title} onClose={cancelForm}>
      <HostUserGate>
        <RemoveIntegrationForm mode="modal" onCancel={() => void cancelForm()} />
      </HostUserGate>
    </ModalPage>
  );
}
