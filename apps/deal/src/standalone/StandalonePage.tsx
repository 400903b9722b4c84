import styled from 'styled-components';
import { PageWrapper } from '@crm-panel/ui';
import { DealToolbar } from '../exposed/DealToolbar';
import { DealGeneralTab } from '../exposed/DealGeneralTab';

const StyledNote = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The remote on its own, without the shell: how its team develops and checks it. */
export function StandalonePage() {
  return (
    <PageWrapper>
      <StyledNote>Módulo deal em execução isolada (sem o painel principal).</StyledNote>
      <DealToolbar contactId={null} dealId={null} />
      <DealGeneralTab dealId={null} />
    </PageWrapper>
  );
}
