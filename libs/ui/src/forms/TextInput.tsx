import { type InputHTMLAttributes, type Ref } from 'react';
import styled from 'styled-components';
import { controlBox } from './fieldStyles';
import { FieldShell } from './FieldShell';
import { type LabelledFieldProps, useLabelledField } from './useFieldIds';

export interface TextInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, LabelledFieldProps {
  ref?: Ref<HTMLInputElement>;
}

const StyledInput = styled.input<{ $invalid: boolean }>`
  ${controlBox}
`;

/**
 * Labelled text input. `required` draws the asterisk and sets aria-required; it does not turn on
 * the browser's own validation bubbles, so the form's pt-BR messages are the only ones shown.
 */
export function TextInput({ ref, ...props }: TextInputProps) {
  const { shell, control } = useLabelledField(props);
  return (
    <FieldShell {...shell}>
      <StyledInput ref={ref} {...control} />
    </FieldShell>
  );
}
