import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { type PageModeProps } from '@crm-panel/contracts';
import { MESSAGES } from '@crm-panel/crm-model';
import { Alert, Button, FormErrorBanner, TextInput } from '@crm-panel/ui';
import { FormActions, FormLayout } from '@crm-panel/ui/form-kit';
import { TEXTS } from '@credentials/features/shared/texts';
import { useRemoveIntegration } from '../hooks/useRemoveIntegration';

export interface RemoveIntegrationFormProps {
  mode: PageModeProps['mode'];
  onCancel: () => void;
  /** Told once the integration is gone (the count of users whose sessions ended). */
  onRemoved?: (usersAffected: number) => void;
}

const StyledIntro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

/** The confirm-password step of the deactivation (PRODUCT.md §4, §5 'Removal', §8). */
export function RemoveIntegrationForm({ mode, onCancel, onRemoved }: RemoveIntegrationFormProps) {
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const { remove, status, error, usersAffected } = useRemoveIntegration(mode, onRemoved);

  if (status === 'done' && usersAffected !== null) {
    return <Alert tone="success">{MESSAGES.credentials.removalSuccess(usersAffected)}</Alert>;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    // The password is sent as typed (never trimmed), so only an empty one is refused here.
    if (password !== '') void remove(password);
  }

  return (
    <FormLayout onSubmit={onSubmit} aria-label={TEXTS.removal.title}>
      <StyledIntro>{TEXTS.removal.intro}</StyledIntro>
      <FormErrorBanner message={error} />
      <TextInput
        label={TEXTS.removal.password}
        name="securityPassword"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setTouched(true);
        }}
        // No check on blur: leaving the empty field for 'Cancelar' must not push the button away
        // from under the pointer (the message shows once something was typed and erased).
        error={
          touched && password === '' ? MESSAGES.credentials.securityPasswordRequired : undefined
        }
      />
      <FormActions>
        <Button variant="secondary" onClick={onCancel} disabled={status === 'pending'}>
          {TEXTS.common.cancel}
        </Button>
        <Button
          type="submit"
          variant="danger"
          disabled={password === ''}
          loading={status === 'pending'}
        >
          {TEXTS.removal.confirm}
        </Button>
      </FormActions>
    </FormLayout>
  );
}
