import { type FieldInputProps, useField } from 'formik';
import { useFormikFieldError } from './useFormikFieldError';

/** What a text-like control (select, text area, text input) takes from its Formik field. */
export interface FormikTextBinding {
  name: string;
  value: string | number;
  onChange: FieldInputProps<unknown>['onChange'];
  onBlur: FieldInputProps<unknown>['onBlur'];
  error: string | undefined;
}

/**
 * A text-like control bound to a Formik field by name: its value ('' for none), Formik's change
 * and blur handlers, and the error once the field was touched or the form submitted.
 */
export function useFormikTextBinding(name: string): FormikTextBinding {
  const [field] = useField<string | number | null | undefined>(name);
  const error = useFormikFieldError(name);
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    error,
  };
}
