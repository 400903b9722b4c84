import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { authStatusQueryOptions, credentialsStatusQueryOptions } from '@crm-panel/api-client';
import { type PageModeProps } from '@crm-panel/contracts';
import { useHostForms } from '@crm-panel/host-bridge';
import { Button, InlineError, Skeleton } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';
import { DangerZone } from './DangerZone';
import { IntegrationStatus } from './IntegrationStatus';

export interface CredentialsManagerProps {
  mode: PageModeProps['mode'];
}

const StyledStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** Integration status and the danger zone, once both statuses are read. */
export function CredentialsManager({ mode }: CredentialsManagerProps) {
  const { cancelForm } = useHostForms();
  const credentials = useQuery(credentialsStatusQueryOptions());
  const auth = useQuery(authStatusQueryOptions());

  let content;
  if (credentials.isError || auth.isError) {
    content = (
      <InlineError
        message={TEXTS.common.statusLoadError}
        onRetry={() => {
          if (credentials.isError) void credentials.refetch();
          if (auth.isError) void auth.refetch();
        }}
      />
    );
  } else if (!credentials.data || !auth.data) {
    content = (
      <>
        <Skeleton variant="block" height="140px" label={TEXTS.common.loading} />
        <Skeleton variant="block" height="180px" decorative />
      </>
    );
  } else {
    content = (
      <>
        <IntegrationStatus credentials={credentials.data} auth={auth.data} />
        <DangerZone
          mode={mode}
          configured={credentials.data.configured}
          authenticated={auth.data.authenticated}
        />
      </>
    );
  }

  return (
    <StyledStack>
      {content}
      {mode === 'modal' ? (
        <StyledActions>
          <Button variant="secondary" onClick={() => cancelForm()}>
            {TEXTS.common.close}
          </Button>
        </StyledActions>
      ) : null}
    </StyledStack>
  );
}
