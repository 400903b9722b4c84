import { useField } from 'formik';
import { type DropdownOption, MESSAGES } from '@crm-panel/crm-model';
import { MultiSelect } from '@crm-panel/ui';
import { useFieldError } from '../hooks/useFieldError';
import { TASK_FIELD_IDS } from '../model/taskFormSchema';

export interface OwnersFieldProps {
  options: DropdownOption[];
  disabled?: boolean;
}

/** 'Responsáveis': the CRM users (name, email as subtitle) as a searchable multi-select. */
export function OwnersField({ options, disabled }: OwnersFieldProps) {
  const [field, , helpers] = useField<string[]>('ownerIds');
  const error = useFieldError('ownerIds');
  return (
    <MultiSelect
      id={TASK_FIELD_IDS.ownerIds}
      label="Responsáveis"
      required
      searchable
      options={options}
      value={field.value}
      onChange={(values) => {
        void helpers.setTouched(true, false);
        void helpers.setValue(values);
      }}
      emptyText={MESSAGES.tasks.noUsers}
      error={error}
      disabled={disabled}
    />
  );
}
