import { type PageModeProps } from '@crm-panel/contracts';
import { useHostForms } from '@crm-panel/host-bridge';
import { ModalPage } from '@crm-panel/ui/form-kit';
import { HostUserGate } from '@credentials/features/shared/components/HostUserGate';
import { TEXTS } from '@credentials/features/shared/texts';
import { CredentialsManager } from './CredentialsManager';

export interface CredentialsManagerScreenProps {
  mode: PageModeProps['mode'];
}

/** /credentials-manager and /credentials-manager-modal. */
export function CredentialsManagerScreen({ mode }: CredentialsManagerScreenProps) {
  const { cancelForm } = useHostForms();
  return (
    // Escape ends the modal like its 'Fechar'; the page mode (/credentials-manager) has no modal.
    <ModalPage
      title={TEXTS.manager.title}
      width="wide"
      onClose={mode === 'modal' ? cancelForm : undefined}
    >
      {/* The modal is a fresh document: wait (50 × 100 ms) for the host user first. */}
      <HostUserGate>
        <CredentialsManager mode={mode} />
      </HostUserGate>
    </ModalPage>
  );
}
