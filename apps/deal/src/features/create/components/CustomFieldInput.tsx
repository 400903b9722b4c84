import { type CustomFieldDefinition } from '@crm-panel/crm-model';
import {
  FormikDateField,
  FormikMultiSelect,
  FormikSingleSelect,
  FormikTextField,
  FormWide,
} from '@crm-panel/ui/form-kit';

export interface CustomFieldInputProps {
  definition: CustomFieldDefinition;
}

const optionsOf = (definition: CustomFieldDefinition) =>
  (definition.options ?? []).map((option) => ({ value: option, label: option }));

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
          options={optionsOf(definition)}
          allowRemove
        />
      );
    case 'multiple_choice':
      // The whole row: its chips need the room, and in a column of the wide form its placeholder
      // ('Selecione uma ou mais opções') was cut.
      return (
        <FormWide>
          <FormikMultiSelect name={name} label={definition.name} options={optionsOf(definition)} />
        </FormWide>
      );
    default:
      return <FormikTextField name={name} label={definition.name} />;
  }
}
