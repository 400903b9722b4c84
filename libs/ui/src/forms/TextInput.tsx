import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { controlBox } from './fieldStyles';
import { FieldShell } from './FieldShell';
import { controlAttributes, useFieldIds } from './useFieldIds';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** Shown in red under the field; also sets aria-invalid. */
  error?: ReactNode;
  helperText?: ReactNode;
  hideLabel?: boolean;
  /** Class of the whole field (label + control + texts). */
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

const StyledInput = styled.input<{ $invalid: boolean }>`
  ${controlBox}
`;

/**
 * Labelled text input. `required` draws the asterisk and sets aria-required; it does not turn on
 * the browser's own validation bubbles, so the form's pt-BR messages are the only ones shown.
 */
export function TextInput({
  label,
  error,
  helperText,
  hideLabel,
  required,
  id,
  className,
  ref,
  'aria-describedby': describedByProp,
  ...rest
}: TextInputProps) {
  const ids = useFieldIds(id, { helper: Boolean(helperText), error: Boolean(error) });
  return (
    <FieldShell
      ids={ids}
      label={label}
      required={required}
      hideLabel={hideLabel}
      helperText={helperText}
      error={error}
      className={className}
    >
      <StyledInput
        ref={ref}
        {...controlAttributes(ids, { error, required, more: [describedByProp] })}
        {...rest}
      />
    </FieldShell>
  );
}
