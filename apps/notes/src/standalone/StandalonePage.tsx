import styled from 'styled-components';
import { PageWrapper } from '@crm-panel/ui';
import { NotesTab } from '../exposed/NotesTab';

const StyledNote = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The remote on its own, without the shell: how its team develops and checks it. */
export function StandalonePage() {
  return (
    <PageWrapper>
      <StyledNote>Módulo notes em execução isolada (sem o painel principal).</StyledNote>
      <NotesTab dealId={null} />
    </PageWrapper>
  );
}
