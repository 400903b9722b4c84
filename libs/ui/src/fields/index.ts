// The plain fields only forms and modal pages use: a separate entry (`@crm-panel/ui/fields`) so the
// main panel, which shows none of them, does not download them with `@crm-panel/ui` (a shared
// module is downloaded whole). The form kit's Formik-bound fields wrap the same components.
import '@ui/theme/styled';

export { TextArea, type TextAreaProps } from '@ui/forms/TextArea';
export { Select, type SelectProps, type SelectOption } from '@ui/forms/Select';
export { Checkbox, type CheckboxProps } from '@ui/forms/Checkbox';
export { MultiSelect, type MultiSelectProps } from '@ui/dropdowns/MultiSelect';
