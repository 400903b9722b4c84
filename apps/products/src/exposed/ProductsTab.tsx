import type { DealTabProps } from '@crm-panel/contracts';
import { Button, Card, EmptyState } from '@crm-panel/ui';

/** The deal's Produtos e Serviços tab. Without a selected deal its actions stay disabled. */
export function ProductsTab({ dealId }: DealTabProps) {
  return (
    <Card
      title="Produtos e Serviços"
      actions={
        <>
          <Button variant="primary" size="sm" icon="plus" disabled={!dealId}>
            Adicionar Produto
          </Button>
          <Button variant="ghost" size="sm" icon="refresh" disabled={!dealId}>
            Atualizar
          </Button>
        </>
      }
    >
      <EmptyState title="Nenhum produto encontrado" />
    </Card>
  );
}

export { ProductsTab as default };
