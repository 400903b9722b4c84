import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import {
  authStatusQueryOptions,
  credentialsStatusQueryOptions,
  getSessionInfo,
} from '@crm-panel/api-client';
import { type PageModeProps } from '@crm-panel/contracts';
import { useHostAdapter, useHostForms } from '@crm-panel/host-bridge';
import { Button, InlineError, Skeleton, Stack, Tabs } from '@crm-panel/ui';
import { AuditHistory } from '@credentials/features/audit/components/AuditHistory';
import { NovusDiagnostics } from '@credentials/features/novus/components/NovusDiagnostics';
import { TEXTS } from '@credentials/features/shared/texts';
import { DangerZone } from './DangerZone';
import { IntegrationStatus } from './IntegrationStatus';

export interface CredentialsManagerProps {
  mode: PageModeProps['mode'];
}

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * Attendants of a host that signs its users never see the history tab (the api refuses them
 * anyway). Without a signed session (hosts that sign nothing, or sessions off) the tab is shown
 * and the api decides: the security password, or its refusal.
 */
function mayReadHistory(): boolean {
  const session = getSessionInfo();
  return !(session?.method === 'assertion' && session.role !== 'admin');
}

/** Integration status and the danger zone, once both statuses are read; the history beside. */
export function CredentialsManager({ mode }: CredentialsManagerProps) {
  const { cancelForm } = useHostForms();
  // Inside Novus, its admins also see what the host sends and set the field mapping.
  const inNovus = useHostAdapter().kind === 'novus';
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
        <Skeleton variant="block" height="section" label={TEXTS.common.loading} />
        <Skeleton variant="block" height="card" decorative />
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

  // The status and the danger zone stand apart in the 'Integração' tab too (a tab panel is no
  // stack: they touched there).
  const integration = <Stack gap={4}>{content}</Stack>;

  return (
    <Stack gap={4}>
      {mayReadHistory() ? (
        <Tabs
          label={TEXTS.audit.tabsLabel}
          tabs={[
            { id: 'integration', label: TEXTS.audit.integrationTab, content: integration },
            { id: 'history', label: TEXTS.audit.title, content: <AuditHistory /> },
            ...(inNovus
              ? [{ id: 'novus', label: TEXTS.novus.tab, content: <NovusDiagnostics /> }]
              : []),
          ]}
        />
      ) : (
        integration
      )}
      {mode === 'modal' ? (
        <StyledActions>
          <Button variant="secondary" onClick={() => cancelForm()}>
            {TEXTS.common.close}
          </Button>
        </StyledActions>
      ) : null}
    </Stack>
  );
}
