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

/** The deal's products tab. Without a selected deal its actions stay disabled. */
export function ProductsTab({ dealId }: DealTabProps) {
  return (
    <div>
      <StyledHeader>
        <StyledTitle>Produtos e Serviços</StyledTitle>
        <div>
          <button type="button" disabled={!dealId}>
            Adicionar Produto
          </button>{' '}
          <button type="button" disabled={!dealId}>
            Atualizar
          </button>
        </div>
      </StyledHeader>
      <StyledEmpty>Nenhum produto encontrado</StyledEmpty>
    </div>
  );
}

export { ProductsTab as default };
