import { useField } from 'formik';
import { Select, type SelectProps } from '@ui/forms/Select';
import { useFormikFieldError } from './useFormikFieldError';

export interface FormikSelectProps extends Omit<
  SelectProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> {
  name: string;
}

/** Native Select bound to a formik field by name (string values; '' is "none"). */
export function FormikSelect({ name, ...rest }: FormikSelectProps) {
  const [field] = useField<string | null | undefined>(name);
  const error = useFormikFieldError(name);
  return (
    <Select
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
