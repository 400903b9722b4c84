import { useField } from 'formik';
import { type CustomFieldDefinition } from '@crm-panel/crm-model';
import { FormikDateField, FormikTextField, MultiSelect } from '@crm-panel/ui';
import { FormikSingleSelect } from './FormikSingleSelect';

export interface CustomFieldInputProps {
  definition: CustomFieldDefinition;
}

function MultipleChoiceField({ definition }: CustomFieldInputProps) {
  const [field, , helpers] = useField<string[] | undefined>(`customFields.${definition.slug}`);
  return (
    <MultiSelect
      label={definition.name}
      options={(definition.options ?? []).map((option) => ({ value: option, label: option }))}
      value={field.value ?? []}
      onChange={(values) => void helpers.setValue(values)}
    />
  );
}

/** One of the deal's custom fields, by its type: text, date, option or multiple choice. */
export function CustomFieldInput({ definition }: CustomFieldInputProps) {
  const name = `customFields.${definition.slug}`;
  switch (definition.type) {
    case 'date':
      return <FormikDateField name={name} label={definition.name} />;
    case 'option':
      return (
        <FormikSingleSelect
          name={name}
          label={definition.name}
          options={(definition.options ?? []).map((option) => ({ value: option, label: option }))}
          allowRemove
        />
      );
    case 'multiple_choice':
      return <MultipleChoiceField definition={definition} />;
    default:
      return <FormikTextField name={name} label={definition.name} />;
  }
}
