import { TextArea, type TextAreaProps } from '@ui/forms/TextArea';
import { useFormikTextBinding } from './useFormikTextBinding';

export interface FormikTextAreaProps extends Omit<
  TextAreaProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> {
  name: string;
}

/** TextArea bound to a formik field by name. */
export function FormikTextArea({ name, ...rest }: FormikTextAreaProps) {
  return <TextArea {...rest} {...useFormikTextBinding(name)} />;
}
