import { useField } from 'formik';
import { TextInput, type TextInputProps } from '@ui/forms/TextInput';
import { useFormikFieldError } from './useFormikFieldError';

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
  const [field, , helpers] = useField<string | number | null | undefined>(name);
  const error = useFormikFieldError(name);
  return (
    <TextInput
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={
        rest.type === 'number'
          ? (event) => void helpers.setValue(event.target.value)
          : field.onChange
      }
      onBlur={field.onBlur}
      error={error}
    />
  );
}
