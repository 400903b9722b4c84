import { type DropdownOption, MESSAGES, TASK_TYPE_LABELS, TASK_TYPES } from '@crm-panel/crm-model';
import {
  FormikFormActions,
  FormikDateField,
  FormikFormLayout,
  FormikSelect,
  FormikTextArea,
  FormikTextField,
  FormRow,
} from '@crm-panel/ui/form-kit';
import { useFocusFirstInvalidField } from '../hooks/useFocusFirstInvalidField';
import { TASK_FIELD_IDS } from '../model/taskFormSchema';
import { OwnersField } from './OwnersField';

export interface TaskFormFieldsProps {
  ownerOptions: DropdownOption[];
  submitLabel: string;
  /** Without the deal id (create) or the task id (edit) nothing can be saved. */
  submitDisabled: boolean;
  /** Saved: the form stays visible but inert while the host closes it. */
  locked: boolean;
  onCancel: () => void;
  isSubmitting: boolean;
}

const TYPE_OPTIONS = TASK_TYPES.map((type) => ({ value: type, label: TASK_TYPE_LABELS[type] }));

/** Título, Descrição, Tipo, Data de Vencimento, Responsáveis; Cancelar and submit. */
export function TaskFormFields({
  ownerOptions,
  submitLabel,
  submitDisabled,
  locked,
  onCancel,
  isSubmitting,
}: TaskFormFieldsProps) {
  useFocusFirstInvalidField();
  const inert = locked || isSubmitting;
  return (
    <FormikFormLayout aria-label={submitLabel}>
      <FormikTextField
        id={TASK_FIELD_IDS.name}
        name="name"
        label="Título"
        required
        autoComplete="off"
        readOnly={inert}
      />
      <FormikTextArea
        id={TASK_FIELD_IDS.description}
        name="description"
        label="Descrição"
        required
        rows={4}
        readOnly={inert}
      />
      <FormRow>
        <FormikSelect
          id={TASK_FIELD_IDS.type}
          name="type"
          label="Tipo"
          required
          placeholder={MESSAGES.dropdown.placeholder}
          options={TYPE_OPTIONS}
          disabled={inert}
        />
        <FormikDateField
          id={TASK_FIELD_IDS.dueDate}
          name="dueDate"
          label="Data de Vencimento"
          required
          readOnly={inert}
        />
      </FormRow>
      <OwnersField options={ownerOptions} disabled={inert} />
      <FormikFormActions
        submitLabel={submitLabel}
        submitDisabled={submitDisabled}
        onCancel={onCancel}
        done={locked}
      />
    </FormikFormLayout>
  );
}
