import { useState } from 'react';
import styled from 'styled-components';
import type { DealToolbarProps } from '@crm-panel/contracts';
import { Button, DropdownMenu } from '@crm-panel/ui';

const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

type DealFilter = 'all' | 'contact';

/** Filter menu and 'Criar Negociação': the deal area's toolbar. */
export function DealToolbar({ contactId }: DealToolbarProps) {
  const [filter, setFilter] = useState<DealFilter>('all');
  return (
    <StyledToolbar>
      <DropdownMenu
        label="Filtro de negociações"
        icon="filter"
        selectedId={filter}
        onSelect={(id) => setFilter(id as DealFilter)}
        items={[
          { id: 'all', label: 'Todas as negociações' },
          { id: 'contact', label: 'Negociações com esse contato' },
        ]}
      />
      <Button variant="primary" size="sm" icon="plus" disabled={!contactId}>
        Criar Negociação
      </Button>
    </StyledToolbar>
  );
}

export { DealToolbar as default };
