import { useField } from 'formik';
import { Checkbox, type CheckboxProps } from '@ui/forms/Checkbox';
import { useFormikFieldError } from './useFormikFieldError';

export interface FormikCheckboxProps extends Omit<
  CheckboxProps,
  'name' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'error'
> {
  name: string;
}

/** Checkbox bound to a boolean formik field by name. */
export function FormikCheckbox({ name, ...rest }: FormikCheckboxProps) {
  const [field] = useField<boolean>({ name, type: 'checkbox' });
  const error = useFormikFieldError(name);
  return (
    <Checkbox
      {...rest}
      name={field.name}
      checked={Boolean(field.checked)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
