import { useField } from 'formik';
import { TextInput, type TextInputProps } from '../forms/TextInput';
import { useFormikFieldError } from './useFormikFieldError';

export interface FormikTextFieldProps extends Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> {
  name: string;
}

/** TextInput bound to a formik field by name. */
export function FormikTextField({ name, ...rest }: FormikTextFieldProps) {
  const [field] = useField<string | number | null | undefined>(name);
  const error = useFormikFieldError(name);
  return (
    <TextInput
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
