import { Navigate } from '@crm-panel/contracts/router';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { credentialsStatusQueryOptions, usePanelCache } from '@crm-panel/api-client';
import { useHostForms } from '@crm-panel/host-bridge';
import { Alert, IconButton, Logo, Skeleton } from '@crm-panel/ui';
import { CRM_USER_CHOICE_PATH } from '@shell/guards/Guard';
import { useIntegrationResult } from './useIntegrationResult';
import { useUserProfile } from './useUserProfile';

const StyledHeader = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]} 0;
`;

const StyledGreeting = styled.div`
  display: flex;
  flex: 1;
  min-width: 0;
  flex-direction: column;
`;

const StyledName = styled.p`
  margin: 0;
  overflow: hidden;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const StyledOrganization = styled.p`
  margin: 0;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const StyledActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
`;

/** The panel's header: who is signed in, where, and the panel-wide actions. */
export interface PanelHeaderProps {
  /** How the page reloads after a logout or removal (tests pass their own). */
  reload?: () => void;
}

export function PanelHeader({ reload }: PanelHeaderProps = {}) {
  const { profile, loading, error, needsCrmUser } = useUserProfile();
  const integrationMessage = useIntegrationResult(reload);
  const cache = usePanelCache();
  const forms = useHostForms();
  const credentials = useQuery(credentialsStatusQueryOptions());

  // The guard let the panel in, but the api says the CRM user is unknown (e.g. a user RD no
  // longer has): the picker again.
  if (needsCrmUser) return <Navigate to={CRM_USER_CHOICE_PATH} replace />;

  return (
    <>
      <StyledHeader>
        <Logo size="small" markOnly />
        <StyledGreeting aria-live="polite">
          {loading ? (
            <Skeleton lines={2} label="Carregando perfil..." />
          ) : (
            profile && (
              <>
                <StyledName>Olá, {profile.name}!</StyledName>
                {profile.organization?.name && (
                  <StyledOrganization>{profile.organization.name}</StyledOrganization>
                )}
              </>
            )
          )}
        </StyledGreeting>
        <StyledActions>
          <IconButton label="Atualizar" icon="refresh" onClick={() => void cache.refreshAll()} />
          {credentials.data?.configured && (
            <IconButton
              label="Gerenciar Integração"
              icon="settings"
              onClick={() => forms.openForm('credentials-manager', {})}
            />
          )}
        </StyledActions>
      </StyledHeader>
      {integrationMessage && <Alert tone="success">{integrationMessage}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}
