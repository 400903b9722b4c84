import { Form, useFormikContext } from 'formik';
import { type ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { formLayout } from '@ui/form-kit/FormLayout';
import { useReportDirty } from '@ui/form-kit/modalPageDirty';

const StyledForm = styled(Form)`
  ${formLayout}
`;

export type FormikFormLayoutProps = Omit<ComponentPropsWithoutRef<typeof Form>, 'ref'>;

/**
 * Formik's `<Form>` (its submit and reset) laid out as the kit's column. Whether anything was typed
 * (Formik's `dirty`) goes to the enclosing ModalPage, which asks before Escape discards it.
 */
export function FormikFormLayout(props: FormikFormLayoutProps) {
  useReportDirty(useFormikContext().dirty);
  return <StyledForm noValidate {...props} />;
}
