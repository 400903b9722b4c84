import styled from 'styled-components';
import { useNavigate } from '@crm-panel/contracts/router';
import { useHostForms } from '@crm-panel/host-bridge';
import { Alert, Button } from '@crm-panel/ui';
import { CenteredPanel } from '@credentials/features/shared/components/CenteredPanel';
import { TEXTS } from '@credentials/features/shared/texts';
import { useAuthWindow } from '../hooks/useAuthWindow';
import { useManagerResult } from '../hooks/useManagerResult';
import { AuthWindowAlerts, TabSignInFallback } from './TabSignInFallback';

const StyledActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

/**
 * /rdstation-login-prompt: 'Bem-vindo!', sign in, or manage the integration (PRODUCT.md §2). When
 * the frame may not open the sign-in window, the sign-in in a tab of its own is offered below.
 */
export function LoginPrompt() {
  const navigate = useNavigate();
  const { openForm } = useHostForms();
  const removalMessage = useManagerResult();
  const authWindow = useAuthWindow((authenticated) => {
    if (authenticated) navigate('/', { replace: true });
  });

  return (
    <CenteredPanel title={TEXTS.prompt.title} intro={TEXTS.prompt.intro}>
      {removalMessage ? <Alert tone="success">{removalMessage}</Alert> : null}
      <AuthWindowAlerts authWindow={authWindow} />
      <StyledActions>
        <Button
          size="lg"
          fullWidth
          icon="user"
          onClick={() => {
            authWindow.open();
          }}
          disabled={removalMessage !== null}
        >
          {TEXTS.prompt.login}
        </Button>
        <Button
          variant="secondary"
          fullWidth
          icon="settings"
          onClick={() => {
            openForm('credentials-manager', {});
          }}
          disabled={removalMessage !== null}
        >
          {TEXTS.prompt.manage}
        </Button>
      </StyledActions>
      <TabSignInFallback
        blocked={authWindow.blocked}
        onDone={() => navigate('/', { replace: true })}
      />
    </CenteredPanel>
  );
}
