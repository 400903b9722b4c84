import type { DealTabProps } from '@crm-panel/contracts';
import { Button, Card, EmptyState } from '@crm-panel/ui';

/** The deal's Notas tab. Without a selected deal its actions stay disabled. */
export function NotesTab({ dealId }: DealTabProps) {
  return (
    <Card
      title="Notas"
      actions={
        <>
          <Button variant="primary" size="sm" icon="plus" disabled={!dealId}>
            Adicionar Nota
          </Button>
          <Button variant="ghost" size="sm" icon="refresh" disabled={!dealId}>
            Atualizar
          </Button>
        </>
      }
    >
      <EmptyState title="Nenhuma nota cadastrada" />
    </Card>
  );
}

export { NotesTab as default };
