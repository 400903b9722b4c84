import { useField } from 'formik';
import { TextArea, type TextAreaProps } from '@ui/forms/TextArea';
import { useFormikFieldError } from './useFormikFieldError';

export interface FormikTextAreaProps extends Omit<
  TextAreaProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> {
  name: string;
}

/** TextArea bound to a formik field by name. */
export function FormikTextArea({ name, ...rest }: FormikTextAreaProps) {
  const [field] = useField<string | null | undefined>(name);
  const error = useFormikFieldError(name);
  return (
    <TextArea
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
