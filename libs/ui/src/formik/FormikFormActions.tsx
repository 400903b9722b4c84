import { useFormikContext } from 'formik';
import { type ReactNode } from 'react';
import { Button } from '@ui/components/Button';
import { type IconName } from '@ui/components/Icon';
import { FormActions } from '@ui/form-kit/FormLayout';

export interface FormikFormActionsProps {
  /** The submit button's words ('Salvar Nota', 'Criar Negociação', …). */
  submitLabel: ReactNode;
  submitIcon?: IconName;
  /** Why the form may not be sent yet (a blocking error, nothing to send). */
  submitDisabled?: boolean;
  onCancel: () => void;
  /** Saved: both buttons stay off while the host closes the form. */
  done?: boolean;
}

/**
 * A modal form's 'Cancelar' and submit buttons: while Formik submits, the submit button is busy
 * ('Processando...') and 'Cancelar' waits; once saved, neither may be pressed again.
 */
export function FormikFormActions({
  submitLabel,
  submitIcon,
  submitDisabled = false,
  onCancel,
  done = false,
}: FormikFormActionsProps) {
  const { isSubmitting } = useFormikContext();
  return (
    <FormActions>
      <Button variant="secondary" onClick={onCancel} disabled={isSubmitting || done}>
        Cancelar
      </Button>
      <Button
        type="submit"
        icon={submitIcon}
        loading={isSubmitting}
        disabled={submitDisabled || done}
      >
        {submitLabel}
      </Button>
    </FormActions>
  );
}
