import { useState } from 'react';
import { useLostReasons } from '@crm-panel/api-client';
import { MESSAGES } from '@crm-panel/crm-model';
import { Alert, ConfirmDialog, SingleSelect } from '@crm-panel/ui';
import { namedOptions } from '@deal/features/shared/options';

export interface LostDealDialogProps {
  /** Resolves when the deal was marked lost; rejects when that failed. */
  onConfirm: (lostReasonId: string) => Promise<unknown>;
  onCancel: () => void;
}

/** Marking a deal lost: a reason must be picked, then confirmed. */
export function LostDealDialog({ onConfirm, onCancel }: LostDealDialogProps) {
  const [search, setSearch] = useState('');
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const reasons = useLostReasons(search);
  const options = namedOptions(reasons.data);

  const confirm = async () => {
    if (!reasonId) {
      setReasonError(MESSAGES.deal.lostReasonRequired);
      return;
    }
    setFailed(false);
    try {
      await onConfirm(reasonId);
    } catch {
      // The reason stays picked, so trying again is one click.
      setFailed(true);
    }
  };

  return (
    <ConfirmDialog
      open
      title="Marcar venda como perdida"
      message="Escolha o motivo da perda e confirme."
      confirmLabel="Marcar como perdida"
      tone="danger"
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <SingleSelect
        label="Motivo da perda"
        placeholder="Selecione um motivo"
        required
        options={options}
        value={reasonId}
        onChange={(value) => {
          setReasonId(value);
          if (value) setReasonError(null);
        }}
        searchable
        onSearch={setSearch}
        loading={reasons.isPending}
        emptyText={reasons.isError ? 'Não foi possível carregar os motivos de perda.' : undefined}
        error={reasonError ?? undefined}
      />
      {failed ? <Alert tone="error">{MESSAGES.deal.statusUpdateError}</Alert> : null}
    </ConfirmDialog>
  );
}
