// The form kit: the frame, layout and Formik-bound fields of every modal form. A separate entry
// (`@crm-panel/ui/form-kit`) so Formik and the form pieces load only with the pages that use them.
import '@ui/theme/styled';

export { ModalPage, type ModalPageProps, type ModalPageWidth } from './ModalPage';
export {
  FormLayout,
  type FormLayoutProps,
  FormRow,
  type FormRowProps,
  type FormRowColumn,
  FormActions,
  type FormActionsProps,
  FormSection,
  type FormSectionProps,
  FormWide,
  type FormWideProps,
} from './FormLayout';
export { FormikFormLayout, type FormikFormLayoutProps } from '@ui/formik/FormikFormLayout';
export { FormikFormActions, type FormikFormActionsProps } from '@ui/formik/FormikFormActions';
export { FormikTextField, type FormikTextFieldProps } from '@ui/formik/FormikTextField';
export { FormikTextArea, type FormikTextAreaProps } from '@ui/formik/FormikTextArea';
export { FormikSelect, type FormikSelectProps } from '@ui/formik/FormikSelect';
export { FormikCheckbox, type FormikCheckboxProps } from '@ui/formik/FormikCheckbox';
export { FormikDateField, type FormikDateFieldProps } from '@ui/formik/FormikDateField';
// The plain date field lives here with its Formik one, not in `@crm-panel/ui/fields`: it reads
// dates with @crm-panel/format, which the pages that load only `fields` (the terms page, for its
// checkboxes) would otherwise download whole (~7 KB gz).
export { DateField, type DateFieldProps, isDateFieldDay } from '@ui/forms/DateField';
export { FormikSingleSelect, type FormikSingleSelectProps } from '@ui/formik/FormikSingleSelect';
export { FormikMultiSelect, type FormikMultiSelectProps } from '@ui/formik/FormikMultiSelect';
export { useFormikFieldError } from '@ui/formik/useFormikFieldError';
export { useFormLoadGate } from './useFormLoadGate';
