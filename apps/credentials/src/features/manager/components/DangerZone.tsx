import { useState } from 'react';
import styled from 'styled-components';
import { type PageModeProps } from '@crm-panel/contracts';
import { MESSAGES } from '@crm-panel/crm-model';
import { Alert, Button, Card } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';
import { useLogout } from '@credentials/features/shared/hooks/useLogout';
import { RemoveIntegrationForm } from './RemoveIntegrationForm';

export interface DangerZoneProps {
  mode: PageModeProps['mode'];
  configured: boolean;
  authenticated: boolean;
}

const StyledRows = styled.div`
  display: flex;
  flex-direction: column;

  /* The confirm-password step belongs to the row above it: no rule in between. */
  & > * + *:not([data-step]) {
    border-top: ${({ theme }) => theme.borders.subtle};
  }
`;

const StyledRow = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]} 0;

  &:first-child {
    padding-top: 0;
  }

  &:last-child {
    padding-bottom: 0;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
  }
`;

const StyledStep = styled.div`
  padding-bottom: ${({ theme }) => theme.space[1]};
`;

const StyledText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const StyledRowTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledRowDescription = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledMessages = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};

  &:empty {
    display: none;
  }
`;

/** Logout (this user) and deactivation (every user, security password) — PRODUCT.md §2, §4. */
export function DangerZone({ mode, configured, authenticated }: DangerZoneProps) {
  const t = TEXTS.manager;
  const logout = useLogout(mode);
  const [confirming, setConfirming] = useState(false);
  const [removed, setRemoved] = useState(false);
  const finished = logout.status === 'done' || removed;

  return (
    <Card title={t.dangerTitle}>
      <StyledMessages>
        {logout.status === 'done' ? (
          <Alert tone="success">{MESSAGES.auth.logoutSuccess}</Alert>
        ) : null}
        {logout.error ? <Alert tone="error">{logout.error}</Alert> : null}
      </StyledMessages>
      <StyledRows>
        <StyledRow>
          <StyledText>
            <StyledRowTitle>{t.logoutTitle}</StyledRowTitle>
            <StyledRowDescription>{t.logoutDescription}</StyledRowDescription>
          </StyledText>
          <Button
            variant="secondary"
            icon="logout"
            onClick={() => logout.logout()}
            loading={logout.status === 'pending'}
            disabled={!authenticated || finished}
          >
            {t.logout}
          </Button>
        </StyledRow>
        <StyledRow>
          <StyledText>
            <StyledRowTitle>{t.deactivateTitle}</StyledRowTitle>
            <StyledRowDescription>{t.deactivateDescription}</StyledRowDescription>
          </StyledText>
          {confirming ? null : (
            <Button
              variant="danger"
              onClick={() => setConfirming(true)}
              disabled={!configured || finished}
            >
              {t.deactivate}
            </Button>
          )}
        </StyledRow>
        {confirming ? (
          <StyledStep data-step>
            <RemoveIntegrationForm
              mode={mode}
              onCancel={() => setConfirming(false)}
              onRemoved={() => setRemoved(true)}
            />
          </StyledStep>
        ) : null}
      </StyledRows>
    </Card>
  );
}
