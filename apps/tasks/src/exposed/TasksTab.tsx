import styled from 'styled-components';
import type { DealTabProps } from '@crm-panel/contracts';

const StyledHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const StyledTitle = styled.h2`
  margin: 0;
  font-size: 16px;
`;

const StyledEmpty = styled.p`
  margin: 16px 0;
  color: #5b6474;
  text-align: center;
`;

/** The deal's tasks tab. Without a selected deal its actions stay disabled. */
export function TasksTab({ dealId }: DealTabProps) {
  return (
    <div>
      <StyledHeader>
        <StyledTitle>Tarefas</StyledTitle>
        <div>
          <button type="button" disabled={!dealId}>
            Adicionar
          </button>{' '}
          <button type="button" disabled={!dealId}>
            Atualizar
          </button>
        </div>
      </StyledHeader>
      <StyledEmpty>Nenhuma tarefa encontrada</StyledEmpty>
    </div>
  );
}

export { TasksTab as default };
