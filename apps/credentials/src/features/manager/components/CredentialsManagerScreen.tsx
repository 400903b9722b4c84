import { type PageModeProps } from '@crm-panel/contracts';
import { ModalPage } from '@crm-panel/ui/form-kit';
import { HostUserGate } from '@credentials/features/shared/components/HostUserGate';
import { TEXTS } from '@credentials/features/shared/texts';
import { CredentialsManager } from './CredentialsManager';

export interface CredentialsManagerScreenProps {
  mode: PageModeProps['mode'];
}

/** /credentials-manager and /credentials-manager-modal. */
export function CredentialsManagerScreen({ mode }: CredentialsManagerScreenProps) {
  return (
    <ModalPage title={TEXTS.manager.title} width="wide">
      {/* The modal is a fresh document: wait (50 × 100 ms) for the host user first. */}
      <HostUserGate>
        <CredentialsManager mode={mode} />
      </HostUserGate>
    </ModalPage>
  );
}
