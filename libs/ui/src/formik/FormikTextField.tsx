import { useField } from 'formik';
import { TextInput, type TextInputProps } from '@ui/forms/TextInput';
import { useFormikTextBinding } from './useFormikTextBinding';

export interface FormikTextFieldProps extends Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> {
  name: string;
}

/**
 * TextInput bound to a Formik field by name. A `type="number"` field keeps the text as typed:
 * Formik's own handler would turn it into a number (and an unparsable entry into ''), so the
 * form's rules could not name the problem, and what the person typed would be lost.
 */
export function FormikTextField({ name, ...rest }: FormikTextFieldProps) {
  const binding = useFormikTextBinding(name);
  const [, , helpers] = useField<string | number | null | undefined>(name);
  return (
    <TextInput
      {...rest}
      {...binding}
      onChange={
        rest.type === 'number'
          ? (event) => void helpers.setValue(event.target.value)
          : binding.onChange
      }
    />
  );
}
