import { Form } from 'formik';
import { type ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { formLayout } from '@ui/form-kit/FormLayout';

const StyledForm = styled(Form)`
  ${formLayout}
`;

export type FormikFormLayoutProps = Omit<ComponentPropsWithoutRef<typeof Form>, 'ref'>;

/** Formik's `<Form>` (its submit and reset) laid out as the kit's column. */
export function FormikFormLayout(props: FormikFormLayoutProps) {
  return <StyledForm noValidate {...props} />;
}
