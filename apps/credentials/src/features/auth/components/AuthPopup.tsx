import styled from 'styled-components';
import { MESSAGES } from '@crm-panel/crm-model';
import { Alert, Button, Spinner } from '@crm-panel/ui';
import { CenteredPanel } from '@credentials/features/shared/components/CenteredPanel';
import { TEXTS } from '@credentials/features/shared/texts';
import { useAuthPopupFlow } from '../hooks/useAuthPopupFlow';
import { ApiV1TokenForm } from './ApiV1TokenForm';

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledNote = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
`;

/** /rdstation-auth-popup: one screen per state of PRODUCT.md §4 'Auth popup'. */
export function AuthPopup() {
  const flow = useAuthPopupFlow();
  const t = TEXTS.popup;

  let body;
  switch (flow.status) {
    case 'loading':
      body = <Spinner message={t.loading} />;
      break;
    case 'opening':
      body = <Spinner message={t.opening} />;
      break;
    case 'waiting':
      body = flow.checking ? (
        <Spinner message={t.checking} />
      ) : (
        <>
          <Spinner message={t.waiting} />
          <StyledActions>
            <Button variant="secondary" icon="external" onClick={flow.showProvider}>
              {t.showWindow}
            </Button>
          </StyledActions>
        </>
      );
      break;
    case 'collecting_token':
      body = <ApiV1TokenForm onSubmit={flow.submitToken} onCancel={flow.cancel} />;
      break;
    case 'success':
      body = (
        <>
          <Alert tone="success">{MESSAGES.auth.success}</Alert>
          <StyledNote>{t.closingSoon}</StyledNote>
        </>
      );
      break;
    case 'error':
      body = (
        <>
          <Alert tone="error">{flow.error}</Alert>
          {flow.closing ? <StyledNote>{t.closingSoon}</StyledNote> : null}
        </>
      );
      break;
  }

  return (
    <CenteredPanel title={t.title}>
      <StyledBody>{body}</StyledBody>
    </CenteredPanel>
  );
}
