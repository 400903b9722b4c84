import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { MESSAGES } from '@crm-panel/crm-model';
import { Button, FormErrorBanner, TextInput } from '@crm-panel/ui';
import { FormActions, FormLayout } from '@crm-panel/ui/form-kit';
import { TEXTS } from '@credentials/features/shared/texts';

export interface ApiV1TokenFormProps {
  /** Gets the trimmed token; resolves with the error to show, or null when it was accepted. */
  onSubmit: (token: string) => Promise<string | null>;
  onCancel: () => void;
}

const StyledIntro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

/** The collecting_token screen: API v1 token, required and trimmed (PRODUCT.md §5). */
export function ApiV1TokenForm({ onSubmit, onCancel }: ApiV1TokenFormProps) {
  const [token, setToken] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = token.trim();
    if (trimmed === '') {
      setFieldError(MESSAGES.auth.apiV1TokenRequired);
      return;
    }
    setFieldError(null);
    setServerError(null);
    setSubmitting(true);
    const error = await onSubmit(trimmed);
    setSubmitting(false);
    // The token stays in the field so it can be corrected.
    if (error) setServerError(error);
  }

  return (
    <FormLayout onSubmit={(event) => void submit(event)}>
      <StyledIntro>{TEXTS.popup.tokenIntro}</StyledIntro>
      <FormErrorBanner message={serverError} />
      <TextInput
        label={TEXTS.popup.tokenLabel}
        name="apiV1Token"
        required
        autoFocus
        autoComplete="off"
        spellCheck={false}
        value={token}
        onChange={(event) => {
          setToken(event.target.value);
          if (fieldError) setFieldError(null);
        }}
        helperText={TEXTS.popup.tokenHelp}
        error={fieldError ?? undefined}
      />
      <FormActions>
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          {TEXTS.common.cancel}
        </Button>
        <Button type="submit" loading={submitting}>
          {TEXTS.popup.tokenSubmit}
        </Button>
      </FormActions>
    </FormLayout>
  );
}
