import { useField } from 'formik';
import { type FocusEvent } from 'react';
import styled from 'styled-components';
import { type DropdownOption } from '@crm-panel/crm-model';
import { SingleSelect, type SingleSelectProps } from '@ui/dropdowns/SingleSelect';
import { useFormikFieldError } from './useFormikFieldError';

export interface FormikSingleSelectProps extends Omit<
  SingleSelectProps,
  'value' | 'onChange' | 'error'
> {
  name: string;
  /** Called after the field took the new value ('' when cleared). */
  onValueChange?: (value: string, option?: DropdownOption) => void;
}

const StyledBlurScope = styled.div`
  min-width: 0;
`;

/**
 * SingleSelect bound to a string Formik field ('' = nothing chosen). Leaving the select without a
 * choice marks it touched, so a required field's message shows then, as with a text input.
 */
export function FormikSingleSelect({ name, onValueChange, ...rest }: FormikSingleSelectProps) {
  const [field, , helpers] = useField<string | null | undefined>(name);
  const error = useFormikFieldError(name);
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    void helpers.setTouched(true);
  };
  return (
    <StyledBlurScope onBlur={onBlur}>
      <SingleSelect
        {...rest}
        value={field.value || null}
        error={error}
        onChange={(value, option) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(value ?? '');
          onValueChange?.(value ?? '', option);
        }}
      />
    </StyledBlurScope>
  );
}
