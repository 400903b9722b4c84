import { Select, type SelectProps } from '@ui/forms/Select';
import { useFormikTextBinding } from './useFormikTextBinding';

export interface FormikSelectProps extends Omit<
  SelectProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> {
  name: string;
}

/** Native Select bound to a formik field by name (string values; '' is "none"). */
export function FormikSelect({ name, ...rest }: FormikSelectProps) {
  return <Select {...rest} {...useFormikTextBinding(name)} />;
}
