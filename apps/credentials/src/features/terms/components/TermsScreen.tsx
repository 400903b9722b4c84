import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { MESSAGES } from '@crm-panel/crm-model';
import { Alert, Button, NewTabLink } from '@crm-panel/ui';
import { Checkbox } from '@crm-panel/ui/fields';
import { CenteredPanel } from '@credentials/features/shared/components/CenteredPanel';
import { TERMS_OF_USE_URL, TEXTS } from '@credentials/features/shared/texts';
import { useAcceptTerms } from '../hooks/useAcceptTerms';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledChecks = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const StyledLink = styled(NewTabLink)`
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const StyledHint = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledFooter = styled.footer`
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: ${({ theme }) => theme.borders.subtle};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  text-align: center;
`;

/** /terms-acceptance: both boxes ticked, then 'Começar' (PRODUCT.md §2, §5). */
export function TermsScreen() {
  const [termsOfUse, setTermsOfUse] = useState(false);
  const [consent, setConsent] = useState(false);
  const { accept, submitting, error } = useAcceptTerms();
  const hintId = useId();
  const bothTicked = termsOfUse && consent;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The button is disabled meanwhile; this also stops a submit some other way.
    if (bothTicked) void accept();
  }

  return (
    <CenteredPanel title={TEXTS.terms.greeting} intro={TEXTS.terms.intro}>
      <StyledForm onSubmit={onSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <StyledChecks>
          <Checkbox
            name="termsOfUse"
            checked={termsOfUse}
            onChange={(event) => setTermsOfUse(event.target.checked)}
            label={
              <>
                {TEXTS.terms.termsBefore}
                <StyledLink href={TERMS_OF_USE_URL}>{TEXTS.terms.termsLink}</StyledLink>
                {TEXTS.terms.termsAfter}
              </>
            }
          />
          <Checkbox
            name="contactConsent"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            label={TEXTS.terms.consent}
          />
        </StyledChecks>
        {bothTicked ? null : <StyledHint id={hintId}>{MESSAGES.terms.mustAcceptBoth}</StyledHint>}
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={!bothTicked}
          loading={submitting}
          aria-describedby={bothTicked ? undefined : hintId}
        >
          {TEXTS.terms.submit}
        </Button>
      </StyledForm>
      <StyledFooter>{TEXTS.terms.privacy}</StyledFooter>
    </CenteredPanel>
  );
}
