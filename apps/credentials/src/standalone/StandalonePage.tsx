import styled from 'styled-components';
import { CredentialsNeeded } from '../exposed/CredentialsNeeded';

const StyledPage = styled.div`
  width: 90%;
  max-width: 1400px;
  margin: 0 auto;
  padding: 16px 0;
`;

const StyledNote = styled.p`
  color: #5b6474;
  font-size: 13px;
`;

/** The remote on its own, without the shell: how its team develops and checks it. */
export function StandalonePage() {
  return (
    <StyledPage>
      <StyledNote>Módulo credentials em execução isolada (sem o painel principal).</StyledNote>
      <CredentialsNeeded />
    </StyledPage>
  );
}
