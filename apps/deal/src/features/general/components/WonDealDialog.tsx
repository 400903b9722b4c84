import { useState } from 'react';
import { MESSAGES } from '@crm-panel/crm-model';
import { Alert, ConfirmDialog } from '@crm-panel/ui';

export interface WonDealDialogProps {
  /** Resolves when the deal was marked won; rejects when that failed. */
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/** 'Tem certeza que deseja marcar esta venda como ganha?' */
export function WonDealDialog({ onConfirm, onCancel }: WonDealDialogProps) {
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    try {
      await onConfirm();
    } catch {
      setFailed(true);
    }
  };

  return (
    <ConfirmDialog
      open
      title="Marcar venda como ganha"
      message={MESSAGES.deal.confirmWon}
      confirmLabel="Marcar como ganha"
      onConfirm={confirm}
      onCancel={onCancel}
    >
      {failed ? <Alert tone="error">{MESSAGES.deal.statusUpdateError}</Alert> : null}
    </ConfirmDialog>
  );
}
