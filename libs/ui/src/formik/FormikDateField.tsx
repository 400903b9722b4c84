import { useField } from 'formik';
import { DateField, type DateFieldProps } from '@ui/forms/DateField';
import { useFormikFieldError } from './useFormikFieldError';

export interface FormikDateFieldProps extends Omit<
  DateFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> {
  name: string;
}

/**
 * The form's DateField (dd/mm/yyyy whatever the browser's language). The formik value is
 * 'yyyy-mm-dd' once the text is a real day, and the text itself until then, so the form's
 * schema can tell an unfinished or impossible date from an empty one.
 */
export function FormikDateField({ name, ...rest }: FormikDateFieldProps) {
  const [field, , helpers] = useField<string | null | undefined>(name);
  const error = useFormikFieldError(name);
  return (
    <DateField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={(next) => void helpers.setValue(next)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
