import { useField } from 'formik';
import { type DropdownOption } from '@crm-panel/crm-model';
import { MultiSelect, type MultiSelectProps } from '@ui/dropdowns/MultiSelect';
import { useFormikFieldError } from './useFormikFieldError';

export interface FormikMultiSelectProps extends Omit<
  MultiSelectProps,
  'value' | 'onChange' | 'error'
> {
  name: string;
  /** Called after the field took the new values. */
  onValuesChange?: (values: string[], selected: DropdownOption[]) => void;
}

/** MultiSelect bound to a Formik field holding a list of ids. */
export function FormikMultiSelect({ name, onValuesChange, ...rest }: FormikMultiSelectProps) {
  const [field, , helpers] = useField<string[] | undefined>(name);
  const error = useFormikFieldError(name);
  return (
    <MultiSelect
      {...rest}
      value={field.value ?? []}
      error={error}
      onChange={(values, selected) => {
        void helpers.setTouched(true, false);
        void helpers.setValue(values);
        onValuesChange?.(values, selected);
      }}
    />
  );
}
