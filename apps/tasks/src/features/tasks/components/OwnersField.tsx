import { type DropdownOption, MESSAGES } from '@crm-panel/crm-model';
import { FormikMultiSelect } from '@crm-panel/ui/form-kit';
import { TASK_FIELD_IDS } from '../model/taskFormSchema';

export interface OwnersFieldProps {
  options: DropdownOption[];
  disabled?: boolean;
}

/** 'Responsáveis': the CRM users (name, email as subtitle) as a searchable multi-select. */
export function OwnersField({ options, disabled }: OwnersFieldProps) {
  return (
    <FormikMultiSelect
      name="ownerIds"
      id={TASK_FIELD_IDS.ownerIds}
      label="Responsáveis"
      required
      searchable
      options={options}
      emptyText={MESSAGES.tasks.noUsers}
      disabled={disabled}
    />
  );
}
