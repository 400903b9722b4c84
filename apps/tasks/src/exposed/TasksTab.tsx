import type { DealTabProps } from '@crm-panel/contracts';
import { Button, Card, EmptyState } from '@crm-panel/ui';

/** The deal's Tarefas tab. Without a selected deal its actions stay disabled. */
export function TasksTab({ dealId }: DealTabProps) {
  return (
    <Card
      title="Tarefas"
      actions={
        <>
          <Button variant="primary" size="sm" icon="plus" disabled={!dealId}>
            Adicionar
          </Button>
          <Button variant="ghost" size="sm" icon="refresh" disabled={!dealId}>
            Atualizar
          </Button>
        </>
      }
    >
      <EmptyState title="Nenhuma tarefa encontrada" />
    </Card>
  );
}

export { TasksTab as default };
