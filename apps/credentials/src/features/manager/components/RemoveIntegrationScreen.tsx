import styled from 'styled-components';
import { useHostForms } from '@crm-panel/host-bridge';
import { HostUserGate } from '../../shared/components/HostUserGate';
import { TEXTS } from '../../shared/texts';
import { RemoveIntegrationForm } from './RemoveIntegrationForm';

const StyledPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  max-width: ${({ theme }) => theme.sizes.content.form};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]};
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.text};
`;

/** /remove-integration-modal: the deactivation form as a page of its own. */
export function RemoveIntegrationScreen() {
  const { cancelForm } = useHostForms();
  return (
    <StyledPage>
      <StyledTitle>{TEXTS.removal.title}</StyledTitle>
      <HostUserGate>
        <RemoveIntegrationForm mode="modal" onCancel={() => void cancelForm()} />
      </HostUserGate>
    </StyledPage>
  );
}
