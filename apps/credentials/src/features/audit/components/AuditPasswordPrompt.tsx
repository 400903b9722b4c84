import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { Button, TextInput } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';

export interface AuditPasswordPromptProps {
  /** The api's refusal of the last password, if any. */
  error: string | null;
  onSubmit: (password: string) => void;
  /** The screen's own words (default: the history's). */
  texts?: { passwordIntro: string; unlock: string };
}

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  max-width: ${({ theme }) => theme.sizes.content.narrow};
`;

/** Hosts that sign nothing: the integration's security password opens the history. */
export function AuditPasswordPrompt({
  error,
  onSubmit,
  texts = TEXTS.audit,
}: AuditPasswordPromptProps) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== '') onSubmit(password);
  };
  return (
    <StyledForm onSubmit={submit}>
      <p>{texts.passwordIntro}</p>
      <TextInput
        label={TEXTS.audit.password}
        type="password"
        autoComplete="current-password"
        value={password}
        error={error ?? undefined}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" disabled={password === ''}>
        {texts.unlock}
      </Button>
    </StyledForm>
  );
}
