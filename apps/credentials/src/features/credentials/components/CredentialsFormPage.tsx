import styled from 'styled-components';
import { HostUserGate } from '../../shared/components/HostUserGate';
import { CredentialsFormLoader } from './CredentialsFormLoader';

const StyledPage = styled.div`
  max-width: ${({ theme }) => theme.sizes.content.form};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]};
`;

/** /credentials-setup-modal */
export function CredentialsFormPage() {
  return (
    <StyledPage>
      <HostUserGate>
        <CredentialsFormLoader />
      </HostUserGate>
    </StyledPage>
  );
}
