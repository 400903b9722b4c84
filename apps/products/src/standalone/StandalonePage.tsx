import styled from 'styled-components';
import { PageWrapper } from '@crm-panel/ui';
import { ProductsTab } from '../exposed/ProductsTab';

const StyledNote = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The remote on its own, without the shell: how its team develops and checks it. */
export function StandalonePage() {
  return (
    <PageWrapper>
      <StyledNote>Módulo products em execução isolada (sem o painel principal).</StyledNote>
      <ProductsTab dealId={null} />
    </PageWrapper>
  );
}
