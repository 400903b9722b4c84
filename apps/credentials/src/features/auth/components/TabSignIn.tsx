import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { type AuthStatus } from '@crm-panel/crm-model';
import { Alert, Button, InlineError, LinkToCopy, Spinner, useCopyLink } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';
import { useTabSignIn } from '../hooks/useTabSignIn';
import { navigateTop } from '../navigateTop';

/** How long a top navigation may take before the panel says it was not allowed. */
export const TOP_NAVIGATION_GRACE_MS = 1_500;

const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: ${({ theme }) => theme.borders.subtle};
`;

const StyledTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const StyledHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface TabSignInProps {
  /** The sign-in is done and the panel's session has it. */
  onDone: (status: AuthStatus) => void;
}

/**
 * The sign-in for a panel whose frame may not open windows: the attendant opens the api's sign-in
 * link in this browser — the whole page goes there when the host lets the frame navigate it, or
 * they copy the link into a new tab — and the panel redeems the sign-in by itself once done.
 */
export function TabSignIn({ onDone }: TabSignInProps) {
  const t = TEXTS.tab;
  const flow = useTabSignIn(onDone);
  const [topBlocked, setTopBlocked] = useState(false);
  const graceRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(graceRef.current), []);

  const goTop = (url: string) => {
    // A frame without top navigation throws, or the browser ignores it: either way the page
    // is still here after a moment, and the link to copy is the way left.
    if (!navigateTop(url)) {
      setTopBlocked(true);
      return;
    }
    clearTimeout(graceRef.current);
    graceRef.current = setTimeout(() => setTopBlocked(true), TOP_NAVIGATION_GRACE_MS);
  };

  let body;
  if (flow.status === 'failed') {
    body = <InlineError message={flow.error ?? t.startError} onRetry={flow.restart} />;
  } else if (flow.status === 'done') {
    body = <Alert tone="success">{t.done}</Alert>;
  } else if (flow.status === 'starting' || !flow.authUrl) {
    body = <Spinner message={TEXTS.common.loading} />;
  } else {
    const url = flow.authUrl;
    body = (
      <>
        <StyledText>{t.intro}</StyledText>
        {topBlocked ? (
          <Alert tone="warning">{t.topBlocked}</Alert>
        ) : (
          <>
            <Button icon="external" fullWidth onClick={() => goTop(url)}>
              {t.goTop}
            </Button>
            <StyledHint>{t.goTopHint}</StyledHint>
          </>
        )}
        <SignInLink url={url} />
        <Spinner message={t.waiting} />
        <Button variant="ghost" fullWidth onClick={flow.restart}>
          {t.retry}
        </Button>
      </>
    );
  }

  return (
    <StyledSection aria-label={t.title}>
      <StyledTitle>{t.title}</StyledTitle>
      {body}
    </StyledSection>
  );
}

/** The sign-in link to copy into a new tab of this browser. */
function SignInLink({ url }: { url: string }) {
  const t = TEXTS.tab;
  const link = useCopyLink(url);
  return (
    <LinkToCopy link={link} label={t.linkLabel} copiedText={t.copied} copyFailedText={t.copyFailed}>
      <Button variant="secondary" icon="link" fullWidth onClick={() => void link.copy()}>
        {t.copy}
      </Button>
    </LinkToCopy>
  );
}
