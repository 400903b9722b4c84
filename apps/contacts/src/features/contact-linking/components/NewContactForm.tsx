import { Form, Formik } from 'formik';
import { useState } from 'react';
import styled from 'styled-components';
import { getErrorMessage } from '@crm-panel/api-client';
import { type HostContact, MESSAGES } from '@crm-panel/crm-model';
import { Button, FormErrorBanner, FormikTextField } from '@crm-panel/ui';
import { useCreateLinkedContact } from '../hooks/useCreateLinkedContact';
import { type LinkedHandler } from '../linking';
import { newContactInitialValues, newContactSchema, type NewContactValues } from '../newContact';

const StyledForm = styled(Form)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding-top: ${({ theme }) => theme.space[4]};
`;

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export interface NewContactFormProps {
  hostContact: HostContact;
  onLinked: LinkedHandler;
}

/** Create mode: a new CRM contact from the chat's contact, linked to it in the same call. */
export function NewContactForm({ hostContact, onLinked }: NewContactFormProps) {
  const create = useCreateLinkedContact(hostContact.id, onLinked);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: NewContactValues) => {
    setError(null);
    try {
      await create.mutateAsync(values);
    } catch (failure) {
      // Formik keeps every value: the attendant fixes what is needed and sends again.
      setError(getErrorMessage(failure, MESSAGES.contacts.createError));
    }
  };

  return (
    <Formik<NewContactValues>
      initialValues={newContactInitialValues(hostContact)}
      validationSchema={newContactSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <StyledForm noValidate aria-label="Novo contato">
          <FormErrorBanner message={error} onClose={() => setError(null)} />
          <FormikTextField name="name" label="Nome" required autoComplete="off" />
          <StyledGrid>
            <FormikTextField name="email" label="E-mail" type="email" autoComplete="off" />
            <FormikTextField name="phone" label="Telefone" type="tel" autoComplete="off" />
          </StyledGrid>
          <FormikTextField name="jobTitle" label="Cargo" autoComplete="off" />
          <StyledActions>
            <Button type="submit" icon="plus" loading={isSubmitting}>
              Criar e vincular contato
            </Button>
          </StyledActions>
        </StyledForm>
      )}
    </Formik>
  );
}
