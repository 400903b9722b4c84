import { useField, useFormikContext } from 'formik';
import { TextInput, type TextInputProps } from '@crm-panel/ui';

export interface NumberFieldProps extends Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type'
> {
  name: string;
}

/**
 * A number input bound to a formik text value. Formik's own handler turns number inputs into
 * numbers (and an unparsable entry into ''); keeping the raw text lets validation name the
 * problem without rewriting what was typed.
 */
export function NumberField({ name, ...rest }: NumberFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const showError = meta.touched || submitCount > 0;
  return (
    <TextInput
      {...rest}
      type="number"
      name={field.name}
      value={field.value}
      onChange={(event) => void helpers.setValue(event.target.value)}
      onBlur={field.onBlur}
      error={showError ? meta.error : undefined}
    />
  );
}
