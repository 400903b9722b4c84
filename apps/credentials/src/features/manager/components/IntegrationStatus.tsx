import styled from 'styled-components';
import { type AuthStatus, type CredentialsStatus } from '@crm-panel/crm-model';
import { Card, StatusBadge } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';

export interface IntegrationStatusProps {
  credentials: CredentialsStatus;
  auth: AuthStatus;
}

const StyledList = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: max-content minmax(0, 1fr);
    align-items: center;
    column-gap: ${({ theme }) => theme.space[6]};
  }
`;

const StyledTerm = styled.dt`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const StyledValue = styled.dd`
  margin: 0;
  min-width: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const StyledCode = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const StyledNote = styled.p`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  /* The address to check is one long word: it breaks inside the column, never past the card. */
  overflow-wrap: anywhere;
`;

/**
 * States where the webhooks may well deliver, but nothing has shown it yet: RD suspended them and
 * they were made again with no delivery since, or the CRM did not answer the last check.
 */
const UNCONFIRMED: readonly string[] = ['suspended_recreated', 'unavailable'];

/**
 * Configured or not, the redirect URI, whether live updates from the CRM are on (and if not why
 * and what to do), and this user's own session (PRODUCT.md §2 credentials pages).
 */
export function IntegrationStatus({ credentials, auth }: IntegrationStatusProps) {
  const t = TEXTS.manager;
  return (
    <Card title={t.statusTitle}>
      <StyledList>
        <StyledTerm>{t.credentials}</StyledTerm>
        <StyledValue>
          {credentials.configured ? (
            <StatusBadge tone="success">{t.configured}</StatusBadge>
          ) : (
            <StatusBadge tone="warning">{t.notConfigured}</StatusBadge>
          )}
        </StyledValue>
        <StyledTerm>{t.redirectUri}</StyledTerm>
        <StyledValue>
          {credentials.redirectUri ? (
            <StyledCode>{credentials.redirectUri}</StyledCode>
          ) : (
            t.notInformed
          )}
        </StyledValue>
        {credentials.liveUpdates ? (
          <>
            <StyledTerm>{t.liveUpdates}</StyledTerm>
            <StyledValue>
              {credentials.liveUpdates.on ? (
                <StatusBadge tone="success">{t.liveOn}</StatusBadge>
              ) : (
                <>
                  <StatusBadge tone="warning">
                    {UNCONFIRMED.includes(credentials.liveUpdates.reason ?? '')
                      ? t.liveUnconfirmed
                      : t.liveOff}
                  </StatusBadge>
                  <StyledNote>{credentials.liveUpdates.message}</StyledNote>
                  {credentials.liveUpdates.action ? (
                    <StyledNote>{credentials.liveUpdates.action}</StyledNote>
                  ) : null}
                </>
              )}
            </StyledValue>
          </>
        ) : null}
        <StyledTerm>{t.session}</StyledTerm>
        <StyledValue>
          {auth.authenticated ? (
            <StatusBadge tone="success">{t.connected}</StatusBadge>
          ) : (
            <StatusBadge tone="neutral">{t.disconnected}</StatusBadge>
          )}
        </StyledValue>
      </StyledList>
    </Card>
  );
}
