import styled from 'styled-components';
import type { DealToolbarProps } from '@crm-panel/contracts';

const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

/** Filter menu and 'Criar Negociação': the deal area's toolbar. */
export function DealToolbar({ contactId }: DealToolbarProps) {
  return (
    <StyledToolbar>
      <label>
        <select defaultValue="all" aria-label="Filtro de negociações">
          <option value="all">Todas as negociações</option>
          <option value="contact" disabled={!contactId}>
            Negociações com esse contato
          </option>
        </select>
      </label>
      <button type="button" disabled={!contactId}>
        Criar Negociação
      </button>
    </StyledToolbar>
  );
}

export { DealToolbar as default };
