import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { authStatusQueryOptions, contactsPageQueryOptions } from '@crm-panel/api-client';
import { MESSAGES } from '@crm-panel/crm-model';
import { useHostAdapter, useHostUserInfo } from '@crm-panel/host-bridge';
import { Alert, Button, Card, InlineError, NewTabLink, Skeleton, Stack } from '@crm-panel/ui';
import { useLogout } from '@credentials/features/shared/hooks/useLogout';
import { CRM_SIGNUP_URL, TEXTS } from '@credentials/features/shared/texts';
import { useAuthWindow } from '../hooks/useAuthWindow';
import { ContactList } from './ContactList';
import { AuthWindowAlerts, TabSignInFallback } from './TabSignInFallback';

const StyledPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  max-width: ${({ theme }) => theme.sizes.content.wide};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]} 0;
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledLink = styled(NewTabLink)`
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const StyledUserId = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme }) => theme.colors.text};
`;

/** /rdstation-login: 'Integração OAuth2' (PRODUCT.md §2 'Login page'). */
export function LoginScreen() {
  const t = TEXTS.login;
  const adapter = useHostAdapter();
  const { info } = useHostUserInfo();
  const auth = useQuery(authStatusQueryOptions());
  // The window's outcome refreshes the shared auth-status cache, which re-renders this page.
  const authWindow = useAuthWindow(() => undefined);
  const [contactsAsked, setContactsAsked] = useState(false);
  const contacts = useQuery({ ...contactsPageQueryOptions(), enabled: contactsAsked });
  const logout = useLogout('page');
  const devMode = adapter.kind === 'none' || adapter.kind === 'fake';

  let content;
  if (auth.isError) {
    content = (
      <InlineError message={MESSAGES.auth.statusError} onRetry={() => void auth.refetch()} />
    );
  } else if (!auth.data) {
    content = <Skeleton variant="block" height="login" label={TEXTS.common.loading} />;
  } else if (!auth.data.authenticated) {
    content = (
      <Card>
        <Stack gap={4}>
          <StyledText>{t.intro}</StyledText>
          <AuthWindowAlerts authWindow={authWindow} />
          <StyledActions>
            <Button
              icon="link"
              onClick={() => {
                authWindow.open();
              }}
            >
              {t.connect}
            </Button>
            <StyledText>
              {t.noAccount} <StyledLink href={CRM_SIGNUP_URL}>{t.createAccount}</StyledLink>
            </StyledText>
          </StyledActions>
          {/* The tab's sign-in refreshes the shared auth status, which shows the signed-in view. */}
          <TabSignInFallback blocked={authWindow.blocked} onDone={() => undefined} />
        </Stack>
      </Card>
    );
  } else {
    content = (
      <Card>
        <Stack gap={4}>
          <StyledText>
            {t.authenticatedAs} <StyledUserId>{auth.data.userId}</StyledUserId>
          </StyledText>
          {logout.status === 'done' ? (
            <Alert tone="success">{MESSAGES.auth.logoutSuccess}</Alert>
          ) : null}
          {logout.error ? <Alert tone="error">{logout.error}</Alert> : null}
          <StyledActions>
            <Button
              icon="search"
              onClick={() => (contactsAsked ? void contacts.refetch() : setContactsAsked(true))}
            >
              {t.fetchContacts}
            </Button>
            <Button
              variant="secondary"
              icon="logout"
              onClick={() => logout.logout()}
              loading={logout.status === 'pending'}
              disabled={logout.status === 'done'}
            >
              {t.logout}
            </Button>
          </StyledActions>
          {contacts.isError ? <Alert tone="error">{MESSAGES.auth.fetchContactsError}</Alert> : null}
          {contacts.data ? <ContactList contacts={contacts.data.data} /> : null}
        </Stack>
      </Card>
    );
  }

  return (
    <StyledPage>
      <StyledTitle>{t.title}</StyledTitle>
      {devMode && info ? (
        <Alert tone="warning" title={t.devTitle}>
          {t.devWarning(info.userId)}
        </Alert>
      ) : null}
      {content}
    </StyledPage>
  );
}
