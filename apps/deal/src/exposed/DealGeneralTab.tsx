import type { DealTabProps } from '@crm-panel/contracts';
import { Card, EmptyState } from '@crm-panel/ui';

/** The deal's general data. Without a selected deal it says how to get one. */
export function DealGeneralTab({ dealId }: DealTabProps) {
  return (
    <Card>
      <EmptyState
        title={dealId ? `Negociação ${dealId}` : 'Nenhuma negociação selecionada'}
        description={dealId ? undefined : 'Selecione ou crie uma negociação para ver seus dados.'}
      />
    </Card>
  );
}

export { DealGeneralTab as default };
