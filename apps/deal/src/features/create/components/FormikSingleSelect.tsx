import { getIn, useField, useFormikContext } from 'formik';
import { type DropdownOption } from '@crm-panel/crm-model';
import { SingleSelect, type SingleSelectProps } from '@crm-panel/ui';

export interface FormikSingleSelectProps extends Omit<
  SingleSelectProps,
  'value' | 'onChange' | 'error'
> {
  name: string;
  /** Called after the field took the new value ('' when cleared). */
  onValueChange?: (value: string, option?: DropdownOption) => void;
}

/** SingleSelect bound to a string formik field ('' = nothing chosen). */
export function FormikSingleSelect({ name, onValueChange, ...rest }: FormikSingleSelectProps) {
  const [field, , helpers] = useField<string | undefined>(name);
  const { errors, touched, submitCount } = useFormikContext<Record<string, unknown>>();
  const error: unknown = getIn(errors, name);
  const shownError =
    typeof error === 'string' && (getIn(touched, name) || submitCount > 0) ? error : undefined;
  return (
    <SingleSelect
      {...rest}
      value={field.value || null}
      error={shownError}
      onChange={(value, option) => {
        void helpers.setTouched(true, false);
        void helpers.setValue(value ?? '');
        onValueChange?.(value ?? '', option);
      }}
    />
  );
}
